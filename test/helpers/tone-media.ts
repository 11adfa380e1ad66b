/**
 * A MediaSource of tones for the tests of sound, standing in for a music folder's: items of the fixture catalog
 * (tracks of the first playlist and of an album, an audiobook's chapters, a show's episodes) mapped to tone files made by ffmpeg,
 * each item its own frequency, so that what is heard tells which item plays. The catalog's durations (minutes)
 * are not the tones' (seconds): the sound's are the ones that count. A file removed is an item with no file,
 * once `changed()` says so (as a music folder's watch would).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaFile, MediaSource } from '../../src/service/media-source.js';
import type { ContextItem } from '../../src/service/play-context.js';
import { makeTone } from './audio-files.js';
import { ids } from './catalog-fixture.js';

/** The first playlist's five playable tracks, in its order. */
export const PLAYLIST_TONES = [400, 550, 700, 850, 1000] as const;
/** The album "Café Stories" (ids.discAlbum): its three tracks, disc by disc. */
export const ALBUM_TONES = [600, 900, 1200] as const;
/** The audiobook's three chapters, parts of one .m4b. */
export const CHAPTER_TONES = [500, 750, 1100] as const;
/** The show's first episode, in two halves (what is heard tells where it plays), and its other two. */
export const EPISODE_STEPS = [300, 1300] as const;
export const EPISODE_TONES = [1500, 1700] as const;

export interface ToneMedia extends MediaSource {
  folder: string;
  /** The file of an item, by its type and id. */
  pathOf(item: ContextItem): string;
  /** Tells the listeners that files changed (a removal, as a folder's watch tells). */
  changed(): void;
  remove(): void;
}

export interface ToneSeconds {
  /** Each track of the first playlist (default 1.5 s). */
  playlist?: number;
  /** Each track of the album (default 1.2 s). */
  album?: number;
  /** Each chapter (default 1.5 s). */
  chapter?: number;
  /** Each half of the first episode, and each other episode (default 3 s). */
  episode?: number;
}

const keyOf = (item: ContextItem) => `${item.type}:${item.id}`;

/** Makes the tones (a few hundred ms of ffmpeg) in a folder of their own. */
export function makeToneMedia(seconds: ToneSeconds = {}): ToneMedia {
  const folder = mkdtempSync(join(tmpdir(), 'playdeck-tones-'));
  const files = new Map<string, MediaFile>();
  const playlistSeconds = seconds.playlist ?? 1.5;
  PLAYLIST_TONES.forEach((frequency, place) => {
    const path = makeTone(join(folder, `playlist-${place + 1}.flac`), { frequency, seconds: playlistSeconds });
    files.set(keyOf({ type: 'track', id: ids.track(place + 1) }), { path, startMs: 0, endMs: null });
  });
  ALBUM_TONES.forEach((frequency, place) => {
    const path = makeTone(join(folder, `album-${place + 1}.flac`), { frequency, seconds: seconds.album ?? 1.2 });
    files.set(keyOf({ type: 'track', id: ids.discTrack(place + 1) }), { path, startMs: 0, endMs: null });
  });
  const chapterMs = Math.round((seconds.chapter ?? 1.5) * 1000);
  const chapters = CHAPTER_TONES.map((_, place) => ({ title: `Chapter ${place + 1}`, startMs: place * chapterMs, endMs: (place + 1) * chapterMs }));
  const book = makeTone(join(folder, 'book.m4b'), { steps: CHAPTER_TONES.map((frequency) => ({ frequency, seconds: chapterMs / 1000 })), chapters });
  chapters.forEach((chapter, place) => {
    files.set(keyOf({ type: 'chapter', id: ids.chapter(place + 1) }), { path: book, startMs: chapter.startMs, endMs: chapter.endMs });
  });
  const episodeSeconds = seconds.episode ?? 3;
  const steps = EPISODE_STEPS.map((frequency) => ({ frequency, seconds: episodeSeconds }));
  [{ steps }, ...EPISODE_TONES.map((frequency) => ({ frequency, seconds: episodeSeconds }))].forEach((tone, place) => {
    const path = makeTone(join(folder, `episode-${place + 1}.flac`), tone);
    files.set(keyOf({ type: 'episode', id: ids.episode(place + 1) }), { path, startMs: 0, endMs: null });
  });
  const listeners = new Set<() => void>();
  return {
    folder,
    pathOf: (item) => files.get(keyOf(item))!.path,
    fileOf(item) {
      const file = files.get(keyOf(item));
      return file && existsSync(file.path) ? file : null;
    },
    itemOf(path) {
      for (const [key, file] of files) {
        if (file.path === path && file.startMs === 0) {
          const [type, id] = key.split(':') as [ContextItem['type'], string];
          return { type, id };
        }
      }
      return null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed() {
      for (const listener of listeners) listener();
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
