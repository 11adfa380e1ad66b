import { describe, expect, it } from 'vitest';
import { createArrangement, arrangementReducer, type Arrangement } from '../../../../src/ui/playlist-editor/model/arrangement.js';
import { placedRefs, rearrangeStep, redoSteps, undoSteps, type HistoryState } from '../../../../src/ui/playlist-editor/model/history.js';
import {
  drop, isLiftCurrent, lift, liftedText, moveToBottom, moveToPosition, moveToTop, parsePosition,
} from '../../../../src/ui/playlist-editor/model/move-anywhere.js';
import { applyMoves, planMoves } from '../../../../src/ui/playlist-editor/model/save-plan.js';

const rows = (state: HistoryState) => Array.from(state.order);
const at = (state: Arrangement, index: number): Arrangement => arrangementReducer(state, { type: 'cursorTo', index });
const marked = (state: Arrangement, from: number, to: number): Arrangement =>
  at(arrangementReducer(at(state, from), { type: 'toggleMark' }), to);

describe('move to the top, the bottom, a position', () => {
  it('moves the item under the cursor to the top and back with undo, then again with redo', () => {
    const moved = moveToTop(at(createArrangement(5), 3));
    expect(rows(moved)).toEqual([3, 0, 1, 2, 4]);
    expect(moved.cursor).toBe(0);
    expect(moved.undo).toHaveLength(1);
    const undone = undoSteps(moved, 1);
    expect(rows(undone)).toEqual([0, 1, 2, 3, 4]);
    expect(undone.cursor).toBe(3);
    expect(rows(redoSteps(undone, 1))).toEqual([3, 0, 1, 2, 4]);
  });

  it('moves a marked range to the bottom as one step, keeping the mark on the range', () => {
    const moved = moveToBottom(marked(createArrangement(6), 1, 2));
    expect(rows(moved)).toEqual([0, 3, 4, 5, 1, 2]);
    expect([moved.mark, moved.cursor]).toEqual([4, 5]);
    expect(moved.undo).toHaveLength(1);
    // The reorder reducer's own undo takes the step back too: it is a plain block move.
    expect(rows(arrangementReducer(moved, { type: 'undo' }))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('changes nothing, and records nothing, at the edges', () => {
    const top = at(createArrangement(4), 0);
    expect(moveToTop(top)).toBe(top);
    const bottom = at(createArrangement(4), 3);
    expect(moveToBottom(bottom)).toBe(bottom);
    expect(moveToTop(createArrangement(0)).undo).toHaveLength(0);
  });

  it('moves to a typed 1-based position, clamped so the block ends at the last row', () => {
    const state = at(createArrangement(10_000), 9_000);
    const moved = moveToPosition(state, 3);
    expect(rows(moved).slice(0, 4)).toEqual([0, 1, 9_000, 2]);
    expect(moved.cursor).toBe(2);
    const range = moveToPosition(marked(createArrangement(5), 0, 1), 99);
    expect(rows(range)).toEqual([2, 3, 4, 0, 1]);
  });

  it('reads a typed position, and says what a position is when it is not one', () => {
    expect(parsePosition(' 1,200 ', 10_000)).toEqual({ position: 1_200 });
    expect(parsePosition('99999', 143)).toEqual({ position: 143 });
    expect(parsePosition('0', 143)).toEqual({ error: 'a position is a number from 1 to 143' });
    expect(parsePosition('ten', 10_000)).toEqual({ error: 'a position is a number from 1 to 10,000' });
  });
});

describe('lift and drop', () => {
  it('lifts a range, travels to the end (rows never loaded), and drops it below the last row', () => {
    const lifted = lift(marked(createArrangement(10_000), 10, 12))!;
    expect(lifted.state.mark).toBeNull();
    const travelled = at(lifted.state, 9_999);
    const result = drop(travelled, lifted.lifted, 'below');
    if (!('state' in result)) throw new Error(result.error);
    const order = rows(result.state);
    expect(order.slice(-4)).toEqual([9_999, 10, 11, 12]);
    expect(order.length).toBe(10_000);
    expect(result.state.undo).toHaveLength(1);
    expect([result.state.mark, result.state.cursor]).toEqual([9_997, 9_999]);
    expect(rows(undoSteps(result.state, 1))).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
  });

  it('drops above and below a row before the block, and above the first row', () => {
    const { state, lifted } = lift(at(createArrangement(6), 4))!;
    const above = drop(at(state, 1), lifted, 'above');
    const below = drop(at(state, 1), lifted, 'below');
    const first = drop(at(state, 0), lifted, 'above');
    expect('state' in above && rows(above.state)).toEqual([0, 4, 1, 2, 3, 5]);
    expect('state' in below && rows(below.state)).toEqual([0, 1, 4, 2, 3, 5]);
    expect('state' in first && rows(first.state)).toEqual([4, 0, 1, 2, 3, 5]);
    expect('state' in above && above.state.cursor).toBe(1);
  });

  it('drops right above the row after the block as no move at all', () => {
    const { state, lifted } = lift(at(createArrangement(4), 1))!;
    const result = drop(at(state, 2), lifted, 'above');
    expect('state' in result && result.state.undo).toHaveLength(0);
    const inside = drop(state, lifted, 'below');
    expect('state' in inside && rows(inside.state)).toEqual([0, 1, 2, 3]);
  });

  it('refuses a drop once the lifted rows moved, saying why', () => {
    const { state, lifted } = lift(at(createArrangement(5), 1))!;
    const shuffled = arrangementReducer(at(state, 2), { type: 'moveUp' });
    expect(isLiftCurrent(shuffled, lifted)).toBe(false);
    expect(drop(shuffled, lifted, 'above')).toEqual({ error: 'the lifted items moved since: lift them again (x)' });
    expect(liftedText(lifted)).toBe('1 item lifted: move to where it goes, [ drops above, ] below, Esc puts it back');
  });

  it('saves a drop far away as a single range move', () => {
    const lifted = lift(marked(createArrangement(10_000), 100, 149))!;
    const result = drop(at(lifted.state, 9_000), lifted.lifted, 'above');
    if (!('state' in result)) throw new Error(result.error);
    const moves = planMoves(Array.from(result.state.savedOrder), result.state.order);
    expect(moves).toEqual([{ rangeStart: 100, insertBefore: 9_000, rangeLength: 50 }]);
    expect(applyMoves(Array.from(result.state.savedOrder), moves)).toEqual(rows(result.state));
  });
});

describe('what a step moves', () => {
  it('names the base positions a block move or a rearrangement moves, for the merge', () => {
    const state = moveToBottom(marked(createArrangement(5), 1, 2));
    expect(placedRefs(createArrangement(5).order, state.undo[0]!)).toEqual([1, 2]);
    const rearranged = rearrangeStep(state, Int32Array.from([1, 0, 2, 3, 4]))!;
    expect(placedRefs(state.order, rearranged)).toEqual([3, 0]);
  });
});
