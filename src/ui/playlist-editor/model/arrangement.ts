import { mapStepRefs, pushStep, redoSteps, undoSteps, type BlockStep, type HistoryState, type Step } from './history.js';

export type { BlockStep };

/**
 * The arrangement of a playlist's entries as the editor shows it: `J`/`K` move the item under the cursor (or
 * the marked range) one place, times a typed count; `v` marks; `u` and Ctrl+R undo and redo.
 *
 * A playlist may hold 10,000 entries of which few are loaded, so the order shown is a permutation of
 * BASE POSITIONS: indexes in the last snapshot saved on the service (the sparse list's indexes).
 * `order[displayRow]` is the base position shown at that row. Steps record moves, never copies of the
 * order, so undo and redo keep working across a save, when the base positions are renumbered.
 *
 * Entries added since the base (an addition not saved yet) have refs from `savedOrder.length` up, and entries
 * removed are simply not in the order: it is then not a permutation, and differs from the base.
 */


/** The arrangement shown: the state the undo history moves (history.ts declares it, with the steps). */
export type Arrangement = HistoryState;

export type ArrangementAction =
  /** `count` rows (a typed count; 1 by default), clamped at the ends. */
  | { type: 'moveUp'; count?: number }
  | { type: 'moveDown'; count?: number }
  | { type: 'toggleMark' }
  | { type: 'clearMark' }
  /** `count` steps (1 by default). */
  | { type: 'undo'; count?: number }
  | { type: 'redo'; count?: number }
  | { type: 'cursorTo'; index: number }
  /** The service now has `order` (base positions, usually the order a save sent): it becomes the base. */
  | { type: 'saved'; order: ArrayLike<number> }
  /**
   * After a merge: `order` is the view's order in positions of the fresh snapshot, the new base, of
   * `baseLength` entries (the order's length unless entries were added or removed).
   */
  | { type: 'rebase'; order: ArrayLike<number>; baseLength?: number }
  /**
   * The service took an addition or a removal: the base has `baseLength` entries now, and every ref the order
   * or the history names has the new one `refOf[ref]`.
   */
  | { type: 'renumber'; refOf: Int32Array; baseLength: number };

function identity(length: number): Int32Array {
  const order = new Int32Array(length);
  for (let i = 0; i < length; i++) order[i] = i;
  return order;
}

/** A copy of `order`, checked to be a permutation of 0..length-1; throws a RangeError naming the problem. */
function permutation(order: ArrayLike<number>, length: number, action: string): Int32Array {
  if (order.length !== length) {
    throw new RangeError(`${action}: the order has ${order.length} entries, expected ${length}`);
  }
  const copy = Int32Array.from(order);
  const seen = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const position = order[i];
    if (!(Number.isInteger(position) && position >= 0 && position < length) || seen[position]) {
      throw new RangeError(`${action}: the order is not a permutation of 0..${length - 1} (at index ${i})`);
    }
    seen[position] = 1;
  }
  return copy;
}

export function createArrangement(length: number): Arrangement {
  const size = Number.isInteger(length) && length > 0 ? length : 0;
  return { order: identity(size), cursor: 0, mark: null, undo: [], redo: [], savedOrder: identity(size) };
}

/** The rows a move would move, `end` exclusive: the marked range, or the cursor's row. */
export function selectedRange(state: Arrangement): { start: number; end: number } {
  const other = state.mark ?? state.cursor;
  return { start: Math.min(state.cursor, other), end: Math.max(state.cursor, other) + 1 };
}

/** Whether the view's order differs from what the service has. */
export function isDirty(state: Arrangement): boolean {
  const { order, savedOrder } = state;
  if (order.length !== savedOrder.length) return true;
  for (let i = 0; i < order.length; i++) if (order[i] !== savedOrder[i]) return true;
  return false;
}

