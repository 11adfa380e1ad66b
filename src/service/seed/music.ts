/**
 * Artists, albums and tracks of the demo catalog. Most albums are sold in BROAD_MARKETS; regional albums
 * are sold elsewhere only, and compilations (sold broadly) carry copies of some regional tracks, which the
 * regional originals name as `relinked_to` (same recording, same ISRC, another release).
 */
import { BROAD_MARKETS, REGIONAL_MARKET_SETS } from './market-sets.js';
import { distinctNames, makeName } from './names.js';
import type { Random } from './random.js';
import { imagesFor, isoDate } from './text.js';
import type { SeedAlbum, SeedArtist, SeedTrack } from './types.js';
import { ALBUM_FORMATS, ARTIST_FORMATS, GENRES, TRACK_FORMATS } from './words.js';

export const ARTIST_COUNT = 150;
export const ALBUM_COUNT = 200;
export const TRACK_COUNT = 2000;
const COMPILATION_COUNT = 12;
const REGIONAL_COUNT = 16;
const SINGLE_COUNT = 30;

type AlbumKind = 'regular' | 'single' | 'regional' | 'compilation';

/** Track counts each kind of album starts with; regular albums then absorb the difference to TRACK_COUNT. */
const TRACK_RANGE: Record<AlbumKind, [number, number]> = {
  regular: [7, 14],
  single: [1, 3],
  regional: [8, 12],
  compilation: [6, 10],
};
const REGULAR_MIN_TRACKS = 4;
const REGULAR_MAX_TRACKS = 22;

