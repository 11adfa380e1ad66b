import type { ContextItem } from './play-context.js';

/** Where the sound of an item is: a file, and for a chapter of a longer file (an `.m4b`) the part of it. */
export interface MediaFile {
  /** Absolute path. */
  path: string;
  /** Where the item starts in the file: 0 for a whole file. */
  startMs: number;
  /** Where it ends in the file, or null for the file's end. */
  endMs: number | null;
}

/**
 * The files behind the catalog: the music folder's (a catalog read from files), none for the generated demo
 * catalog. The player's sound engine asks it what to play; playlists kept as `.m3u` files ask it both ways.
 */
export interface MediaSource {
  /** The file of a track, episode or chapter; null when the item has none (the demo catalog, a file gone). */
  fileOf(item: ContextItem): MediaFile | null;
  /** The track or episode a file of the catalog is (an absolute path), or null when it is none. */
  itemOf(path: string): ContextItem | null;
  /** Hears each change of the catalog's files (a rescan, the folder watched); returns the way to stop hearing. */
  subscribe(listener: () => void): () => void;
}
