/**
 * Catalog objects normalised at the boundary into the shapes of types.ts: missing fields get defaults,
 * wrong types are coerced or dropped, and `null` where an object was expected is tolerated. Each function
 * returns null only when the input is not an object at all; the caller decides whether that is fatal.
 */
import {
  asObject,
  isObject,
  toBool,
  toCount,
  toInt,
  toIntOrNull,
  toList,
  toStr,
  toStringList,
  type JsonObject,
} from './coerce.js';
import type {
  Album,
  Audiobook,
  Chapter,
  Episode,
  Image,
  PlayableItem,
  Restrictions,
  ResumePoint,
  Show,
  SimplifiedArtist,
  Track,
} from './types.js';

export function normalizeImage(value: unknown): Image | null {
  if (!isObject(value) || typeof value.url !== 'string') return null;
  return { url: value.url, height: toIntOrNull(value.height), width: toIntOrNull(value.width) };
}

const toImages = (value: unknown): Image[] => toList(value, normalizeImage);

function toRestrictions(value: unknown): Restrictions | null {
  return isObject(value) ? { reason: toStr(value.reason) } : null;
}

function toResumePoint(value: unknown): ResumePoint | null {
  if (!isObject(value)) return null;
  return {
    fully_played: toBool(value.fully_played),
    resume_position_ms: toCount(value.resume_position_ms),
    ...(typeof value.last_played_at === 'string' ? { last_played_at: value.last_played_at } : {}),
  };
}

const toNames = (value: unknown): { name: string }[] =>
  toList(value, (element) => {
    if (typeof element === 'string') return { name: element };
    return isObject(element) ? { name: toStr(element.name) } : null;
  });

/**
 * The fields every catalog object has. Spread it only after a field of its own (`{ type, ...identity(raw) }`):
 * `{ ...identity(raw), more }` gives each object a hidden class of its own on Node 20 (~250 bytes more each;
 * test/api/normalize.test.ts counts them), so the objects that start with it spell it out instead.
 */
function identity(raw: JsonObject): { id: string; name: string; uri: string } {
  return { id: toStr(raw.id), name: toStr(raw.name), uri: toStr(raw.uri) };
}

export function normalizeArtist(value: unknown): SimplifiedArtist | null {
  if (!isObject(value)) return null;
  return { id: toStr(value.id), name: toStr(value.name), uri: toStr(value.uri), type: 'artist' };
}

const toArtists = (value: unknown): SimplifiedArtist[] => toList(value, normalizeArtist);

/** Never null: a track always has an album in types.ts, so a missing one becomes an empty album. */
export function normalizeAlbum(value: unknown): Album {
  const raw = asObject(value);
  return {
    id: toStr(raw.id),
    name: toStr(raw.name),
    uri: toStr(raw.uri),
    album_type: toStr(raw.album_type),
    total_tracks: toCount(raw.total_tracks),
    release_date: toStr(raw.release_date),
    release_date_precision: toStr(raw.release_date_precision),
    images: toImages(raw.images),
    artists: toArtists(raw.artists),
    type: 'album',
  };
}

export function normalizeTrack(value: unknown): Track | null {
  if (!isObject(value)) return null;
  const linkedFrom = isObject(value.linked_from)
    ? { id: toStr(value.linked_from.id), uri: toStr(value.linked_from.uri) }
    : null;
  return {
    type: 'track',
    ...identity(value),
    album: normalizeAlbum(value.album),
    artists: toArtists(value.artists),
    duration_ms: toCount(value.duration_ms),
    explicit: toBool(value.explicit),
    popularity: toCount(value.popularity),
    // Absent means the service did not restrict it (the field only appears with a market).
    is_playable: toBool(value.is_playable, true),
    is_local: toBool(value.is_local),
    restrictions: toRestrictions(value.restrictions),
    linked_from: linkedFrom,
    track_number: toCount(value.track_number),
    disc_number: toCount(value.disc_number, 1),
  };
}

export function normalizeShow(value: unknown): Show | null {
  if (!isObject(value)) return null;
  return {
    type: 'show',
    ...identity(value),
    publisher: toStr(value.publisher),
    description: toStr(value.description),
    html_description: toStr(value.html_description),
    explicit: toBool(value.explicit),
    images: toImages(value.images),
    languages: toStringList(value.languages),
    media_type: toStr(value.media_type),
    total_episodes: toCount(value.total_episodes),
  };
}

/** What episodes and chapters share. */
function listenable(raw: JsonObject) {
  return {
    id: toStr(raw.id),
    name: toStr(raw.name),
    uri: toStr(raw.uri),
    description: toStr(raw.description),
    html_description: toStr(raw.html_description),
    duration_ms: toCount(raw.duration_ms),
    explicit: toBool(raw.explicit),
    is_playable: toBool(raw.is_playable, true),
    release_date: toStr(raw.release_date),
    release_date_precision: toStr(raw.release_date_precision),
    resume_point: toResumePoint(raw.resume_point),
    restrictions: toRestrictions(raw.restrictions),
    images: toImages(raw.images),
  };
}

export function normalizeEpisode(value: unknown): Episode | null {
  if (!isObject(value)) return null;
  return { type: 'episode', ...listenable(value), show: normalizeShow(value.show) };
}

export function normalizeAudiobook(value: unknown): Audiobook | null {
  if (!isObject(value)) return null;
  return {
    type: 'audiobook',
    ...identity(value),
    authors: toNames(value.authors),
    narrators: toNames(value.narrators),
    publisher: toStr(value.publisher),
    description: toStr(value.description),
    html_description: toStr(value.html_description),
    edition: toStr(value.edition),
    explicit: toBool(value.explicit),
    images: toImages(value.images),
    languages: toStringList(value.languages),
    media_type: toStr(value.media_type),
    total_chapters: toCount(value.total_chapters),
  };
}

/** A chapter whatever its `type` says (`episode` in the spec, `chapter` on the real service). */
export function normalizeChapter(value: unknown): Chapter | null {
  if (!isObject(value)) return null;
  return {
    type: 'chapter',
    ...listenable(value),
    chapter_number: toInt(value.chapter_number),
    audiobook: normalizeAudiobook(value.audiobook),
  };
}

/**
 * A track, episode or chapter told apart by `type`; a chapter may say `episode` and is recognised by its
 * `audiobook`. A missing type is guessed from the shape; a type we do not know is null (skip it, don't guess).
 */
export function normalizePlayable(value: unknown): PlayableItem | null {
  if (!isObject(value)) return null;
  const type = value.type ?? guessType(value);
  if (type === 'track') return normalizeTrack(value);
  if (type === 'chapter') return normalizeChapter(value);
  if (type === 'episode') return isObject(value.audiobook) ? normalizeChapter(value) : normalizeEpisode(value);
  return null;
}

function guessType(raw: JsonObject): string {
  if (isObject(raw.audiobook)) return 'chapter';
  if (isObject(raw.show)) return 'episode';
  return 'track';
}
