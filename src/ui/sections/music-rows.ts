/** Rows of liked songs, albums, their tracks and artists, memoised per item as every list's are (library-rows.ts). Pure. */
import type { Album, Track } from '../../api/types.js';
import type { Artist, SavedAlbum, SavedTrack } from '../../api/library-types.js';
import { formatCount, formatDuration, formatRelativeDate } from '../format.js';
import { sanitizeText } from '../sanitize.js';
import { joinNames, memoMatchText, memoRow, withoutStandIns, withStandIns } from './library-rows.js';
import { layoutRow } from '../row-layout.js';

const year = (album: Album): string => sanitizeText(album.release_date.slice(0, 4));

/** A liked song: title, artists, album, length, and when it was liked. */
export const savedTrackRow = withStandIns(memoRow<SavedTrack>(({ track, added_at }, width) =>
  layoutRow(
    [
      { text: sanitizeText(track.name), grow: 3 },
      { text: joinNames(track.artists), grow: 2 },
      { text: sanitizeText(track.album.name), grow: 2, isOptional: true },
      { text: formatDuration(track.duration_ms), width: 7, align: 'right' },
      { text: formatRelativeDate(added_at, Date.now()), width: 12, align: 'right', isOptional: true },
    ],
    width,
  ),
));
export const savedTrackMatch = withoutStandIns(memoMatchText<SavedTrack>(({ track }) => [
  track.name,
  ...track.artists.map((artist) => artist.name),
  track.album.name,
]));

/** A track of an album: its number, title, artists, length. */
export const albumTrackRow = withStandIns(memoRow<Track>((track, width) =>
  layoutRow(
    [
      { text: String(track.track_number), width: 3, align: 'right' },
      { text: sanitizeText(track.name), grow: 3 },
      { text: joinNames(track.artists), grow: 2, isOptional: true },
      { text: formatDuration(track.duration_ms), width: 7, align: 'right' },
    ],
    width,
  ),
));
export const trackMatch = withoutStandIns(memoMatchText<Track>((track) => [track.name, ...track.artists.map((artist) => artist.name)]));

/** A track found by search: title, artists, album, length. */
export const trackRow = memoRow<Track>((track, width) =>
  layoutRow(
    [
      { text: sanitizeText(track.name), grow: 3 },
      { text: joinNames(track.artists), grow: 2 },
      { text: sanitizeText(track.album.name), grow: 2, isOptional: true },
      { text: formatDuration(track.duration_ms), width: 7, align: 'right' },
    ],
    width,
  ),
);

/** An album: name, artists, year, tracks. */
export const albumRow = memoRow<Album>((album, width) =>
  layoutRow(
    [
      { text: sanitizeText(album.name), grow: 2 },
      { text: joinNames(album.artists), grow: 1, isOptional: true },
      { text: year(album), width: 4 },
      { text: `${formatCount(album.total_tracks)} tr`, width: 6, align: 'right' },
    ],
    width,
  ),
);
export const albumMatch = memoMatchText<Album>((album) => [album.name, ...album.artists.map((artist) => artist.name)]);

export const savedAlbumRow = withStandIns(memoRow<SavedAlbum>(({ album }, width) => albumRow(album, width)));
export const savedAlbumMatch = withoutStandIns(memoMatchText<SavedAlbum>(({ album }) => [album.name, ...album.artists.map((artist) => artist.name)]));

/** One of an artist's releases: year, name, kind (album, single, compilation), tracks. */
export const releaseRow = withStandIns(memoRow<Album>((album, width) =>
  layoutRow(
    [
      { text: year(album), width: 4 },
      { text: sanitizeText(album.name), grow: 2 },
      { text: sanitizeText(album.album_type), width: 11, isOptional: true },
      { text: `${formatCount(album.total_tracks)} tr`, width: 6, align: 'right' },
    ],
    width,
  ),
));
export const releaseMatch = withoutStandIns(albumMatch);

/** An artist: name, genres, followers. */
export const artistRow = withStandIns(memoRow<Artist>((artist, width) =>
  layoutRow(
    [
      { text: sanitizeText(artist.name), grow: 2 },
      { text: sanitizeText(artist.genres.join(', ')), grow: 2, isOptional: true },
      { text: artist.followers === null ? '' : `${formatCount(artist.followers)} fans`, width: 14, align: 'right', isOptional: true },
    ],
    width,
  ),
));
export const artistMatch = withoutStandIns(memoMatchText<Artist>((artist) => [artist.name, ...artist.genres]));