/** A copy of `order` whose refs are distinct, base positions below `baseLength`; throws a RangeError naming the problem. */
function refsOrder(order: ArrayLike<number>, baseLength: number, action: string): Int32Array {
  const copy = Int32Array.from(order);
  const seen = new Set<number>();
  for (let i = 0; i < copy.length; i++) {
    const ref = copy[i]!;
    if (!(Number.isInteger(order[i]) && ref >= 0) || seen.has(ref)) throw new RangeError(`${action}: the order repeats or misnames an entry (at index ${i})`);
    seen.add(ref);
  }
  return copy;
}

function move(state: Arrangement, direction: -1 | 1, times: number): Arrangement {
  if (state.order.length === 0) return state;
  const { start, end } = selectedRange(state);
  const room = direction < 0 ? start : state.order.length - end;
  const shift = direction * Math.min(times, room);
  if (shift === 0) return state;
  const step: BlockStep = {
    start,
    length: end - start,
    shift,
    cursorOffset: state.cursor - start,
    markOffset: state.mark === null ? null : state.mark - start,
  };
  return pushStep(state, step);
}

/** `state` with every ref the order and the history name renumbered. */
function withRefs(state: Arrangement, refOf: (ref: number) => number, baseLength: number): Arrangement {
  const map = (steps: readonly Step[]) => steps.map((step) => mapStepRefs(step, refOf));
  return { ...state, order: state.order.map(refOf), undo: map(state.undo), redo: map(state.redo), savedOrder: identity(baseLength) };
}

/** Renumbers base positions so that `savedOrder` (what the service has now) becomes the identity. */
function saved(state: Arrangement, savedOrder: ArrayLike<number>): Arrangement {
  const length = state.savedOrder.length;
  const newBase = permutation(savedOrder, length, 'saved');
  const renumber = new Int32Array(length);
  for (let i = 0; i < length; i++) renumber[newBase[i]] = i;
  // Added entries keep their refs: the base keeps its size.
  return withRefs(state, (ref) => (ref < length ? renumber[ref]! : ref), length);
}

/** `baseLength` undefined: the order is a permutation of the new base (nothing added or taken out). */
function rebase(state: Arrangement, newOrder: ArrayLike<number>, given: number | undefined): Arrangement {
  const baseLength = given ?? newOrder.length;
  const order = given === undefined ? permutation(newOrder, newOrder.length, 'rebase') : refsOrder(newOrder, baseLength, 'rebase');
  const cursor = Math.max(0, Math.min(state.cursor, order.length - 1));
  // Recorded steps were rows of the old snapshot and may not fit the new one: history starts afresh.
  return { order, cursor, mark: null, undo: [], redo: [], savedOrder: identity(baseLength) };
}

/** A count as a whole number of times, at least 1. */
const timesOf = (count = 1): number => (Number.isFinite(count) && count >= 1 ? Math.floor(count) : 1);

export function arrangementReducer(state: Arrangement, action: ArrangementAction): Arrangement {
  switch (action.type) {
    case 'moveUp':
      return move(state, -1, timesOf(action.count));
    case 'moveDown':
      return move(state, 1, timesOf(action.count));
    case 'toggleMark':
      return { ...state, mark: state.mark === null && state.order.length > 0 ? state.cursor : null };
    case 'clearMark':
      return state.mark === null ? state : { ...state, mark: null };
    case 'undo':
      return undoSteps(state, timesOf(action.count));
    case 'redo':
      return redoSteps(state, timesOf(action.count));
    case 'cursorTo': {
      const last = state.order.length - 1;
      const index = Number.isFinite(action.index) ? Math.floor(action.index) : state.cursor;
      const cursor = Math.max(0, Math.min(index, last));
      return cursor === state.cursor ? state : { ...state, cursor };
    }
    case 'saved':
      return saved(state, action.order);
    case 'rebase':
      return rebase(state, action.order, action.baseLength);
    case 'renumber':
      return withRefs(state, (ref) => action.refOf[ref]!, action.baseLength);
  }
}
