/**
 * The discography: the larger catalog that search runs over, beside the music part (which never changes).
 * Artists lead albums (every artist at least one), albums hold tracks (numbered, long ones on two discs),
 * some tracks feature another artist (the album then "appears on" that artist's page), compilations gather
 * several artists, and a few albums are regional so that market rules show in search. Its size is the
 * catalog's track count (`catalogTracks`, the music part's included): 20,000 by default, a million for the
 * bench. The details the full album shows (label, popularity, barcode) are made here for every album, the
 * music part's included.
 */
import {
  DISCO_ADJECTIVES,
  DISCO_ALBUM_FORMATS,
  DISCO_ARTIST_FORMATS,
  DISCO_FIRST_NAMES,
  DISCO_LABEL_FORMATS,
  DISCO_NOUNS,
  DISCO_PLACES,
  DISCO_PLURALS,
  DISCO_SURNAMES,
  DISCO_TRACK_FORMATS,
  DISCO_VERBS,
} from './discography-words.js';
import { BROAD_MARKETS, REGIONAL_MARKET_SETS } from './market-sets.js';
import type { Music } from './music.js';
import type { Random } from './random.js';
import { imagesFor, isoDate } from './text.js';
import type { SeedAlbum, SeedAlbumDetails, SeedArtist, SeedDiscography, SeedTrack } from './types.js';
import { GENRES } from './words.js';

/** The catalog's tracks by default, the music part's 2,000 included: 2,000 albums by 500 artists in all. */
export const DEFAULT_CATALOG_TRACKS = 20_000;
/** Artists and albums per discography track: 350 and 1,800 for its 18,000 tracks. */
const ARTISTS_PER_TRACK = 350 / 18_000;
const ALBUMS_PER_TRACK = 1 / 10;

type AlbumKind = 'album' | 'single' | 'compilation';
const TRACK_RANGE: Record<AlbumKind, [number, number]> = { album: [7, 17], single: [1, 3], compilation: [8, 14] };
const ALBUM_TRACKS_BOUNDS: [number, number] = [1, 24];

/** Two different words of a list (for "{noun} and {noun2}"). */
function pair(random: Random, list: readonly string[]): [string, string] {
  const first = random.int(0, list.length - 1);
  return [list[first]!, list[(first + random.int(1, list.length - 1)) % list.length]!];
}

type Placeholder = 'adjective' | 'noun' | 'noun2' | 'plurals' | 'verb' | 'place' | 'first' | 'first2' | 'surname' | 'surname2';
const PLACEHOLDERS = new Set<string>(['adjective', 'noun', 'noun2', 'plurals', 'verb', 'place', 'first', 'first2', 'surname', 'surname2']);

/** A format cut into its text and its placeholders (odd places), once: a million names are filled in. */
const compiled = new Map<string, string[]>();
function partsOf(format: string): string[] {
  let parts = compiled.get(format);
  if (!parts) {
    parts = format.split(/\{(\w+)\}/);
    for (let place = 1; place < parts.length; place += 2) if (!PLACEHOLDERS.has(parts[place]!)) throw new Error(`Unknown name placeholder {${parts[place]}}`);
    compiled.set(format, parts);
  }
  return parts;
}

/** Fills `{placeholder}`s from the discography's own word lists. */
function fill(random: Random, format: string): string {
  const [noun, noun2] = pair(random, DISCO_NOUNS);
  const [first, first2] = pair(random, DISCO_FIRST_NAMES);
  const [surname, surname2] = pair(random, DISCO_SURNAMES);
  const parts = partsOf(format);
  let name = parts[0]!;
  for (let place = 1; place < parts.length; place += 2) {
    const key = parts[place] as Placeholder;
    name += key === 'adjective' ? random.pick(DISCO_ADJECTIVES)
      : key === 'plurals' ? random.pick(DISCO_PLURALS)
      : key === 'verb' ? random.pick(DISCO_VERBS)
      : key === 'place' ? random.pick(DISCO_PLACES)
      : { noun, noun2, first, first2, surname, surname2 }[key];
    name += parts[place + 1]!;
  }
  return name;
}

/** `count` names, distinct while the formats allow it (a catalog of a million runs out of them). */
function names(random: Random, formats: readonly string[], count: number): string[] {
  const made = new Set<string>();
  const all: string[] = [];
  for (let attempts = 0; all.length < count; attempts++) {
    const name = fill(random, random.pick(formats));
    if (made.has(name) && attempts < count * 4) continue;
    made.add(name);
    all.push(name);
  }
  return all;
}

function releaseDate(random: Random): Pick<SeedAlbum, 'release_date' | 'release_date_precision'> {
  const day = isoDate(Date.UTC(random.int(1960, 2025), random.int(0, 11), random.int(1, 28)));
  const roll = random.next();
  if (roll < 0.05) return { release_date: day.slice(0, 4), release_date_precision: 'year' };
  if (roll < 0.1) return { release_date: day.slice(0, 7), release_date_precision: 'month' };
  return { release_date: day, release_date_precision: 'day' };
}

const clamp = (value: number) => Math.min(100, Math.max(0, value));

function makeArtists(random: Random, count: number): SeedArtist[] {
  return names(random, DISCO_ARTIST_FORMATS, count).map((name) => {
    const id = random.id();
    // Few artists are very popular.
    const popularity = Math.round(3 + 94 * random.next() ** 1.6);
    return {
      id,
      name,
      genres: random.sample(GENRES, random.int(1, 3)),
      popularity,
      followers: Math.round(popularity ** 3 * (0.5 + random.next()) * 4),
      images: imagesFor(id),
    };
  });
}

