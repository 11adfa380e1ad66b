/**
 * Shows with their episodes, and audiobooks with their chapters. Some shows are not sold in GB (so the
 * demo user's saved shows get filtered); audiobooks are sold in subsets of the six audiobook markets.
 */
import { AUDIOBOOK_MARKET_SETS, BROAD_MARKETS, REGIONAL_MARKET_SETS } from './market-sets.js';
import { distinctNames, makeName, personName } from './names.js';
import type { Random } from './random.js';
import { describe, imagesFor, isoDate } from './text.js';
import type { SeedAudiobook, SeedChapter, SeedEpisode, SeedShow } from './types.js';
import {
  AUDIOBOOK_FORMATS,
  CHAPTER_FORMATS,
  EPISODE_FORMATS,
  PUBLISHER_FORMATS,
  SHOW_FORMATS,
  TOPICS,
} from './words.js';

export const SHOW_COUNT = 40;
export const EPISODES_PER_SHOW = 30;
export const AUDIOBOOK_COUNT = 10;
export const CHAPTERS_PER_AUDIOBOOK = 20;
/** How many shows are sold only outside GB. */
export const SHOWS_OUTSIDE_GB = 6;

const DAY_MS = 86_400_000;
/** The newest episode of any show comes out shortly before this day. */
const LATEST_RELEASE = Date.UTC(2025, 5, 1);
const ENGLISH_LANGUAGES = ['en', 'en-GB', 'en-US'];

export interface Spoken {
  shows: SeedShow[];
  episodes: SeedEpisode[];
  audiobooks: SeedAudiobook[];
  chapters: SeedChapter[];
}

function makeShow(random: Random, name: string, isSoldInGb: boolean): SeedShow {
  const id = random.id();
  const host = personName(random);
  const topics = random.sample(TOPICS, 2);
  const markets = isSoldInGb ? BROAD_MARKETS : random.pick(REGIONAL_MARKET_SETS);
  const isGerman = markets.includes('DE') && !markets.includes('GB');
  return {
    id,
    name,
    publisher: makeName(random, PUBLISHER_FORMATS),
    ...describe([
      `*${name}* is a weekly show hosted by ${host} about ${topics[0]}, ${topics[1]} and whatever comes up.`,
      'New episodes every week.',
    ]),
    explicit: random.chance(0.15),
    languages: [isGerman ? 'de' : random.pick(ENGLISH_LANGUAGES)],
    media_type: random.chance(0.1) ? 'mixed' : 'audio',
    images: imagesFor(id),
    available_markets: [...markets],
  };
}

/** A show's episodes, oldest first, one a week up to a date near LATEST_RELEASE. */
function makeEpisodes(random: Random, show: SeedShow): SeedEpisode[] {
  const latest = LATEST_RELEASE - random.int(0, 30) * DAY_MS;
  const episodes: SeedEpisode[] = [];
  for (let number = 1; number <= EPISODES_PER_SHOW; number++) {
    const id = random.id();
    const title = makeName(random, EPISODE_FORMATS);
    const topic = random.pick(TOPICS);
    episodes.push({
      id,
      show_id: show.id,
      name: `${number}. ${title}`,
      ...describe([
        `Episode ${number} of *${show.name}*: ${title}.`,
        `We talk about ${topic}, answer your letters, and take a detour or two.`,
      ]),
      duration_ms: random.int(12, 95) * 60_000 + random.int(0, 59_999),
      explicit: show.explicit && random.chance(0.5),
      language: show.languages[0],
      release_date: isoDate(latest - (EPISODES_PER_SHOW - number) * 7 * DAY_MS),
      images: imagesFor(id),
    });
  }
  return episodes;
}

function makeAudiobook(random: Random): SeedAudiobook {
  const id = random.id();
  const name = makeName(random, AUDIOBOOK_FORMATS);
  const authors = [personName(random), ...(random.chance(0.2) ? [personName(random)] : [])];
  const narrators = [personName(random), ...(random.chance(0.3) ? [personName(random)] : [])];
  return {
    id,
    name,
    authors,
    narrators,
    publisher: makeName(random, PUBLISHER_FORMATS),
    ...describe([
      `*${name}* by ${authors.join(' and ')}, read by ${narrators.join(' and ')}.`,
      `A story of ${random.pick(TOPICS)} and of ${random.pick(TOPICS)}.`,
    ]),
    edition: random.chance(0.8) ? 'Unabridged' : 'Abridged',
    explicit: random.chance(0.1),
    languages: ['en'],
    images: imagesFor(id),
    available_markets: [...random.pick(AUDIOBOOK_MARKET_SETS)],
  };
}

function makeChapters(random: Random, audiobook: SeedAudiobook): SeedChapter[] {
  const releaseDate = isoDate(Date.UTC(random.int(2015, 2025), random.int(0, 11), random.int(1, 28)));
  const chapters: SeedChapter[] = [];
  for (let number = 1; number <= CHAPTERS_PER_AUDIOBOOK; number++) {
    const title = makeName(random, CHAPTER_FORMATS);
    chapters.push({
      id: random.id(),
      audiobook_id: audiobook.id,
      chapter_number: number,
      name: `Chapter ${number}: ${title}`,
      ...describe([`Chapter ${number} of *${audiobook.name}*: ${title}.`]),
      duration_ms: random.int(8, 55) * 60_000 + random.int(0, 59_999),
      explicit: audiobook.explicit,
      release_date: releaseDate,
    });
  }
  return chapters;
}

export function generateSpoken(random: Random): Spoken {
  const outsideGb = new Set(random.sample([...Array(SHOW_COUNT).keys()], SHOWS_OUTSIDE_GB));
  const shows = distinctNames(random, SHOW_FORMATS, SHOW_COUNT).map((name, place) =>
    makeShow(random, name, !outsideGb.has(place)),
  );
  const episodes = shows.flatMap((show) => makeEpisodes(random, show));
  const audiobooks = Array.from({ length: AUDIOBOOK_COUNT }, () => makeAudiobook(random));
  // The first audiobook is sold everywhere and the second not in GB, so both cases always exist.
  audiobooks[0].available_markets = [...AUDIOBOOK_MARKET_SETS[0]];
  audiobooks[1].available_markets = [...AUDIOBOOK_MARKET_SETS[1]];
  const chapters = audiobooks.flatMap((audiobook) => makeChapters(random, audiobook));
  return { shows, episodes, audiobooks, chapters };
}
