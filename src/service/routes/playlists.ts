import type { ServiceContext } from '../context.js';
import { notFound } from '../errors.js';
import { playlistItems, playlistJson, simplifiedPlaylistJson } from '../render/playlists.js';
import { listOf } from '../render/paging.js';
import type { Playlist } from '../store/playlists.js';
import { objectRoute, pagedRoute, type View } from './rendered.js';

function playlistOf(context: ServiceContext, view: View): Playlist {
  const found = context.playlists.get(view.id);
  if (!found) throw notFound();
  return found;
}

/** Get Playlist Items at `/tracks`, or at `/items` (`renamed`: each item also as `item`); episodes carry resume points. */
export function playlistItemsRoute(renamed: boolean) {
  return pagedRoute({
    maxLimit: 100,
    covers: ['playlists', 'resume'],
    find: playlistOf,
    list: (context, view, found) => playlistItems(context, found, view, renamed),
  });
}

/** Get Playlist, with the first 100 items. */
export const playlist = objectRoute({
  covers: ['playlists', 'resume'],
  find: playlistOf,
  render: (context, view, found) => playlistJson(context, found, view),
});

/** Get Current User's Playlists: own ones first, then followed ones. */
export const myPlaylists = pagedRoute({
  maxLimit: 50,
  covers: ['playlists'],
  list: (context, view) => listOf(context.playlists.listedBy(view.userId!), (id) => simplifiedPlaylistJson(context, context.playlists.get(id)!, view.origin)),
});
