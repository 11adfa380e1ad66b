import type { ServiceContext } from '../context.js';
import { ORIGIN, externalUrlsOf, uriOf } from '../store/documents.js';
import type { Playlist, PlaylistEntry } from '../store/playlists.js';
import { withOrigin } from './catalog.js';
import { listPageJson, type PagedList } from './paging.js';
import type { Viewer } from './viewer.js';
import { localTrackJson } from './local-track.js';

/** One playlist item: the entry's metadata and its track or episode (decisions §4: never left out). */
function itemJson(context: ServiceContext, entry: PlaylistEntry, viewer: Viewer, renamed: boolean): string {
  const { catalog, render } = context;
  let item = 'null';
  if (entry.type === 'local') item = localTrackJson(entry.itemId, context.playlistFiles?.unavailableReason(entry.itemId) ?? 'missing');
  else if (entry.type === 'track') {
    const track = catalog.track(entry.itemId);
    if (track) item = render.track(track, viewer.market, viewer.origin);
  } else {
    const episode = catalog.episode(entry.itemId);
    if (episode) item = render.episode(episode, viewer.market, viewer.userId, viewer.origin);
  }
  const addedBy = render.user(entry.addedBy, viewer.origin, false);
  // The reference renamed `track` to `item` with the /items path and keeps `track` as deprecated: send both
  // there so clients of either generation find it; /tracks keeps the old shape (and half the bytes).
  const both = renamed ? `"item":${item},` : '';
  return `{"added_at":${JSON.stringify(entry.addedAt)},"added_by":${addedBy},"is_local":${entry.type === 'local'},${both}"track":${item}}`;
}

/** A playlist's items in its order; `renamed`: each carries `item` beside `track`, as the /items path sends them. */
export function playlistItems(context: ServiceContext, playlist: Playlist, viewer: Viewer, renamed: boolean): PagedList {
  return {
    total: playlist.order.length,
    items(page) {
      const end = Math.min(playlist.order.length, page.offset + page.limit);
      const items: string[] = [];
      for (let index = page.offset; index < end; index++) {
        items.push(itemJson(context, playlist.entries.get(playlist.order[index]!)!, viewer, renamed));
      }
      return items;
    },
  };
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

/** The full playlist (GET /playlists/{id}) with the first page of its items, at their /tracks address. */
export function playlistJson(context: ServiceContext, playlist: Playlist, viewer: Viewer): string {
  const url = `${viewer.origin}/v1/playlists/${playlist.id}/tracks`;
  const items = listPageJson(playlistItems(context, playlist, viewer, false), url, { offset: 0, limit: 100 });
  return `${playlistFields(context, playlist, viewer.origin)},"followers":{"href":null,"total":0},"tracks":${items}}`;
}