export interface Music {
  artists: SeedArtist[];
  albums: SeedAlbum[];
  tracks: SeedTrack[];
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function makeArtists(random: Random): SeedArtist[] {
  return distinctNames(random, ARTIST_FORMATS, ARTIST_COUNT).map((name) => {
    const id = random.id();
    const popularity = random.int(5, 95);
    return {
      id,
      name,
      genres: random.sample(GENRES, random.int(1, 3)),
      popularity,
      followers: Math.round(popularity ** 3 * (0.5 + random.next()) * 3),
      images: imagesFor(id),
    };
  });
}

/** A release date in one of the three precisions, mostly `day`. */
function releaseDate(random: Random): Pick<SeedAlbum, 'release_date' | 'release_date_precision'> {
  const day = isoDate(Date.UTC(random.int(1968, 2025), random.int(0, 11), random.int(1, 28)));
  const roll = random.next();
  if (roll < 0.1) return { release_date: day.slice(0, 4), release_date_precision: 'year' };
  if (roll < 0.2) return { release_date: day.slice(0, 7), release_date_precision: 'month' };
  return { release_date: day, release_date_precision: 'day' };
}

/** How many tracks each album gets, summing to exactly TRACK_COUNT. */
function planTrackCounts(random: Random, kinds: AlbumKind[]): number[] {
  const counts = kinds.map((kind) => random.int(...TRACK_RANGE[kind]));
  const regular = kinds.flatMap((kind, place) => (kind === 'regular' ? [place] : []));
  let difference = TRACK_COUNT - counts.reduce((sum, count) => sum + count, 0);
  while (difference !== 0) {
    const place = random.pick(regular);
    const step = Math.sign(difference);
    if (counts[place] + step < REGULAR_MIN_TRACKS || counts[place] + step > REGULAR_MAX_TRACKS) continue;
    counts[place] += step;
    difference -= step;
  }
  return counts;
}

function albumKinds(random: Random): AlbumKind[] {
  const kinds: AlbumKind[] = [];
  for (let place = 0; place < ALBUM_COUNT; place++) {
    if (place < COMPILATION_COUNT) kinds.push('compilation');
    else if (place < COMPILATION_COUNT + REGIONAL_COUNT) kinds.push('regional');
    else if (place < COMPILATION_COUNT + REGIONAL_COUNT + SINGLE_COUNT) kinds.push('single');
    else kinds.push('regular');
  }
  return random.sample(kinds, kinds.length);
}

/** Long albums come on two discs, numbering restarting on the second. */
function discPlace(albumTracks: number, number: number): { disc_number: number; track_number: number } {
  const firstDisc = albumTracks > 12 ? Math.ceil(albumTracks / 2) : albumTracks;
  return number > firstDisc
    ? { disc_number: 2, track_number: number - firstDisc }
    : { disc_number: 1, track_number: number };
}

interface TrackFields {
  name: string;
  artist_ids: string[];
  duration_ms: number;
  explicit: boolean;
  isrc: string;
}

export function generateMusic(random: Random): Music {
  const artists = makeArtists(random);
  const kinds = albumKinds(random);
  const trackCounts = planTrackCounts(random, kinds);
  // Every artist leads at least one album: the first ARTIST_COUNT non-compilations go round the artists.
  const leadOrder = random.sample(artists, artists.length);
  let nextLead = 0;
  let isrcSerial = 0;

  const albums: SeedAlbum[] = kinds.map((kind, place) => {
    const id = random.id();
    const lead = kind === 'compilation' ? [] : [leadOrder[nextLead++ % leadOrder.length].id];
    return {
      id,
      name: makeName(random, ALBUM_FORMATS),
      album_type: kind === 'compilation' ? 'compilation' : kind === 'single' ? 'single' : 'album',
      artist_ids: lead,
      ...releaseDate(random),
      images: imagesFor(id),
      available_markets: kind === 'regional' ? [...random.pick(REGIONAL_MARKET_SETS)] : [...BROAD_MARKETS],
      total_tracks: trackCounts[place],
    };
  });

  const tracks: SeedTrack[] = [];
  const regionalTracks: SeedTrack[] = [];
  const addTrack = (album: SeedAlbum, number: number, fields: TrackFields, popularityBase: number) => {
    const track: SeedTrack = {
      id: random.id(),
      album_id: album.id,
      ...fields,
      popularity: clamp(popularityBase + random.int(-20, 20), 0, 100),
      ...discPlace(album.total_tracks, number),
      available_markets: [...album.available_markets],
      relinked_to: null,
    };
    tracks.push(track);
    return track;
  };

  const artistById = new Map(artists.map((artist) => [artist.id, artist]));
  albums.forEach((album, place) => {
    if (kinds[place] === 'compilation') return;
    const lead = artistById.get(album.artist_ids[0])!;
    const names = distinctNames(random, TRACK_FORMATS, album.total_tracks);
    for (let number = 1; number <= album.total_tracks; number++) {
      const featured = random.chance(0.1) ? [random.pick(artists).id].filter((id) => id !== lead.id) : [];
      const track = addTrack(
        album,
        number,
        {
          name: names[number - 1],
          artist_ids: [lead.id, ...featured],
          duration_ms: random.chance(0.05) ? random.int(45_000, 90_000) : random.int(130_000, 420_000),
          explicit: random.chance(0.15),
          isrc: `QZPDK${album.release_date.slice(2, 4)}${String(++isrcSerial).padStart(5, '0')}`,
        },
        lead.popularity,
      );
      if (kinds[place] === 'regional') regionalTracks.push(track);
    }
  });

  // Compilations carry copies of regional tracks; the originals relink to them where they are not sold.
  const originals = random.sample(regionalTracks, regionalTracks.length);
  albums.forEach((album, place) => {
    if (kinds[place] !== 'compilation') return;
    const copied = originals.splice(0, album.total_tracks);
    album.total_tracks = copied.length;
    album.artist_ids = [...new Set(copied.map((original) => original.artist_ids[0]))].slice(0, 3);
    copied.forEach((original, offset) => {
      const { name, artist_ids, duration_ms, explicit, isrc } = original;
      const copy = addTrack(album, offset + 1, { name, artist_ids, duration_ms, explicit, isrc }, original.popularity);
      original.relinked_to = copy.id;
    });
  });

  return { artists, albums, tracks };
}
