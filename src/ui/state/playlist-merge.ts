import { baseKeys, countIdentities, keysOfOrder } from './entry-keys.js';
import type { PlaylistEditState } from './playlist-edit.js';
import { reorderReducer } from './reorder.js';
import { replanOnFresh } from './save-planner.js';
import { permuteSparseList } from './sparse-list.js';

/** The service's order now, entry by entry, and the snapshot it is. */
export interface FreshOrder {
  snapshotId: string;
  /** `entryIdentity` of each entry, in the service's order. */
  identities: readonly string[];
}

/**
 * The view's order replayed on the service's order now, after the playlist changed elsewhere: the entries
 * the user moved go after the entries they follow in the view, by identity (never by position); what
 * changed elsewhere stands. The fresh order becomes the base, the loaded entries move to their fresh
 * positions, the cursor stays on its entry, and the history starts afresh (its steps were rows of the old
 * order).
 */
export function mergeOnFresh(state: PlaylistEditState, fresh: FreshOrder): PlaylistEditState {
  const freshKeys = keysOfOrder(fresh.identities);
  const freshPosition = new Map<string, number>();
  freshKeys.forEach((key, position) => freshPosition.set(key, position));
  const keys = baseKeys(state.list, countIdentities(fresh.identities));
  const { order, cursor } = state.reorder;
  const desired = Array.from(order, (position) => keys[position]!);
  const merged = replanOnFresh(keys, desired, freshKeys);
  const mergedOrder = Int32Array.from(merged, (key) => freshPosition.get(key)!);

  const cursorKey = desired[cursor];
  const cursorFresh = cursorKey === undefined ? undefined : freshPosition.get(cursorKey);
  const rebased = reorderReducer(state.reorder, { type: 'rebase', order: mergedOrder });
  const cursorRow = cursorFresh === undefined ? rebased.cursor : mergedOrder.indexOf(cursorFresh);
  const reorder = reorderReducer(rebased, { type: 'cursorTo', index: cursorRow });

  const list = permuteSparseList(
    state.list,
    (position) => freshPosition.get(keys[position]!) ?? -1,
    fresh.identities.length,
    state.pageSize,
  );
  const top = Math.min(state.top, reorder.cursor);
  return { ...state, reorder, list, top, snapshotId: fresh.snapshotId, generation: state.generation + 1, isBaseStale: false };
}
