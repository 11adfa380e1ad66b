import { applySplice, isSpliceStep, mapSpliceRefs, type SpliceStep } from './splice.js';

/** A block moved by some rows (`J`, `K`, `T`, `B`, `m`, a drop). */
export interface BlockStep {
  /** First row of the moved block before the move. */
  start: number;
  length: number;
  /** Rows the block moved by: negative up, positive down. */
  shift: number;
  /** The cursor and the mark as offsets into the block, so both follow it through undo and redo. */
  cursorOffset: number;
  markOffset: number | null;
}

/**
 * Undo history that holds, besides the block moves of `J`/`K` (`BlockStep`), whole rearrangements such as a sort
 * or a reverse (`RearrangeStep`), each one undo step. A rearrangement is recorded as ROWS (which row each row's
 * entry came from), never as base positions, so it survives a save renumbering the base, like a `BlockStep`.
 */
export interface RearrangeStep {
  /** `rows[i]` is the row the entry shown at row `i` after the step stood at before it. */
  readonly rows: Int32Array;
  readonly cursorBefore: number;
  readonly markBefore: number | null;
  readonly cursorAfter: number;
  readonly markAfter: number | null;
}

/** Several steps as one (the change a journal restored: entries taken out and put in, then rearranged). */
export interface CompoundStep {
  readonly steps: readonly Step[];
}

export type Step = BlockStep | RearrangeStep | SpliceStep | CompoundStep;

/** An arrangement with its history (arrangement.ts's `Arrangement` is this). */
export interface HistoryState {
  /** Display row -> ref: a base position, or (from `savedOrder.length` up) an entry added since the base. */
  readonly order: Int32Array;
  readonly cursor: number;
  /** The other end of the marked range (the cursor is one end), or null when nothing is marked. */
  readonly mark: number | null;
  /** Block moves and whole rearrangements (a sort), one undo step each. */
  readonly undo: readonly Step[];
  readonly redo: readonly Step[];
  /** The service's order, in base positions: the identity over the base's entries, since the base is the last saved snapshot. */
  readonly savedOrder: Int32Array;
}

export const isRearrangeStep = (step: Step): step is RearrangeStep => 'rows' in step;
export const isCompoundStep = (step: Step): step is CompoundStep => 'steps' in step;
export { isSpliceStep, type SpliceStep };

/** Moves `order[start, start + length)` by `shift` rows, in place (as the reorder reducer does). */
function shiftBlock(order: Int32Array, start: number, length: number, shift: number): void {
  const block = order.slice(start, start + length);
  if (shift > 0) order.copyWithin(start, start + length, start + length + shift);
  else order.copyWithin(start + shift + length, start + shift, start);
  order.set(block, start + shift);
}

interface Position {
  order: Int32Array;
  cursor: number;
  mark: number | null;
}

/** `position` with one step applied forwards (redo) or backwards (undo); `order` is a copy the caller owns. */
function applyOne(position: Position, step: Step, forwards: boolean): Position {
  const { order } = position;
  if (isCompoundStep(step)) {
    const steps = forwards ? step.steps : [...step.steps].reverse();
    return steps.reduce((at, inner) => applyOne(at, inner, forwards), position);
  }
  if (isSpliceStep(step)) {
    const next = applySplice(order, step, forwards);
    return forwards
      ? { order: next, cursor: step.cursorAfter, mark: step.markAfter }
      : { order: next, cursor: step.cursorBefore, mark: step.markBefore };
  }
  if (isRearrangeStep(step)) {
    const next = new Int32Array(order.length);
    for (let row = 0; row < order.length; row++) {
      if (forwards) next[row] = order[step.rows[row]!]!;
      else next[step.rows[row]!] = order[row]!;
    }
    return forwards
      ? { order: next, cursor: step.cursorAfter, mark: step.markAfter }
      : { order: next, cursor: step.cursorBefore, mark: step.markBefore };
  }
  const from = forwards ? step.start : step.start + step.shift;
  const to = forwards ? step.start + step.shift : step.start;
  shiftBlock(order, from, step.length, to - from);
  return { order, cursor: to + step.cursorOffset, mark: step.markOffset === null ? null : to + step.markOffset };
}

function replay<S extends HistoryState>(state: S, steps: readonly Step[], forwards: boolean): S {
  let position: Position = { order: state.order.slice(), cursor: state.cursor, mark: state.mark };
  for (const step of steps) position = applyOne(position, step, forwards);
  return { ...state, ...position };
}

