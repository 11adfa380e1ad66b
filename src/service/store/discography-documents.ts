import type { SeedAlbum, SeedAlbumDetails, SeedArtist, SeedTrack } from '../seed/types.js';
import { listedMarkets } from '../markets.js';
import { albumObject, externalUrlsOf, fullArtist, ORIGIN, simplifiedArtist, uriOf } from './documents.js';

/**
 * The stored JSON of albums and artists (with ORIGIN placeholders, as documents.ts), and the tracks the
 * store keeps as columns: their document is composed when read, of their own fields, their album's and
 * their artists' documents, in the very order `trackDocument` writes (a test compares the two).
 */

export function artistDocument(artist: SeedArtist): string {
  return JSON.stringify(fullArtist(artist));
}

/** The simplified album, as tracks embed it. */
export function albumDocument(album: SeedAlbum, artists: ReadonlyMap<string, SeedArtist>): string {
  return JSON.stringify(albumObject(album, artists));
}

/** What the full album adds to the simplified one, as fields (`"a":1,"b":2`); `tracks` is added when read. */
export function albumDetailsFields(album: SeedAlbum, details: SeedAlbumDetails): string {
  const year = album.release_date.slice(0, 4);
  const fields = JSON.stringify({
    copyrights: [
      { text: `© ${year} ${details.label}`, type: 'C' },
      { text: `℗ ${year} ${details.label}`, type: 'P' },
    ],
    external_ids: { upc: details.upc },
    genres: [],
    label: details.label,
    popularity: details.popularity,
  });
  return fields.slice(1, -1);
}

/** A track as the store keeps it: its own fields (its album, artists and markets are its album's rows). */
export interface TrackColumns {
  id: string;
  album_id: string;
  disc_number: number;
  track_number: number;
  /** Comma-separated, in order. */
  artist_ids: string;
  name: string;
  duration_ms: number;
  explicit: number;
  popularity: number;
  isrc: string;
}

export function trackColumns(track: SeedTrack): TrackColumns {
  return {
    id: track.id,
    album_id: track.album_id,
    disc_number: track.disc_number,
    track_number: track.track_number,
    artist_ids: track.artist_ids.join(','),
    name: track.name,
    duration_ms: track.duration_ms,
    explicit: track.explicit ? 1 : 0,
    popularity: track.popularity,
    isrc: track.isrc,
  };
}

/**
 * The fields of a track after its album, artists and markets, in trackDocument's order (`"a":1,...`); a
 * simplified track (an album's listing) has no `external_ids` and no `popularity`.
 */
function ownFields(track: TrackColumns, simplified = false): string {
  return JSON.stringify({
    disc_number: track.disc_number,
    duration_ms: track.duration_ms,
    explicit: track.explicit === 1,
    ...(simplified ? {} : { external_ids: { isrc: track.isrc } }),
    external_urls: externalUrlsOf('track', track.id),
    href: `${ORIGIN}/v1/tracks/${track.id}`,
    id: track.id,
    name: track.name,
    ...(simplified ? {} : { popularity: track.popularity }),
    preview_url: `https://playdeck.example/preview/${track.id}.mp3`,
    track_number: track.track_number,
    type: 'track',
    uri: uriOf('track', track.id),
    is_local: false,
  }).slice(1, -1);
}

/** The full track's document: the same JSON `trackDocument` makes of the seed. */
export function composedTrackDocument(track: TrackColumns, albumDoc: string, artistDocs: readonly string[], markets: readonly string[]): string {
  return `{"album":${albumDoc},"artists":[${artistDocs.join(',')}],"available_markets":${JSON.stringify(listedMarkets(markets))},${ownFields(track)}}`;
}

/** The simplified track of an album's listing: without its album, its artists simplified. */
export function simplifiedTrackDocument(track: TrackColumns, artists: readonly { id: string; name: string }[], markets: readonly string[]): string {
  return `{"artists":${JSON.stringify(artists.map(simplifiedArtist))},"available_markets":${JSON.stringify(listedMarkets(markets))},${ownFields(track, true)}}`;
}
