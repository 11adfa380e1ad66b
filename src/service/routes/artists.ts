import type { ServiceContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { isAvailableIn, trackAvailability } from '../markets.js';
import { discographyAlbum } from '../render/albums.js';
import { listOf } from '../render/paging.js';
import { ALBUM_GROUPS, type AlbumGroup, type ArtistRow } from '../store/discography.js';
import { objectRoute, pagedRoute, type View } from './rendered.js';

/** How many tracks Get Artist's Top Tracks answers, and artists Get Related Artists. */
const TOP_TRACKS = 10;
const RELATED_ARTISTS = 20;

function artistOf(context: ServiceContext, view: View): ArtistRow {
  const artist = context.catalog.discography.artist(view.id);
  if (!artist) throw notFound();
  return artist;
}

function groupsOf(raw: string | undefined): ReadonlySet<AlbumGroup> {
  if (raw === undefined) return new Set(ALBUM_GROUPS);
  const groups = raw.split(',');
  if (!groups.every((group): group is AlbumGroup => (ALBUM_GROUPS as readonly string[]).includes(group))) {
    throw badRequest('Invalid include_groups: values are album, single, appears_on and compilation');
  }
  return new Set(groups);
}

/** Get Artist. */
export const artist = objectRoute({
  covers: [],
  find: artistOf,
  render: (context, view, found) => context.render.artist(found, view.origin),
});

/**
 * Get Artist's Albums: albums, singles, compilations, then the albums the artist appears on, newest first in
 * each group; those the effective market does not sell are left out (decisions §14).
 */
export const artistAlbums = pagedRoute({
  maxLimit: 50,
  covers: [],
  find: artistOf,
  list: (context, view, found) => {
    const { discography } = context.catalog;
    const albums = discography.artistAlbums(found.id, groupsOf(view.query.include_groups)).flatMap((entry) => {
      const album = discography.album(entry.albumId);
      return album && isAvailableIn(album.markets, view.market) ? [{ album, group: entry.group }] : [];
    });
    return listOf(albums, (entry) => discographyAlbum(context, entry.album, entry.group, view.origin));
  },
});

/** Get Artist's Top Tracks: the ten most popular the market plays (a removed route for development-mode apps). */
export const topTracks = objectRoute({
  covers: [],
  find: artistOf,
  render: ({ catalog, render }, view, found) => {
    const playable = catalog.discography.artistTracks(found.id).flatMap((columns) => {
      const track = catalog.track(columns.id);
      const copy = track?.relinkedTo ? catalog.track(track.relinkedTo) : null;
      return track && trackAvailability(track.markets, copy ? copy.markets : null, view.market) !== 'unplayable' ? [track] : [];
    });
    return `{"tracks":[${playable.slice(0, TOP_TRACKS).map((track) => render.track(track, view.market, view.origin)).join(',')}]}`;
  },
});

/** Get Artist's Related Artists: those sharing a genre, most popular first (a removed route for development-mode apps). */
export const relatedArtists = objectRoute({
  covers: [],
  find: artistOf,
  render: ({ catalog, search, render }, view, found) => {
    const genres = (JSON.parse(found.doc) as { genres: string[] }).genres;
    const related = search.byGenres(genres, RELATED_ARTISTS + 1).filter((id) => id !== found.id).slice(0, RELATED_ARTISTS);
    const rows = related.flatMap((id) => {
      const row = catalog.discography.artist(id);
      return row ? [render.artist(row, view.origin)] : [];
    });
    return `{"artists":[${rows.join(',')}]}`;
  },
});
