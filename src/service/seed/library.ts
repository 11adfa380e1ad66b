/**
 * Users and their libraries: the demo user's playlists (own ones first, then two followed ones owned by the
 * curator), saved shows and audiobooks, and listening progress in episodes and chapters.
 */
import type { Music } from './music.js';
import { personName } from './names.js';
import { generatePlaylists, OWN_PLAYLIST_COUNT } from './playlists.js';
import type { Random } from './random.js';
import type { Spoken } from './spoken.js';
import { hashString } from '../player-order.js';
import { isoTimestamp } from './text.js';
import type { SeedCatalog, SeedResumePoint, SeedUser } from './types.js';

export const DEMO_COUNTRY = 'GB';
export const SAVED_SHOW_COUNT = 25;
export const SAVED_AUDIOBOOK_COUNT = 6;
/** How many of the demo user's saved shows are not sold in GB. */
const SAVED_SHOWS_OUTSIDE_GB = 4;

const DAY_MS = 86_400_000;
/** The seed's "now": saved items and plays are dated before it. */
const SEED_CLOCK_MS = Date.UTC(2025, 4, 20);

type Library = Pick<
  SeedCatalog,
  | 'users'
  | 'demo_user_id'
  | 'playlists'
  | 'followed_playlist_ids'
  | 'saved_shows'
  | 'saved_audiobooks'
  | 'resume_points'
>;

function makeUser(random: Random, user: Omit<SeedUser, 'id'>): SeedUser {
  return { id: random.id(), ...user };
}

export function generateLibrary(random: Random, music: Music, spoken: Spoken): Library {
  const demo = makeUser(random, {
    display_name: 'Playdeck Demo',
    country: DEMO_COUNTRY,
    product: 'premium',
    email: 'demo@playdeck.example',
  });
  const curator = makeUser(random, {
    display_name: personName(random),
    country: 'US',
    product: 'premium',
    email: 'curator@playdeck.example',
  });
  const wanderer = makeUser(random, {
    display_name: personName(random),
    country: null,
    product: 'free',
    email: 'wanderer@playdeck.example',
  });
  const owners = { demoUserId: demo.id, curatorId: curator.id, demoCountry: DEMO_COUNTRY };
  const playlists = generatePlaylists(random, owners, music, spoken);
  const soldInGb = (markets: string[]) => markets.includes(DEMO_COUNTRY);
  const gbShows = spoken.shows.filter((show) => soldInGb(show.available_markets));
  const otherShows = spoken.shows.filter((show) => !soldInGb(show.available_markets));

  // Saved shows, most recently added first; some are not sold in GB and get filtered out for the demo user.
  const savedShows = random.sample(
    [
      ...random.sample(otherShows, SAVED_SHOWS_OUTSIDE_GB),
      ...random.sample(gbShows, SAVED_SHOW_COUNT - SAVED_SHOWS_OUTSIDE_GB),
    ],
    SAVED_SHOW_COUNT,
  );
  let savedAt = SEED_CLOCK_MS;
  const saved_shows = savedShows.map((show) => {
    savedAt -= random.int(1, 40) * DAY_MS + random.int(0, DAY_MS);
    return { user_id: demo.id, show_id: show.id, added_at: isoTimestamp(savedAt) };
  });

  // The first two audiobooks (sold everywhere, and not in GB) are always saved.
  const savedAudiobooks = [
    ...spoken.audiobooks.slice(0, 2),
    ...random.sample(spoken.audiobooks.slice(2), SAVED_AUDIOBOOK_COUNT - 2),
  ];
  const saved_audiobooks = savedAudiobooks.map((audiobook) => {
    savedAt -= random.int(1, 40) * DAY_MS;
    return { user_id: demo.id, audiobook_id: audiobook.id, added_at: isoTimestamp(savedAt) };
  });

  return {
    users: [demo, curator, wanderer],
    demo_user_id: demo.id,
    playlists,
    followed_playlist_ids: playlists.slice(OWN_PLAYLIST_COUNT).map((list) => list.id),
    saved_shows,
    saved_audiobooks,
    resume_points: resumePoints(
      random,
      demo.id,
      spoken,
      savedShows.map((show) => show.id),
      savedAudiobooks.map((audiobook) => audiobook.id),
    ),
  };
}

/**
 * When the demo user last played an item: within the 60 days before the seed's clock, from a hash of its id
 * (not from `random`, so that adding it changed no other seeded value).
 */
function playedAt(itemId: string): string {
  return isoTimestamp(SEED_CLOCK_MS - (hashString(itemId) % (60 * 24)) * 3_600_000);
}

/**
 * The demo user's progress: in each saved show the newest episode is in progress and the one before fully
 * played, older ones at random; in each saved audiobook the first chapters are finished and the next started.
 */
function resumePoints(
  random: Random,
  userId: string,
  spoken: Spoken,
  savedShowIds: string[],
  savedAudiobookIds: string[],
): SeedResumePoint[] {
  const points: SeedResumePoint[] = [];
  const finished = (itemId: string) =>
    points.push({ user_id: userId, item_id: itemId, fully_played: true, resume_position_ms: 0, played_at: playedAt(itemId) });
  const started = (itemId: string, durationMs: number) =>
    points.push({
      user_id: userId,
      item_id: itemId,
      fully_played: false,
      resume_position_ms: Math.round(durationMs * (0.1 + 0.8 * random.next())),
      played_at: playedAt(itemId),
    });

  for (const showId of savedShowIds) {
    // Episodes are listed oldest first, show by show.
    const newestFirst = spoken.episodes.filter((episode) => episode.show_id === showId).reverse();
    started(newestFirst[0].id, newestFirst[0].duration_ms);
    finished(newestFirst[1].id);
    for (const episode of newestFirst.slice(2)) {
      const roll = random.next();
      if (roll < 0.15) finished(episode.id);
      else if (roll < 0.2) started(episode.id, episode.duration_ms);
    }
  }

  for (const audiobookId of savedAudiobookIds) {
    const chapters = spoken.chapters.filter((chapter) => chapter.audiobook_id === audiobookId);
    const finishedCount = random.int(0, 6);
    chapters.slice(0, finishedCount).forEach((chapter) => finished(chapter.id));
    started(chapters[finishedCount].id, chapters[finishedCount].duration_ms);
  }
  return points;
}
