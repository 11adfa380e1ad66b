import type { EntryType, ItemRef } from './playlist-edits.js';

/** The shapes of the playlist store (playlists.ts): a playlist, its entries and versions, the answers of its writes. */

export interface PlaylistEntry {
  entryId: number;
  type: EntryType;
  itemId: string;
  addedAt: string;
  addedBy: string;
}

/** What a playlist is besides its items: Change Playlist Details sets these. */
export interface PlaylistDetails {
  name: string;
  description: string;
  isPublic: boolean;
  collaborative: boolean;
}

/**
 * A playlist as cached in memory; replaced on each write. `entries` holds at least every entry of `order`:
 * versions after an add or a removal share the map, which adds only ever grow, so a version held elsewhere
 * (playback does) still finds all of its own.
 */
export interface Playlist extends PlaylistDetails {
  id: string;
  ownerId: string;
  /** Images as stored JSON. */
  imagesJson: string;
  version: number;
  snapshotId: string;
  /** Entry ids in the current order. */
  order: Int32Array;
  entries: ReadonlyMap<number, PlaylistEntry>;
}

export interface ReorderRequest {
  rangeStart: number;
  insertBefore: number;
  rangeLength: number;
  snapshotId?: string;
}

export type WriteResult =
  | { ok: true; snapshotId: string; changed: boolean }
  | { ok: false; status: 400 | 409; message: string };

/** An entry of a version `arrange` makes: one of the current version, by id, or a new one. */
export type ArrangedEntry = { entryId: number } | (ItemRef & { addedAt: string; addedBy: string });

/** Hears every version committed (and every playlist created: `before` null), once it is committed. */
export interface PlaylistObserver {
  committed(before: Playlist | null, after: Playlist): void;
}
