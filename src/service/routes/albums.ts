import type { ServiceContext } from '../context.js';
import { notFound } from '../errors.js';
import { albumTracks, fullAlbum } from '../render/albums.js';
import type { AlbumRow } from '../store/discography.js';
import { objectRoute, pagedRoute, type View } from './rendered.js';

/** An album is answered in any market: its tracks say where they play (decisions §4), as a playlist's do. */
function albumOf(context: ServiceContext, view: View): AlbumRow {
  const album = context.catalog.discography.album(view.id);
  if (!album) throw notFound();
  return album;
}

/** Get Album, with the first 50 of its tracks. */
export const album = objectRoute({
  covers: [],
  find: albumOf,
  render: (context, view, found) => fullAlbum(context, found, view, view.query.market),
});

/** Get Album Tracks, disc by disc. */
export const albumTracksPage = pagedRoute({
  maxLimit: 50,
  covers: [],
  find: albumOf,
  list: (context, view, found) => albumTracks(context, found, view),
});
