import type { PlaylistEdit } from './playlist-edit.js';
import type { BaseChange } from './edit-base.js';
import { planMoves, type RangeMove } from './save-plan.js';

/**
 * What a save sends when entries were added or removed, besides moves. The service removes EVERY entry of a
 * URI (and nothing by position), and adds at a position; so a save goes in three phases, each planned on the
 * base as it is then:
 *   1. removals: the URIs of the entries taken out, 100 a request. Other copies of those URIs that the order
 *      keeps go with them, and come back in phase 3 at their places (with a new date): remove-and-add-back;
 *   2. moves: the fewest range moves that put the entries left in the order shown (save-plan.ts);
 *   3. additions: each run of entries to add, 100 a request, right after the base entry before it.
 * Pure: save-edit.ts sends what this plans.
 */

/** The most URIs one add or removal carries. */
export const WRITE_CHUNK = 100;

export type WriteRequest =
  | { kind: 'move'; move: RangeMove }
  /** Removes every entry of `uris`; `change` is what that does to the base (every entry of them). */
  | { kind: 'remove'; uris: readonly string[]; change: BaseChange }
  /** Adds the entries `change.inserted.refs` (their `uris`) at `change.inserted.at`. */
  | { kind: 'add'; uris: readonly string[]; change: BaseChange };

/** The URI of the base entry at a position, where known. */
export type UriAt = (position: number) => string | undefined;

/** Base positions the order no longer shows (removed, not saved yet), ascending. */
export function removedPositions(edit: PlaylistEdit): number[] {
  const n = edit.list.total;
  const shown = new Uint8Array(n);
  for (const ref of edit.arrangement.order) if (ref < n) shown[ref] = 1;
  const removed: number[] = [];
  for (let position = 0; position < n; position++) if (!shown[position]) removed.push(position);
  return removed;
}

/** Whether the URI of every base entry is known (a removal must know every copy of what it removes). */
export function knowsEveryUri(edit: PlaylistEdit, uriAt: UriAt): boolean {
  for (let position = 0; position < edit.list.total; position++) if (uriAt(position) === undefined) return false;
  return true;
}

/**
 * The next removal: the URIs of up to 100 entries taken out, and every base entry of those URIs (all must be
 * known: `knowsEveryUri`). Null when nothing is taken out.
 */
export function nextRemoval(edit: PlaylistEdit, uriAt: UriAt): Extract<WriteRequest, { kind: 'remove' }> | null {
  const uris: string[] = [];
  const chosen = new Set<string>();
  for (const position of removedPositions(edit)) {
    const uri = uriAt(position);
    if (uri === undefined) throw new RangeError(`the entry at ${position + 1} is not known`);
    if (chosen.has(uri)) continue;
    if (uris.length === WRITE_CHUNK) break;
    chosen.add(uri);
    uris.push(uri);
  }
  if (uris.length === 0) return null;
  const removed: { position: number; uri: string }[] = [];
  for (let position = 0; position < edit.list.total; position++) {
    const uri = uriAt(position)!;
    if (chosen.has(uri)) removed.push({ position, uri });
  }
  return { kind: 'remove', uris, change: { removed, inserted: null } };
}

/** The base entries in the order shown, as base positions (entries added since the base left out). */
function basePart(edit: PlaylistEdit): Int32Array {
  const n = edit.list.total;
  return edit.arrangement.order.filter((ref) => ref < n);
}

/** The moves of phase 2, once nothing is taken out (every base entry is in the order); else null. */
export function plannedMoves(edit: PlaylistEdit): RangeMove[] | null {
  const part = basePart(edit);
  if (part.length !== edit.list.total) return null;
  // Only the entries the user moved move: on a version changed meanwhile the service moves those it is told.
  return planMoves(edit.arrangement.savedOrder, part, (position) => edit.touched[position] === 1);
}

/** The next addition: the first run of entries to add (up to 100), after the base entry that precedes it. */
export function nextAddition(edit: PlaylistEdit, uriOf: (ref: number) => string): Extract<WriteRequest, { kind: 'add' }> | null {
  const n = edit.list.total;
  const { order } = edit.arrangement;
  let before = -1;
  for (let row = 0; row < order.length; row++) {
    if (order[row]! < n) {
      before = order[row]!;
      continue;
    }
    const refs: number[] = [];
    for (let end = row; end < order.length && order[end]! >= n && refs.length < WRITE_CHUNK; end++) refs.push(order[end]!);
    return { kind: 'add', uris: refs.map(uriOf), change: { removed: [], inserted: { at: before + 1, refs } } };
  }
  return null;
}

/** What a save of the edit sends, counted before it starts (for the question before a long save and `o u`'s preview). */
export interface PlanCount {
  removals: number;
  moves: number;
  additions: number;
  /** Entries that go with a URI removed and come back (with a new date), by URI: what the plan says. */
  addedBack: number;
}

export const requestsOf = (count: PlanCount): number => count.removals + count.moves + count.additions;

/** The requests a save of the edit takes, every URI known (`uriAt`; entries added since the base by `uriOf`). */
export function countPlan(edit: PlaylistEdit, uriAt: UriAt): PlanCount {
  const n = edit.list.total;
  const removedUris = new Set(removedPositions(edit).map((position) => uriAt(position)!));
  const { order } = edit.arrangement;
  const isAddedBack = (ref: number): boolean => ref < n && removedUris.has(uriAt(ref)!);
  const kept = order.filter((ref) => ref < n && !isAddedBack(ref));
  const sorted = kept.slice().sort();
  let additions = 0;
  let addedBack = 0;
  let run = 0;
  for (const ref of order) {
    const isAdded = ref >= n || isAddedBack(ref);
    if (isAddedBack(ref)) addedBack++;
    if (isAdded && run % WRITE_CHUNK === 0) additions++;
    run = isAdded ? run + 1 : 0;
  }
  const moves = planMoves(sorted, kept, (index) => edit.touched[sorted[index]!] === 1).length;
  return { removals: Math.ceil(removedUris.size / WRITE_CHUNK), moves, additions, addedBack };
}
