import type {
  Album,
  Audiobook,
  Chapter,
  Episode,
  ResumePoint,
  SavedAudiobook,
  SavedShow,
  Show,
  SimplifiedArtist,
  Track,
  User,
  UserRef,
} from '../../src/api/types.js';

/**
 * The deterministic data behind `createFakeApi`: the same names and ids on every run, small enough to build
 * in a millisecond, shaped like the demo catalog of decisions.md §10 (the playlist of 10,000 items repeats
 * tracks of a pool, as the real demo playlist does).
 */

const ADJECTIVES = ['Amber', 'Quiet', 'Electric', 'Paper', 'Velvet', 'Northern', 'Hollow', 'Golden', 'Restless',
  'Silver', 'Crooked', 'Midnight', 'Patient', 'Wild', 'Distant', 'Bright', 'Salt', 'Sleepy', 'Copper'];
const NOUNS = ['Harbour', 'Lanterns', 'Orchard', 'Satellite', 'River', 'Garden', 'Engines', 'Window', 'Foxes',
  'Static', 'Meadow', 'Parade', 'Signal', 'Tides', 'Letters', 'Station', 'Weather', 'Comet', 'Bridges'];

/** Two words chosen by `n`, different for every `n` below ADJECTIVES.length * NOUNS.length. */
export function fakeName(n: number): string {
  return `${ADJECTIVES[n % ADJECTIVES.length]} ${NOUNS[Math.floor(n / ADJECTIVES.length) % NOUNS.length]}`;
}

/** A 22-character base-62 id that reads as what it is: `fakeId('tr', 7)` is `tr00000000000000000007`. */
export function fakeId(prefix: string, n: number): string {
  return prefix + String(n).padStart(22 - prefix.length, '0');
}

export const uriOf = (type: string, id: string): string => `playdeck:${type}:${id}`;

export const TRACK_COUNT = 400;
export const SHOW_COUNT = 25;
export const EPISODES_PER_SHOW = 6;
export const AUDIOBOOK_COUNT = 6;
export const CHAPTERS_PER_AUDIOBOOK = 12;

export interface FakeCatalog {
  user: User;
  otherUser: UserRef;
  tracks: Track[];
  shows: Show[];
  episodes: Episode[];
  savedShows: SavedShow[];
  audiobooks: Audiobook[];
  savedAudiobooks: SavedAudiobook[];
  /** Full chapters (with their audiobook), by audiobook id, in order. */
  chaptersByAudiobook: Map<string, Chapter[]>;
  /** Tracks, episodes and chapters by URI and by id. */
  byUri: Map<string, Track | Episode | Chapter>;
  byId: Map<string, Track | Episode | Chapter>;
}

const ADDED_AT_BASE = Date.UTC(2024, 0, 1);
export const addedAt = (n: number): string => new Date(ADDED_AT_BASE + n * 3_600_000).toISOString();

function artist(n: number): SimplifiedArtist {
  const id = fakeId('ar', n);
  return { id, name: `The ${fakeName(n * 7 + 3).split(' ')[1]} ${n}`, uri: uriOf('artist', id), type: 'artist' };
}

function album(n: number): Album {
  const id = fakeId('al', n);
  return {
    id, name: fakeName(n * 5 + 1), album_type: n % 4 === 0 ? 'compilation' : 'album', total_tracks: 10,
    release_date: `${2000 + (n % 24)}-0${1 + (n % 9)}`, release_date_precision: 'month', images: [],
    artists: [artist(n % 30)], uri: uriOf('album', id), type: 'album',
  };
}

function track(n: number, albums: Album[]): Track {
  const id = fakeId('tr', n);
  const trackAlbum = albums[Math.floor(n / 10)]!;
  return {
    type: 'track', id, name: fakeName(n), uri: uriOf('track', id), album: trackAlbum,
    artists: n % 3 === 0 ? [artist(n % 30), artist((n + 11) % 30)] : [artist(n % 30)],
    duration_ms: 150_000 + ((n * 7_919) % 150_000), explicit: n % 11 === 0, popularity: n % 100,
    is_playable: true, is_local: false, restrictions: null, linked_from: null,
    track_number: (n % 10) + 1, disc_number: 1,
  };
}

function show(n: number): Show {
  const id = fakeId('sh', n);
  return {
    type: 'show', id, name: `${fakeName(n * 3 + 2)} Podcast`, uri: uriOf('show', id),
    publisher: `${fakeName(n + 40).split(' ')[0]} Media`, description: `Conversations about ${fakeName(n)}.`,
    html_description: `<p>Conversations about ${fakeName(n)}.</p>`, explicit: false, images: [],
    languages: ['en'], media_type: 'audio', total_episodes: EPISODES_PER_SHOW,
  };
}

