import type { PlaylistItem } from '../../../api/types.js';
import { createArrangement, isDirty, arrangementReducer } from './arrangement.js';
import { entryIdentity, stubItem } from './entry-identity.js';
import type { PlaylistEdit } from './playlist-edit.js';
import { refsOfSteps } from './history.js';
import { itemAt, permuteSparseList, withPage, type SparseList } from '../../state/sparse-list.js';
import { landingOf } from './snapshot-lineage.js';

/**
 * What happens to the base under the edit: pages arrive, requests land and renumber it. The user's order
 * stays what it is on screen through all of it; only the refs under it change.
 */

/** What a landed addition or removal did to the base (a reorder is a permutation: `saved`). */
export interface BaseChange {
  /** Base positions the service no longer has (every entry of the URIs removed), ascending, with their URIs. */
  readonly removed: readonly { position: number; uri: string }[];
  /** Refs of entries added since the base, now in it in this order from base position `at` (counted after the removal). */
  readonly inserted: { readonly at: number; readonly refs: readonly number[] } | null;
}

/** Whether `items` differ from the entries loaded at the same positions (unloaded positions do not count). */
function differsFromLoaded(list: SparseList<PlaylistItem>, offset: number, items: readonly PlaylistItem[]): boolean {
  return items.some((item, index) => {
    const loaded = itemAt(list, offset + index);
    return loaded !== undefined && loaded !== item && entryIdentity(loaded) !== entryIdentity(item);
  });
}

/**
 * A page of the base arriving. One that shows the base is outdated (another size, other entries where some
 * are loaded) makes it stale, as its snapshot no longer names what is shown (decisions §17): with changes
 * unsaved it is set aside (the save that follows merges by identity); with none it is shown, and the next
 * check, save or `o u` reads the order rather than trust the snapshot.
 */
export function receivePage(state: PlaylistEdit, offset: number, items: readonly PlaylistItem[], total: number): PlaylistEdit {
  const sizeChanged = total !== state.list.total;
  const isOutdated = sizeChanged || differsFromLoaded(state.list, offset, items);
  if (isDirty(state.arrangement) && isOutdated) {
    // Placing it would show other entries under the user's changes: the save that follows merges by identity.
    return state.isBaseStale ? state : { ...state, isBaseStale: true };
  }
  const isKnown = !sizeChanged && items.every((item, index) => itemAt(state.list, offset + index) === item);
  if (isKnown) return state;
  const list = withPage(state.list, offset, items, total);
  const isBaseStale = state.isBaseStale || isOutdated;
  if (!sizeChanged) return { ...state, list, isBaseStale };
  // Nothing unsaved: the view starts afresh at the new size, the cursor staying where it was.
  const fresh = createArrangement(list.total);
  const cursor = Math.max(0, Math.min(state.arrangement.cursor, list.total - 1));
  return {
    ...state, list, arrangement: { ...fresh, cursor }, touched: new Uint8Array(list.total), added: [], top: Math.min(state.top, cursor),
    generation: state.generation + 1, isBaseStale,
  };
}

/**
 * What the base is worth once a write planned on it was answered `answer` (snapshot-lineage.ts): still
 * known when the write was alone, else stale (someone else wrote too) or unsure (the id cannot say).
 */
function trustAfter(state: PlaylistEdit, answer: string): Pick<PlaylistEdit, 'isBaseStale' | 'isBaseUnsure'> {
  const landing = landingOf(state.snapshotId, answer);
  return { isBaseStale: state.isBaseStale || landing === 'amongOthers', isBaseUnsure: state.isBaseUnsure || landing === 'unknown' };
}

/** The base renumbered so that the service's `order` is the identity; loaded entries move along. */
export function receiveSaved(state: PlaylistEdit, order: ArrayLike<number>, snapshotId: string): PlaylistEdit {
  const arrangement = arrangementReducer(state.arrangement, { type: 'saved', order });
  const newPosition = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) newPosition[order[i]!] = i;
  const list = permuteSparseList(state.list, (position) => newPosition[position] ?? -1, state.list.total, state.pageSize);
  const touched = new Uint8Array(state.touched.length);
  // Once all is saved nobody's moves are pending: a later merge weighs only the moves made after.
  if (isDirty(arrangement)) state.touched.forEach((flag, position) => (touched[newPosition[position]!] = flag));
  return { ...state, ...trustAfter(state, snapshotId), arrangement, list, touched, snapshotId, generation: state.generation + 1, isWriting: false };
}

