import type { ServiceContext } from '../context.js';
import type { PageParams } from '../params.js';
import { ORIGIN, externalUrlsOf, uriOf } from '../store/documents.js';
import type { Playlist, PlaylistEntry } from '../store/playlists.js';
import { withOrigin } from './catalog.js';
import { pagingJson } from './paging.js';

export interface ItemsRequest {
  market: string | null;
  userId: string | null;
  origin: string;
  /** `tracks` or `items`: the path the client used, which the paging links repeat. */
  path: string;
  query: [string, string | undefined][];
}

/** One playlist item: the entry's metadata and its track or episode (decisions §4: never left out). */
function itemJson(context: ServiceContext, entry: PlaylistEntry, request: ItemsRequest): string {
  const { catalog, render } = context;
  let item = 'null';
  if (entry.type === 'track') {
    const track = catalog.track(entry.itemId);
    if (track) item = render.track(track, request.market, request.origin);
  } else {
    const episode = catalog.episode(entry.itemId);
    if (episode) item = render.episode(episode, request.market, request.userId, request.origin);
  }
  const addedBy = render.user(entry.addedBy, request.origin, false);
  // The reference renamed `track` to `item` with the /items path and keeps `track` as deprecated: send both
  // there so clients of either generation find it; /tracks keeps the old shape (and half the bytes).
  const renamed = request.path === 'items' ? `"item":${item},` : '';
  return `{"added_at":${JSON.stringify(entry.addedAt)},"added_by":${addedBy},"is_local":false,${renamed}"track":${item}}`;
}

/** A page of a playlist's items as a paging object. */
export function playlistItemsPage(context: ServiceContext, playlist: Playlist, page: PageParams, request: ItemsRequest): string {
  const end = Math.min(playlist.order.length, page.offset + page.limit);
  const items: string[] = [];
  for (let index = page.offset; index < end; index++) {
    items.push(itemJson(context, playlist.entries.get(playlist.order[index]!)!, request));
  }
  const url = `${request.origin}/v1/playlists/${playlist.id}/${request.path}`;
  return pagingJson({ url, query: request.query, total: playlist.order.length }, page, items);
}

/** The playlist object's own fields (without its items), shared by the full and simplified forms. */
function playlistFields(context: ServiceContext, playlist: Playlist, origin: string): string {
  const fields = JSON.stringify({
    collaborative: playlist.collaborative,
    description: playlist.description,
    external_urls: externalUrlsOf('playlist', playlist.id),
    href: `${ORIGIN}/v1/playlists/${playlist.id}`,
    id: playlist.id,
    images: JSON.parse(playlist.imagesJson),
    name: playlist.name,
    public: playlist.isPublic,
    snapshot_id: playlist.snapshotId,
    type: 'playlist',
    uri: uriOf('playlist', playlist.id),
  });
  return `${withOrigin(fields, origin).slice(0, -1)},"owner":${context.render.user(playlist.ownerId, origin, true)}`;
}

/** A simplified playlist (GET /me/playlists): items as a reference `{href, total}`. */
export function simplifiedPlaylistJson(context: ServiceContext, playlist: Playlist, origin: string): string {
  const reference = `{"href":"${origin}/v1/playlists/${playlist.id}/tracks","total":${playlist.order.length}}`;
  return `${playlistFields(context, playlist, origin)},"tracks":${reference}}`;
}

/** The full playlist (GET /playlists/{id}) with the first page of its items. */
export function playlistJson(context: ServiceContext, playlist: Playlist, request: ItemsRequest): string {
  const items = playlistItemsPage(context, playlist, { offset: 0, limit: 100 }, { ...request, path: 'tracks', query: [] });
  return `${playlistFields(context, playlist, request.origin)},"followers":{"href":null,"total":0},"tracks":${items}}`;
}
