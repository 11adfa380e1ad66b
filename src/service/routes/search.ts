import type { ServiceContext } from '../context.js';
import { badRequest } from '../errors.js';
import { integerParam, type PageParams, type Query } from '../params.js';
import { pagingJson } from '../render/paging.js';
import { simplifiedPlaylistJson } from '../render/playlists.js';
import { searchPlaylists } from '../search-playlists.js';
import { searchWords } from '../search-text.js';
import { MAX_RESULTS } from '../store/search.js';
import type { IndexedType } from '../store/search-index.js';
import { objectRoute, type PagedView } from './rendered.js';

/** The kinds search answers, in the order its body lists them. */
const TYPES = ['track', 'album', 'artist', 'playlist', 'show', 'episode', 'audiobook'] as const;
type SearchType = (typeof TYPES)[number];

/**
 * `limit` and `offset`: 1 to 50 results of each kind (20 by default), and as the real service answers a
 * development-mode app, at most 10 (5 by default; above, `400 Invalid limit`); `offset` up to 1,000.
 */
function searchPage(query: Query, context: ServiceContext): PageParams {
  const offset = integerParam(query, 'offset', { min: 0, max: MAX_RESULTS, default: 0 });
  if (!context.devMode) return { limit: integerParam(query, 'limit', { min: 1, max: 50, default: 20 }), offset };
  const limit = integerParam(query, 'limit', { min: 1, max: 50, default: 5 });
  if (limit > 10) throw badRequest('Invalid limit');
  return { limit, offset };
}

/**
 * What one query may cost: its text is folded and every word is matched in each kind's index and against every
 * playlist, so 16 kB of one-letter words cost over a second of the service's CPU. A name typed or pasted is
 * far shorter than either bound.
 */
export const MAX_QUERY_CHARACTERS = 500;
export const MAX_QUERY_WORDS = 32;

/** The words of `q`, within the bounds of one query (else 400 saying which). */
function queryWords(q: string): string[] {
  if (q.length > MAX_QUERY_CHARACTERS) throw badRequest(`Invalid q: at most ${MAX_QUERY_CHARACTERS} characters`);
  const words = searchWords(q);
  if (words.length > MAX_QUERY_WORDS) throw badRequest(`Invalid q: at most ${MAX_QUERY_WORDS} words`);
  return words;
}

function typesOf(raw: string | undefined): SearchType[] {
  if (raw === undefined) throw badRequest('Missing required parameter: type');
  const asked = new Set(raw.split(','));
  if (![...asked].every((type) => (TYPES as readonly string[]).includes(type))) {
    throw badRequest('Invalid type: values are track, album, artist, playlist, show, episode and audiobook');
  }
  return TYPES.filter((type) => asked.has(type));
}

/** Each indexed kind's result as search lists it (tracks and artists full; albums, shows, episodes, audiobooks simplified). */
const RESULT: Record<IndexedType, (context: ServiceContext, view: PagedView, id: string) => string | null> = {
  track: ({ catalog, render }, view, id) => {
    const row = catalog.track(id);
    return row && render.track(row, view.market, view.origin);
  },
  album: ({ catalog, render }, view, id) => {
    const row = catalog.discography.album(id);
    return row && render.album(row, view.origin);
  },
  artist: ({ catalog, render }, view, id) => {
    const row = catalog.discography.artist(id);
    return row && render.artist(row, view.origin);
  },
  show: ({ catalog, render }, view, id) => {
    const row = catalog.show(id);
    return row && render.show(row, view.origin);
  },
  episode: ({ catalog, render }, view, id) => {
    const row = catalog.episode(id);
    return row && render.simplifiedEpisode(row, view.market, view.userId, view.origin);
  },
  audiobook: ({ catalog, render }, view, id) => {
    const row = catalog.audiobook(id);
    return row && render.audiobook(row, view.origin);
  },
};

/** One kind's page: the ids the index found, rendered. */
function catalogPage(context: ServiceContext, view: PagedView, type: IndexedType, words: readonly string[]): { total: number; items: string[] } {
  const userId = view.userId;
  const saved = (id: string) => userId !== null && context.library.contains(userId, type, id);
  const found = context.search.search(type, words, view.market, view.page, saved);
  return { total: found.total, items: found.ids.flatMap((id) => RESULT[type](context, view, id) ?? []) };
}

/** Public playlists and the user's own and followed ones. */
function playlistPage(context: ServiceContext, view: PagedView, words: readonly string[]): { total: number; items: string[] } {
  const listed = new Set(view.userId ? context.playlists.listedBy(view.userId) : []);
  const visible = context.search.playlistIds().flatMap((id) => {
    const playlist = context.playlists.get(id);
    return playlist && (playlist.isPublic || listed.has(id)) ? [playlist] : [];
  });
  const found = searchPlaylists(visible, words, listed, (ownerId) => context.catalog.user(ownerId)?.display_name ?? '').slice(0, MAX_RESULTS);
  const { offset, limit } = view.page;
  return { total: found.length, items: found.slice(offset, offset + limit).map((playlist) => simplifiedPlaylistJson(context, playlist, view.origin)) };
}

/**
 * Search for Item (docs/api/search.md): one page of each kind asked for, ranked as store/search.ts says,
 * what the effective market does not sell left out (decisions §14). `include_external` changes nothing.
 */
export const search = objectRoute({
  covers: ['library', 'playlists'],
  page: searchPage,
  render: (context, view) => {
    const q = view.query.q;
    if (q === undefined) throw badRequest('Missing required parameter: q');
    const words = queryWords(q);
    const types = typesOf(view.query.type);
    const pages = types.map((type) => {
      const page = type === 'playlist' ? playlistPage(context, view, words) : catalogPage(context, view, type, words);
      const source = { url: `${view.origin}/v1/search`, query: [['q', q], ['type', type], ['market', view.query.market]] as [string, string | undefined][], total: page.total };
      return `"${type}s":${pagingJson(source, view.page, page.items)}`;
    });
    return `{${pages.join(',')}}`;
  },
});

