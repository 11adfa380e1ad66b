/**
 * Entries taken out of the arrangement and others put in, as one undo step (`SpliceStep`): a removal (`D`),
 * an addition (`A` from elsewhere), duplicates removed (`o u`). Unlike a block move or a rearrangement it
 * names ENTRIES, by ref (a base position, or an entry added since the base: see edit.ts), because undoing a
 * removal must bring back the very entry it took; a save that renumbers the base renumbers these refs too
 * (`mapSpliceRefs`), and an entry whose removal the service has by then comes back as an entry added anew.
 */
export interface SpliceStep {
  /** Rows before the step, ascending, whose entries it takes out; and their refs, in the same order. */
  readonly removedRows: Int32Array;
  readonly removedRefs: Int32Array;
  /** Rows after the step, ascending, where it puts `insertedRefs`. */
  readonly insertedRows: Int32Array;
  readonly insertedRefs: Int32Array;
  readonly cursorBefore: number;
  readonly markBefore: number | null;
  readonly cursorAfter: number;
  readonly markAfter: number | null;
}

export const isSpliceStep = (step: object): step is SpliceStep => 'removedRefs' in step;

/** `order` without the rows `rows` (ascending). */
function without(order: Int32Array, rows: Int32Array): Int32Array {
  if (rows.length === 0) return order.slice();
  const next = new Int32Array(order.length - rows.length);
  let taken = 0;
  let written = 0;
  for (let row = 0; row < order.length; row++) {
    if (taken < rows.length && rows[taken] === row) taken++;
    else next[written++] = order[row]!;
  }
  return next;
}

/** `order` with `refs[i]` at row `rows[i]` of the result (`rows` ascending). */
function withInserted(order: Int32Array, rows: Int32Array, refs: Int32Array): Int32Array {
  if (rows.length === 0) return order;
  const next = new Int32Array(order.length + rows.length);
  let put = 0;
  let read = 0;
  for (let row = 0; row < next.length; row++) {
    if (put < rows.length && rows[put] === row) next[row] = refs[put++]!;
    else next[row] = order[read++]!;
  }
  return next;
}

/** The order after the step (forwards) or before it (backwards). */
export function applySplice(order: Int32Array, step: SpliceStep, forwards: boolean): Int32Array {
  return forwards
    ? withInserted(without(order, step.removedRows), step.insertedRows, step.insertedRefs)
    : withInserted(without(order, step.insertedRows), step.removedRows, step.removedRefs);
}

interface Place {
  readonly order: Int32Array;
  readonly cursor: number;
  readonly mark: number | null;
}

const EMPTY = new Int32Array(0);

/** Sorted, distinct rows within the order; throws a RangeError otherwise. */
function checkedRows(rows: ArrayLike<number>, length: number): Int32Array {
  const sorted = Int32Array.from(rows).sort();
  for (let i = 0; i < sorted.length; i++) {
    if (!(sorted[i]! >= 0 && sorted[i]! < length) || (i > 0 && sorted[i] === sorted[i - 1])) throw new RangeError(`not a set of rows (${sorted[i]})`);
  }
  return sorted;
}

/**
 * The step that takes out the entries at `rows` (any order, distinct): the cursor lands on the entry that
 * followed the first removed one (or the last row), the mark goes. Null when `rows` is empty.
 */
export function removalStep(place: Place, rows: ArrayLike<number>): SpliceStep | null {
  if (rows.length === 0) return null;
  const removedRows = checkedRows(rows, place.order.length);
  const removedRefs = Int32Array.from(removedRows, (row) => place.order[row]!);
  const left = place.order.length - removedRows.length;
  const cursorAfter = Math.max(0, Math.min(removedRows[0]!, left - 1));
  return {
    removedRows, removedRefs, insertedRows: EMPTY, insertedRefs: EMPTY,
    cursorBefore: place.cursor, markBefore: place.mark, cursorAfter, markAfter: null,
  };
}

/**
 * The step that puts `refs` at row `at` (clamped to the end), in their order. With `follow` the cursor goes to
 * the first of them; else it stays on its entry (a change made from elsewhere moves nobody's cursor).
 */
export function insertionStep(place: Place, at: number, refs: ArrayLike<number>, follow: boolean): SpliceStep | null {
  if (refs.length === 0) return null;
  const start = Math.max(0, Math.min(Math.floor(at), place.order.length));
  const insertedRows = Int32Array.from({ length: refs.length }, (_, i) => start + i);
  const shifted = (row: number | null): number | null => (row === null ? null : row >= start ? row + refs.length : row);
  const cursorAfter = follow || place.order.length === 0 ? start : shifted(place.cursor)!;
  return {
    removedRows: EMPTY, removedRefs: EMPTY, insertedRows, insertedRefs: Int32Array.from(refs),
    cursorBefore: place.cursor, markBefore: place.mark, cursorAfter, markAfter: follow ? null : shifted(place.mark),
  };
}

/** The step with its refs renumbered (`refOf[ref]`; every ref it names must have a new one). */
export function mapSpliceRefs(step: SpliceStep, refOf: (ref: number) => number): SpliceStep {
  return { ...step, removedRefs: step.removedRefs.map(refOf), insertedRefs: step.insertedRefs.map(refOf) };
}
