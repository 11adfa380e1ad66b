import { baseKeys, countIdentities, isKnownKey, keysOfOrder } from './entry-identity.js';
import type { PlaylistEdit } from './edit.js';
import { arrangementReducer } from './arrangement.js';
import { permuteSparseList } from '../../state/sparse-list.js';

/** The service's order now, entry by entry, and the snapshot it is. */
export interface FreshOrder {
  snapshotId: string;
  /** `entryIdentity` of each entry, in the service's order. */
  identities: readonly string[];
}

/**
 * Which entries of `desired` (given as their base positions) stay put: a heaviest subsequence in base
 * order, in O(n log n) with a tree of prefix maxima. Weights make it follow the user's intent: an entry
 * whose identity is unknown must stay (it cannot be found again), one the user moved with `J`/`K` is the
 * first to count as moved (pressing `J` once on A could as well be read as "B went up" otherwise).
 */
function keptEntries(positions: Int32Array, weights: Float64Array): Uint8Array {
  const n = positions.length;
  const tree = new Float64Array(n + 1);
  const treeAt = new Int32Array(n + 1).fill(-1);
  const best = new Float64Array(n);
  const previous = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let bestBefore = 0;
    let bestIndex = -1;
    for (let slot = positions[i]!; slot > 0; slot -= slot & -slot) {
      if (tree[slot]! > bestBefore) [bestBefore, bestIndex] = [tree[slot]!, treeAt[slot]!];
    }
    best[i] = bestBefore + weights[i]!;
    previous[i] = bestIndex;
    for (let slot = positions[i]! + 1; slot <= n; slot += slot & -slot) {
      if (best[i]! > tree[slot]!) [tree[slot], treeAt[slot]] = [best[i]!, i];
    }
  }
  const kept = new Uint8Array(n);
  let last = -1;
  for (let i = 0; i < n; i++) if (last < 0 || best[i]! > best[last]!) last = i;
  for (let i = last; i >= 0; i = previous[i]!) kept[i] = 1;
  return kept;
}

/**
 * `desired` (keys) replayed on `fresh`: every entry outside `kept` goes right after the kept entry before it
 * in `desired` that is still in `fresh` (at the top when none is); all else keeps `fresh`'s order, so moves,
 * additions and removals made elsewhere stand.
 */
function replay(desired: readonly string[], kept: Uint8Array, fresh: readonly string[]): string[] {
  const inFresh = new Set(fresh);
  const moved = new Set<string>();
  const atTop: string[] = [];
  const followers = new Map<string, string[]>();
  let bucket = atTop;
  desired.forEach((key, i) => {
    if (!inFresh.has(key)) return;
    if (kept[i]) followers.set(key, (bucket = []));
    else {
      moved.add(key);
      bucket.push(key);
    }
  });
  const result = [...atTop];
  for (const key of fresh) {
    if (moved.has(key)) continue;
    result.push(key, ...(followers.get(key) ?? []));
  }
  return result;
}

/**
 * The view's order replayed on the service's order now, after the playlist changed elsewhere: the entries
 * the user moved go after the entries they follow in the view, by identity (never by position); what
 * changed elsewhere stands. The fresh order becomes the base, the loaded entries move to their fresh
 * positions, the cursor and the mark stay on their entries, and the history starts afresh (its steps were
 * rows of the old order).
 */
export function mergeOnFresh(state: PlaylistEdit, fresh: FreshOrder): PlaylistEdit {
  const freshKeys = keysOfOrder(fresh.identities);
  const freshPosition = new Map<string, number>();
  freshKeys.forEach((key, position) => freshPosition.set(key, position));
  const keys = baseKeys(state.list, countIdentities(fresh.identities));
  const { order, cursor, mark } = state.arrangement;
  const mustStay = 2 * order.length + 2;
  const weights = Float64Array.from(order, (position) =>
    !isKnownKey(keys[position]!) ? mustStay : state.touched[position] ? 1 : 2,
  );
  const desired = Array.from(order, (position) => keys[position]!);
  const mergedOrder = Int32Array.from(replay(desired, keptEntries(order, weights), freshKeys), (key) => freshPosition.get(key)!);

  const cursorFresh = freshPosition.get(desired[cursor] ?? '');
  const rebased = arrangementReducer(state.arrangement, { type: 'rebase', order: mergedOrder });
  const cursorRow = cursorFresh === undefined ? rebased.cursor : mergedOrder.indexOf(cursorFresh);
  const moved = arrangementReducer(rebased, { type: 'cursorTo', index: cursorRow });
  // The mark stays on its entry too; one whose entry cannot be found is let go rather than mark others.
  const markFresh = mark === null ? undefined : freshPosition.get(desired[mark] ?? '');
  const arrangement = markFresh === undefined ? moved : { ...moved, mark: mergedOrder.indexOf(markFresh) };

  const newPosition = (position: number): number => freshPosition.get(keys[position]!) ?? -1;
  const list = permuteSparseList(state.list, newPosition, fresh.identities.length, state.pageSize);
  const touched = new Uint8Array(fresh.identities.length);
  state.touched.forEach((flag, position) => flag && newPosition(position) >= 0 && (touched[newPosition(position)] = 1));
  const top = Math.min(state.top, arrangement.cursor);
  return {
    ...state, arrangement, list, touched, top, snapshotId: fresh.snapshotId, generation: state.generation + 1, isBaseStale: false,
  };
}
