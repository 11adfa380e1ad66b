import type { PlaylistItem } from '../../../api/types.js';
import type { SparseList } from '../../state/sparse-list.js';
import type { Arrangement } from './arrangement.js';

// The state alone, apart from its reducer (edit.ts): the reducer's helpers (edit-base.ts, merge.ts,
// write-plan.ts) take it without importing the reducer that imports them.

/**
 * The playlist edit: everything the editor holds of one playlist. Its arrangement (display row -> base
 * position, cursor, mark, undo and redo), the entries loaded so far by base position, the scroll window, and
 * the snapshot the base positions are those of. One reducer, so that a save renumbering the base moves the
 * loaded pages and the arrangement in the same step (README.md beside: the words and the data flow).
 */
export interface PlaylistEdit {
  readonly arrangement: Arrangement;
  /** Entries by base position. */
  readonly list: SparseList<PlaylistItem>;
  /** Entries added since the base (not saved yet): ref `list.total + i` is `added[i]`. */
  readonly added: readonly PlaylistItem[];
  /** By base position, 1 for the entries the user moved (in a moved block, not merely displaced by one). */
  readonly touched: Uint8Array;
  /** First display row of the window. */
  readonly top: number;
  /** While a filter narrows the view: the first of the rows it lets through that the window shows. */
  readonly filterTop: number;
  /** The snapshot the base positions are those of; null when unknown (a save then merges by identity). */
  readonly snapshotId: string | null;
  /**
   * Bumps whenever a page asked for earlier could no longer be placed right: the base was renumbered, or a
   * reorder request went out (a page answered meanwhile may show either side of it).
   */
  readonly generation: number;
  /** A reorder request is in flight: no page is asked for until it is answered. */
  readonly isWriting: boolean;
  /**
   * The base is known to differ from what the service has: a page showed a change made elsewhere while moves
   * were unsaved (it was set aside), or a write's answer named a version someone else wrote too (decisions §17).
   * The next save reads the playlist by identity and merges before it sends anything.
   */
  readonly isBaseStale: boolean;
  /**
   * The base is the editor's own reckoning of what its writes made, labelled with an answer that cannot say
   * whether someone else wrote in between (an opaque snapshot id): the save verifies it by reading before it
   * says saved, and a check of the playlist reads it rather than trust a 304.
   */
  readonly isBaseUnsure: boolean;
  /** Pages are fetched this long; loaded entries are kept in pages cut at its multiples. */
  readonly pageSize: number;
}