/**
 * The base after an addition or a removal landed (`change`), as `snapshotId`. Entries still in the base get
 * their new positions; the entries added become base entries (not loaded: their page is read again, with the
 * date the service gave them); an entry the service no longer has that the order or the history still names
 * (the other copies of a URI removed, a removal that undo may take back) becomes an entry to add, dated
 * `at`. Every other ref keeps its entry under a new number.
 */
export function receiveBaseChange(state: PlaylistEdit, change: BaseChange, snapshotId: string, at: string): PlaylistEdit {
  const n = state.list.total;
  const { order, undo, redo } = state.arrangement;
  const gone = new Map(change.removed.map(({ position, uri }) => [position, uri]));
  const inserted = change.inserted;
  const k = inserted?.refs.length ?? 0;
  const kept = n - gone.size;
  const newLength = kept + k;
  const newPosition = new Int32Array(n).fill(-1);
  for (let position = 0, next = 0; position < n; position++) {
    if (gone.has(position)) continue;
    newPosition[position] = inserted !== null && next >= inserted.at ? next + k : next;
    next++;
  }
  const refOf = new Int32Array(n + state.added.length).fill(-1);
  for (let position = 0; position < n; position++) refOf[position] = newPosition[position]!;
  inserted?.refs.forEach((ref, index) => (refOf[ref] = inserted.at + index));
  // Refs still named and not in the base: entries to add, numbered after the new base in order of first mention.
  const added: PlaylistItem[] = [];
  const inUse = refsOfSteps(redo, refsOfSteps(undo, new Set(order)));
  for (const ref of [...order, ...inUse]) {
    if (refOf[ref] !== -1) continue;
    refOf[ref] = newLength + added.length;
    if (ref >= n) added.push(state.added[ref - n]!);
    else {
      // The service removed it (a copy of a URI removed, or the user's own removal that undo may take back).
      const loaded = itemAt(state.list, ref);
      added.push(loaded === undefined ? stubItem(gone.get(ref) ?? '', at) : { ...loaded, added_at: at, added_by: null });
    }
  }
  const arrangement = arrangementReducer(state.arrangement, { type: 'renumber', refOf, baseLength: newLength });
  const list = permuteSparseList(state.list, (position) => newPosition[position] ?? -1, newLength, state.pageSize);
  const touched = new Uint8Array(newLength);
  if (isDirty(arrangement)) state.touched.forEach((flag, position) => flag && newPosition[position]! >= 0 && (touched[newPosition[position]!] = 1));
  return { ...state, ...trustAfter(state, snapshotId), arrangement, list, touched, added, snapshotId, generation: state.generation + 1, isWriting: false };
}

/**
 * Whether `fresh` (the service's order now, under a snapshot other than the base's) holds exactly the base's
 * entries in the base's order, every one of them loaded here: the playlist was opened from a list read before
 * its last change, say. The edit then takes the new snapshot as it is, its history kept; anything less
 * certain is merged by identity.
 */
export function isSameBase(state: PlaylistEdit, fresh: { identities: readonly string[] }): boolean {
  const n = state.list.total;
  if (fresh.identities.length !== n) return false;
  for (let position = 0; position < n; position++) {
    const entry = itemAt(state.list, position);
    if (entry === undefined || entryIdentity(entry) !== fresh.identities[position]) return false;
  }
  return true;
}

/**
 * Offsets of the pages holding rows near the window that are not loaded yet: the window's own rows first,
 * then a page's worth below it and above it. Rows map to base positions anywhere in the playlist; an entry
 * added since the base has no page.
 */
export function missingPages(state: PlaylistEdit, top: number, height: number): number[] {
  const { list, pageSize } = state;
  const { order } = state.arrangement;
  const bottom = top + height;
  const ranges: [number, number][] = [[top, bottom], [bottom, bottom + pageSize], [top - pageSize, top]];
  const offsets: number[] = [];
  const seen = new Set<number>();
  for (const [from, to] of ranges) {
    for (let row = Math.max(0, from); row < Math.min(order.length, to); row++) {
      const position = order[row]!;
      if (position >= list.total) continue;
      const offset = position - (position % pageSize);
      if (seen.has(offset) || itemAt(list, position) !== undefined) continue;
      seen.add(offset);
      offsets.push(offset);
    }
  }
  return offsets;
}
