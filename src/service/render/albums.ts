import type { ServiceContext } from '../context.js';
import type { AlbumGroup, AlbumRow } from '../store/discography.js';
import { appendFields } from './catalog.js';
import { listOf, listPageJson, type PagedList } from './paging.js';
import type { Viewer } from './viewer.js';

/** How many tracks a full album carries inside itself: its first page's. */
const FIRST_PAGE = { limit: 50, offset: 0 };

/** The album's tracks, disc by disc, as an album lists them (each judged in the viewer's market). */
export function albumTracks(context: ServiceContext, album: AlbumRow, viewer: Viewer): PagedList {
  return listOf(context.catalog.discography.albumTrackIds(album.id), (trackId) => {
    const track = context.catalog.track(trackId);
    return track ? context.render.simplifiedTrack(track, viewer.market, viewer.origin) : 'null';
  });
}

/** The full album: the simplified one, its details, and the first page of its tracks (whose links carry `market`). */
export function fullAlbum(context: ServiceContext, album: AlbumRow, viewer: Viewer, market: string | undefined): string {
  const url = `${viewer.origin}/v1/albums/${album.id}/tracks`;
  const tracks = listPageJson(albumTracks(context, album, viewer), url, FIRST_PAGE, [['market', market]]);
  return appendFields(context.render.album(album, viewer.origin), `${album.details},"tracks":${tracks}`);
}

/** An album as an artist's page lists it: simplified, with how the artist is on it. */
export function discographyAlbum(context: ServiceContext, album: AlbumRow, group: AlbumGroup, origin: string): string {
  return appendFields(context.render.album(album, origin), `"album_group":"${group}"`);
}
