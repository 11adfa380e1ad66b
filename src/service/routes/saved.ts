import type { ServiceContext } from '../context.js';
import { badRequest } from '../errors.js';
import { integerParam, idParam, type Query } from '../params.js';
import { fullAlbum } from '../render/albums.js';
import type { PagedList } from '../render/paging.js';
import { foldText } from '../search-text.js';
import type { SavedItem } from '../store/library.js';
import { objectRoute, pagedRoute, type PagedView } from './rendered.js';

/**
 * Liked songs, saved albums and followed artists. Liked songs and saved albums are read a page at a time
 * (a collection of 10,000 songs is never loaded whole), newest first, every one listed: a track the market
 * does not sell is marked unplayable, as in a playlist (decisions §4).
 */

/** The user's items of a kind, newest first, a page read at a time. */
function savedList(context: ServiceContext, view: PagedView, type: 'track' | 'album', render: (item: SavedItem) => string): PagedList {
  const userId = view.userId!;
  return { total: context.library.count(userId, type), items: (page) => context.library.page(userId, type, page).map(render) };
}

const savedJson = (item: SavedItem, key: string, json: string) => `{"added_at":${JSON.stringify(item.addedAt)},"${key}":${json}}`;

/** Get User's Saved Tracks. */
export const savedTracks = pagedRoute({
  maxLimit: 50,
  covers: ['library'],
  list: (context, view) =>
    savedList(context, view, 'track', (item) => {
      const track = context.catalog.track(item.id);
      return savedJson(item, 'track', track ? context.render.track(track, view.market, view.origin) : 'null');
    }),
});

/** Get User's Saved Albums, each the full album with its first tracks. */
export const savedAlbums = pagedRoute({
  maxLimit: 50,
  covers: ['library'],
  list: (context, view) =>
    savedList(context, view, 'album', (item) => {
      const album = context.catalog.discography.album(item.id);
      return savedJson(item, 'album', album ? fullAlbum(context, album, view, view.query.market) : 'null');
    }),
});

/** `limit` of a list paged by cursor: 1 to 50, 20 by default. */
export function cursorPage(query: Query): { limit: number; offset: number } {
  return { limit: integerParam(query, 'limit', { min: 1, max: 50, default: 20 }), offset: 0 };
}

/**
 * Get Followed Artists: by name (accents and case folded), paged by cursor, `after` the last artist of the
 * page before (decisions §5).
 */
export const followedArtists = objectRoute({
  covers: ['library'],
  page: cursorPage,
  render: (context, view) => {
    if (view.query.type !== 'artist') throw badRequest(view.query.type === undefined ? 'Missing required parameter: type' : 'Invalid type: only artist is supported');
    const { discography } = context.catalog;
    const keyOf = (name: string, id: string) => `${foldText(name)}\u0000${id}`;
    const artists = context.library
      .all(view.userId!, 'artist')
      .flatMap((item) => {
        const row = discography.artist(item.id);
        return row ? [{ row, key: keyOf(row.name, row.id) }] : [];
      })
      .sort((one, other) => (one.key < other.key ? -1 : one.key > other.key ? 1 : 0));
    let start = 0;
    if (view.query.after !== undefined) {
      const after = discography.artist(idParam(view.query.after));
      if (!after) throw badRequest('Invalid after: no such artist');
      const key = keyOf(after.name, after.id);
      start = artists.findIndex((artist) => artist.key > key);
      if (start < 0) start = artists.length;
    }
    const { limit } = view.page;
    const page = artists.slice(start, start + limit);
    const last = page.at(-1)?.row.id ?? null;
    const url = (after: string | null) => JSON.stringify(`${view.origin}/v1/me/following?type=artist&limit=${limit}${after ? `&after=${after}` : ''}`);
    const hasMore = start + limit < artists.length;
    return (
      `{"artists":{"href":${url(view.query.after ?? null)},"limit":${limit},"next":${hasMore ? url(last) : 'null'},` +
      `"cursors":{"after":${hasMore ? JSON.stringify(last) : 'null'}},"total":${artists.length},` +
      `"items":[${page.map((artist) => context.render.artist(artist.row, view.origin)).join(',')}]}}`
    );
  },
});