/** `state` with `step` done and recorded as one undo step; the redo history is dropped, as after any move. */
export function pushStep<S extends HistoryState>(state: S, step: Step): S {
  return { ...replay(state, [step], true), undo: [...state.undo, step], redo: [] };
}

/** The last `count` steps undone (fewer when the history is shorter). */
export function undoSteps<S extends HistoryState>(state: S, count: number): S {
  const taken = Math.min(Math.max(0, Math.floor(count)), state.undo.length);
  if (taken === 0) return state;
  const steps = state.undo.slice(state.undo.length - taken).reverse();
  return { ...replay(state, steps, false), undo: state.undo.slice(0, state.undo.length - taken), redo: [...state.redo, ...steps] };
}

/** The last `count` undone steps done again. */
export function redoSteps<S extends HistoryState>(state: S, count: number): S {
  const taken = Math.min(Math.max(0, Math.floor(count)), state.redo.length);
  if (taken === 0) return state;
  const steps = state.redo.slice(state.redo.length - taken).reverse();
  return { ...replay(state, steps, true), undo: [...state.undo, ...steps], redo: state.redo.slice(0, state.redo.length - taken) };
}

/**
 * The rearrangement that puts row `rows[i]` at row `i`, as one step with the cursor following its entry and
 * the mark cleared; null when `rows` changes nothing. Throws a RangeError when `rows` is not a permutation of
 * the state's rows.
 */
export function rearrangeStep(state: HistoryState, rows: Int32Array): RearrangeStep | null {
  const length = state.order.length;
  if (rows.length !== length) throw new RangeError(`rearrangement of ${rows.length} rows, expected ${length}`);
  const newRowOf = new Int32Array(length).fill(-1);
  let changes = false;
  for (let row = 0; row < length; row++) {
    const from = rows[row]!;
    if (!(from >= 0 && from < length) || newRowOf[from] !== -1) throw new RangeError(`not a rearrangement (at row ${row})`);
    newRowOf[from] = row;
    if (from !== row) changes = true;
  }
  if (!changes) return null;
  const cursorAfter = length === 0 ? 0 : newRowOf[state.cursor]!;
  return { rows, cursorBefore: state.cursor, markBefore: state.mark, cursorAfter, markAfter: null };
}

/**
 * Refs of the entries `step` puts in new places when done (`forwards`) or undone on `order` (the order before
 * that): a block's entries, a rearrangement's entries that change rows, the entries a splice puts in. The
 * playlist edit marks those of the base touched, so a merge moves them.
 */
export function placedRefs(order: Int32Array, step: Step, forwards = true): number[] {
  if (isCompoundStep(step)) {
    const placed: number[] = [];
    let position: Position = { order: order.slice(), cursor: 0, mark: null };
    for (const inner of forwards ? step.steps : [...step.steps].reverse()) {
      placed.push(...placedRefs(position.order, inner, forwards));
      position = applyOne(position, inner, forwards);
    }
    return placed;
  }
  if (isSpliceStep(step)) return Array.from(forwards ? step.insertedRefs : step.removedRefs);
  if (isRearrangeStep(step)) {
    const moved: number[] = [];
    if (forwards) step.rows.forEach((from, row) => from !== row && moved.push(order[from]!));
    else step.rows.forEach((from, row) => from !== row && moved.push(order[row]!));
    return moved;
  }
  const start = forwards ? step.start : step.start + step.shift;
  return Array.from(order.subarray(start, start + step.length));
}

/** The step with the refs it names renumbered (only splices name refs; moves name rows). */
export function mapStepRefs(step: Step, refOf: (ref: number) => number): Step {
  if (isCompoundStep(step)) return { steps: step.steps.map((inner) => mapStepRefs(inner, refOf)) };
  return isSpliceStep(step) ? mapSpliceRefs(step, refOf) : step;
}

/** Every ref the steps name (entries a removal took out, an addition put in), each once. */
export function refsOfSteps(steps: readonly Step[], into = new Set<number>()): Set<number> {
  for (const step of steps) {
    if (isCompoundStep(step)) refsOfSteps(step.steps, into);
    else if (isSpliceStep(step)) {
      for (const ref of step.removedRefs) into.add(ref);
      for (const ref of step.insertedRefs) into.add(ref);
    }
  }
  return into;
}