/** In progress: the third episode of the first two shows; played: the second of the first show. */
function episodeResume(showIndex: number, n: number): ResumePoint {
  if (showIndex === 0 && n === 1) return { fully_played: true, resume_position_ms: 0, last_played_at: '2026-10-01T09:00:00Z' };
  if (showIndex < 2 && n === 2) {
    return { fully_played: false, resume_position_ms: 600_000, last_played_at: `2026-11-0${showIndex + 1}T09:00:00Z` };
  }
  return { fully_played: false, resume_position_ms: 0 };
}

/** In progress: the fourth chapter of the first audiobook (played last of all), the first of the second (no date). */
function chapterResume(bookIndex: number, n: number): ResumePoint | null {
  if (bookIndex === 0 && n === 3) return { fully_played: false, resume_position_ms: 300_000, last_played_at: '2026-11-05T09:00:00Z' };
  if (bookIndex === 1 && n === 0) return { fully_played: false, resume_position_ms: 60_000 };
  return null;
}

function episode(showOf: Show, showIndex: number, n: number): Episode {
  const index = showIndex * EPISODES_PER_SHOW + n;
  const id = fakeId('ep', index);
  return {
    type: 'episode', id, name: `Episode ${n + 1}: ${fakeName(index + 9)}`, uri: uriOf('episode', id),
    description: `In which we discuss ${fakeName(index)}.`, html_description: `<p>${fakeName(index)}</p>`,
    duration_ms: 1_200_000 + n * 60_000, explicit: false, is_playable: true,
    release_date: `2024-0${1 + (n % 9)}-1${n % 10}`, release_date_precision: 'day',
    resume_point: episodeResume(showIndex, n), restrictions: null, images: [], show: showOf,
  };
}

function audiobook(n: number): Audiobook {
  const id = fakeId('ab', n);
  return {
    type: 'audiobook', id, name: `The ${fakeName(n * 13 + 4)}`, uri: uriOf('audiobook', id),
    authors: [{ name: `${fakeName(n + 60).split(' ')[0]} Writer` }], narrators: [{ name: 'Sam Reader' }],
    publisher: 'Fable House', description: `A novel about ${fakeName(n)}.`, html_description: `<p>${fakeName(n)}</p>`,
    edition: 'Unabridged', explicit: false, images: [], languages: ['en'], media_type: 'audio',
    total_chapters: CHAPTERS_PER_AUDIOBOOK,
  };
}

function chapter(book: Audiobook, bookIndex: number, n: number): Chapter {
  const id = fakeId('ch', bookIndex * CHAPTERS_PER_AUDIOBOOK + n);
  return {
    type: 'chapter', id, name: `Chapter ${n + 1}`, uri: uriOf('chapter', id), chapter_number: n + 1,
    description: '', html_description: '', duration_ms: 900_000 + n * 30_000, explicit: false, is_playable: true,
    release_date: '2023-05-01', release_date_precision: 'day', resume_point: chapterResume(bookIndex, n), restrictions: null,
    images: [], audiobook: book,
  };
}

export function createFakeCatalog(): FakeCatalog {
  const user: User = { id: 'demo', display_name: 'Demo User', uri: uriOf('user', 'demo'), country: 'GB', product: 'premium' };
  const otherUser: UserRef = { id: 'friend', display_name: 'A Friend', uri: uriOf('user', 'friend') };
  const albums = Array.from({ length: TRACK_COUNT / 10 }, (_, n) => album(n));
  const tracks = Array.from({ length: TRACK_COUNT }, (_, n) => track(n, albums));
  const shows = Array.from({ length: SHOW_COUNT }, (_, n) => show(n));
  const episodes = shows.flatMap((s, i) => Array.from({ length: EPISODES_PER_SHOW }, (_, n) => episode(s, i, n)));
  const audiobooks = Array.from({ length: AUDIOBOOK_COUNT }, (_, n) => audiobook(n));
  const chaptersByAudiobook = new Map(
    audiobooks.map((book, i) => [book.id, Array.from({ length: CHAPTERS_PER_AUDIOBOOK }, (_, n) => chapter(book, i, n))]),
  );
  const playable = [...tracks, ...episodes, ...[...chaptersByAudiobook.values()].flat()];
  return {
    user, otherUser, tracks, shows, episodes, audiobooks, chaptersByAudiobook,
    savedShows: shows.map((s, n) => ({ added_at: addedAt(n), show: s })),
    savedAudiobooks: audiobooks.map((book, n) => ({ added_at: addedAt(n), audiobook: book })),
    byUri: new Map(playable.map((item) => [item.uri, item])),
    byId: new Map(playable.map((item) => [item.id, item])),
  };
}
