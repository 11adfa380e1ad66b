import { baseKeys, countIdentities, entryIdentity, isKnownKey, keysOfOrder } from './entry-identity.js';
import type { PlaylistEdit } from './playlist-edit.js';
import { arrangementReducer, isDirty } from './arrangement.js';
import { heaviestIncreasing } from './heaviest-subsequence.js';
import { itemAt, permuteSparseList } from '../../state/sparse-list.js';

/** The service's order now, entry by entry, and the snapshot it is. */
export interface FreshOrder {
  snapshotId: string;
  /** `entryIdentity` of each entry, in the service's order. */
  identities: readonly string[];
}

/** The key of an entry added since the base: in no fresh order. */
const addedKey = (ref: number): string => `+${ref}`;
const isAddedKey = (key: string): boolean => key.startsWith('+');

/**
 * `desired` (keys) replayed on `fresh`: every entry outside `kept` goes right after the kept entry before it
 * in `desired` that is still in `fresh` (at the top when none is), entries added since the base with them;
 * the entries in `taken` (removed by the user) leave; all else keeps `fresh`'s order, so moves, additions and
 * removals made elsewhere stand.
 */
function replay(desired: readonly string[], kept: Uint8Array, fresh: readonly string[], taken: ReadonlySet<string>): string[] {
  const inFresh = new Set(fresh);
  const moved = new Set<string>();
  const atTop: string[] = [];
  const followers = new Map<string, string[]>();
  let bucket = atTop;
  desired.forEach((key, i) => {
    if (!inFresh.has(key) && !isAddedKey(key)) return;
    if (kept[i]) followers.set(key, (bucket = []));
    else {
      moved.add(key);
      bucket.push(key);
    }
  });
  const result = [...atTop];
  for (const key of fresh) {
    if (moved.has(key)) continue;
    if (!taken.has(key)) result.push(key);
    result.push(...(followers.get(key) ?? []));
  }
  return result;
}

/**
 * Keys of the entries the user removed, as the fresh order names them: by key where it is certain, else by
 * identity (copies added at the same moment are alike: the first ones in the fresh order go). An entry
 * removed elsewhere meanwhile has none.
 */
function takenKeys(state: PlaylistEdit, keys: readonly string[], freshKeys: readonly string[], freshIdentities: readonly string[]): Set<string> {
  const n = state.list.total;
  const shown = new Uint8Array(n);
  for (const ref of state.arrangement.order) if (ref < n) shown[ref] = 1;
  const taken = new Set<string>();
  const byIdentity = new Map<string, number>();
  for (let position = 0; position < n; position++) {
    if (shown[position]) continue;
    if (isKnownKey(keys[position]!)) taken.add(keys[position]!);
    else {
      const entry = itemAt(state.list, position);
      if (entry !== undefined) byIdentity.set(entryIdentity(entry), (byIdentity.get(entryIdentity(entry)) ?? 0) + 1);
    }
  }
  freshIdentities.forEach((identity, position) => {
    const left = byIdentity.get(identity) ?? 0;
    if (left === 0 || taken.has(freshKeys[position]!)) return;
    taken.add(freshKeys[position]!);
    byIdentity.set(identity, left - 1);
  });
  return taken;
}

/**
 * Which refs of the order stay put: a heaviest subsequence in base order among its base entries (added ones
 * always move). Weights follow the user's intent (decisions §17): an entry whose identity is unknown must
 * stay (it cannot be found again, so the entries around it move instead), and one the user did not move
 * outweighs all those they moved together: pressing `J` once on A could as well be read as "B went up", and
 * moving three entries up past a fourth as "the fourth went down". An entry the service no longer has at all
 * weighs nothing: where it was must not push others about.
 */