/** Each album's track count, summing to exactly `total`. */
function planTrackCounts(random: Random, kinds: readonly AlbumKind[], total: number): number[] {
  const counts = kinds.map((kind) => random.int(...TRACK_RANGE[kind]));
  const regular = kinds.flatMap((kind, place) => (kind === 'album' ? [place] : []));
  let difference = total - counts.reduce((sum, count) => sum + count, 0);
  while (difference !== 0) {
    const place = random.pick(regular);
    const step = Math.sign(difference);
    const next = counts[place]! + step;
    if (next < ALBUM_TRACKS_BOUNDS[0] || next > ALBUM_TRACKS_BOUNDS[1]) continue;
    counts[place] = next;
    difference -= step;
  }
  return counts;
}

function discPlace(albumTracks: number, number: number): Pick<SeedTrack, 'disc_number' | 'track_number'> {
  const firstDisc = albumTracks > 14 ? Math.ceil(albumTracks / 2) : albumTracks;
  return number > firstDisc ? { disc_number: 2, track_number: number - firstDisc } : { disc_number: 1, track_number: number };
}

/** `catalogTracks`: the tracks of the whole catalog, the music part's included. */
export function generateDiscography(random: Random, music: Music, catalogTracks = DEFAULT_CATALOG_TRACKS): SeedDiscography {
  const trackCount = Math.max(0, catalogTracks - music.tracks.length);
  if (trackCount === 0) return { artists: [], albums: [], tracks: [], album_details: albumDetails(random, music.albums, music.tracks) };
  const albumCount = Math.max(1, Math.round(trackCount * ALBUMS_PER_TRACK));
  const artists = makeArtists(random, Math.max(1, Math.round(trackCount * ARTISTS_PER_TRACK)));
  const kinds = Array.from({ length: albumCount }, (): AlbumKind => {
    const roll = random.next();
    return roll < 0.03 ? 'compilation' : roll < 0.23 ? 'single' : 'album';
  });
  kinds[0] = 'album';
  const trackCounts = planTrackCounts(random, kinds, trackCount);
  const leads = random.sample(artists, artists.length);
  let nextLead = 0;
  const albumNames = names(random, DISCO_ALBUM_FORMATS, albumCount);

  const albums: SeedAlbum[] = kinds.map((kind, place) => {
    const id = random.id();
    const albumArtists = kind === 'compilation' ? random.sample(artists, 3) : [leads[nextLead++ % leads.length]!];
    return {
      id,
      name: albumNames[place]!,
      album_type: kind,
      artist_ids: albumArtists.map((artist) => artist.id),
      ...releaseDate(random),
      images: imagesFor(id),
      // Shared by the album's tracks, not copied: a catalog of a million tracks holds a few arrays, not a million.
      available_markets: kind !== 'compilation' && random.chance(0.08) ? [...random.pick(REGIONAL_MARKET_SETS)] : (BROAD_MARKETS as string[]),
      total_tracks: trackCounts[place]!,
    };
  });

  const byId = new Map(artists.map((artist) => [artist.id, artist]));
  const tracks: SeedTrack[] = [];
  let isrcSerial = 0;
  albums.forEach((album) => {
    const trackNames = names(random, DISCO_TRACK_FORMATS, album.total_tracks);
    for (let number = 1; number <= album.total_tracks; number++) {
      const lead = album.album_type === 'compilation' ? random.pick(album.artist_ids) : album.artist_ids[0]!;
      const featured = random.chance(0.08) ? random.pick(artists).id : lead;
      const artist = byId.get(lead)!;
      tracks.push({
        id: random.id(),
        name: trackNames[number - 1]!,
        album_id: album.id,
        artist_ids: featured === lead ? [lead] : [lead, featured],
        duration_ms: random.chance(0.04) ? random.int(40_000, 100_000) : random.int(120_000, 460_000),
        explicit: random.chance(0.12),
        popularity: clamp(artist.popularity + random.int(-20, 20)),
        ...discPlace(album.total_tracks, number),
        isrc: `QZDSC${album.release_date.slice(2, 4)}${String(++isrcSerial).padStart(7, '0')}`,
        available_markets: album.available_markets,
        relinked_to: null,
      });
    }
  });

  return { artists, albums, tracks, album_details: albumDetails(random, [...music.albums, ...albums], [...music.tracks, ...tracks]) };
}

/** Label, popularity (its tracks' mean) and barcode of each album. */
function albumDetails(random: Random, albums: readonly SeedAlbum[], tracks: readonly SeedTrack[]): SeedAlbumDetails[] {
  const popularity = new Map<string, { sum: number; count: number }>();
  for (const track of tracks) {
    const total = popularity.get(track.album_id) ?? { sum: 0, count: 0 };
    total.sum += track.popularity;
    total.count += 1;
    popularity.set(track.album_id, total);
  }
  return albums.map((album) => {
    const total = popularity.get(album.id);
    return {
      album_id: album.id,
      label: fill(random, random.pick(DISCO_LABEL_FORMATS)),
      popularity: total ? Math.round(total.sum / total.count) : 0,
      upc: String(random.int(100_000, 999_999)) + String(random.int(100_000, 999_999)),
    };
  });
}