function keptRefs(state: PlaylistEdit, keys: readonly string[], freshCounts: ReadonlyMap<string, number>): Uint8Array {
  const n = state.list.total;
  const { order } = state.arrangement;
  const rows = order.reduce<number[]>((found, ref, row) => (ref < n ? (found.push(row), found) : found), []);
  const positions = Int32Array.from(rows, (row) => order[row]!);
  const isGone = (position: number): boolean => {
    const entry = itemAt(state.list, position);
    return entry !== undefined && !freshCounts.has(entryIdentity(entry));
  };
  let moved = 0;
  let unmoved = 0;
  for (const position of positions) {
    if (isKnownKey(keys[position]!)) {
      if (state.touched[position]) moved++;
      else unmoved++;
    }
  }
  const unmovedWeight = moved + 1;
  const mustStay = moved + unmoved * unmovedWeight + 1;
  const weightOf = (position: number): number => {
    if (isKnownKey(keys[position]!)) return state.touched[position] ? 1 : unmovedWeight;
    return isGone(position) ? 0 : mustStay;
  };
  const weights = Float64Array.from(positions, weightOf);
  // The subsequence is of base positions 0..n-1 (the tree's size): rank them among the ones shown.
  const ranks = Int32Array.from(positions).sort();
  const rankOf = new Map<number, number>();
  ranks.forEach((position, rank) => rankOf.set(position, rank));
  const keptAmongBase = heaviestIncreasing(Int32Array.from(positions, (position) => rankOf.get(position)!), weights);
  const kept = new Uint8Array(order.length);
  rows.forEach((row, index) => (kept[row] = keptAmongBase[index]!));
  return kept;
}

/**
 * The view's order replayed on the service's order now, after the playlist changed elsewhere: the entries
 * the user moved go after the entries they follow in the view, by identity (never by position), entries
 * added since the base with them; the entries the user removed stay out of the order (the fresh base still
 * has them: the save removes them); what changed elsewhere stands. The fresh order becomes the base, the
 * loaded entries move to their fresh positions, the cursor and the mark stay on their entries, and the
 * history starts afresh (its steps were rows of the old order).
 */
export function mergeOnFresh(state: PlaylistEdit, fresh: FreshOrder): PlaylistEdit {
  const n = state.list.total;
  const freshKeys = keysOfOrder(fresh.identities);
  const freshPosition = new Map<string, number>();
  freshKeys.forEach((key, position) => freshPosition.set(key, position));
  const freshCounts = countIdentities(fresh.identities);
  const keys = baseKeys(state.list, freshCounts);
  const { order, cursor, mark } = state.arrangement;
  const keyOf = (ref: number): string => (ref < n ? keys[ref]! : addedKey(ref));
  const desired = Array.from(order, keyOf);
  const merged = replay(desired, keptRefs(state, keys, freshCounts), freshKeys, takenKeys(state, keys, freshKeys, fresh.identities));
  const newLength = fresh.identities.length;
  // Entries added since the base keep coming after the fresh base, in the order they now show.
  const added = merged.filter(isAddedKey).map((key) => state.added[Number(key.slice(1)) - n]!);
  let nextAdded = newLength;
  const newRefOfKey = new Map<string, number>();
  for (const key of merged) newRefOfKey.set(key, isAddedKey(key) ? nextAdded++ : freshPosition.get(key)!);
  const mergedOrder = Int32Array.from(merged, (key) => newRefOfKey.get(key)!);

  const rebased = arrangementReducer(state.arrangement, { type: 'rebase', order: mergedOrder, baseLength: newLength });
  const cursorRef = newRefOfKey.get(desired[cursor] ?? '');
  const cursorRow = cursorRef === undefined ? rebased.cursor : mergedOrder.indexOf(cursorRef);
  const moved = arrangementReducer(rebased, { type: 'cursorTo', index: cursorRow });
  // The mark stays on its entry too; one whose entry cannot be found is let go rather than mark others.
  const markRef = mark === null ? undefined : newRefOfKey.get(desired[mark] ?? '');
  const arrangement = markRef === undefined ? moved : { ...moved, mark: mergedOrder.indexOf(markRef) };

  const newPosition = (position: number): number => freshPosition.get(keys[position]!) ?? -1;
  const list = permuteSparseList(state.list, newPosition, newLength, state.pageSize);
  const touched = new Uint8Array(newLength);
  if (isDirty(arrangement)) state.touched.forEach((flag, position) => flag && newPosition(position) >= 0 && (touched[newPosition(position)] = 1));
  const top = Math.min(state.top, arrangement.cursor);
  return {
    ...state, arrangement, list, added, touched, top, snapshotId: fresh.snapshotId, generation: state.generation + 1, isBaseStale: false, isBaseUnsure: false,
  };
}
