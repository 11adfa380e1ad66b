import { describe, expect, it } from 'vitest';
import { applyMoves, planMoves } from '../../../../src/ui/playlist-editor/model/save-plan.js';
import {
  type ArrangementAction,
  type Arrangement,
  createArrangement,
  isDirty,
  arrangementReducer,
  selectedRange,
} from '../../../../src/ui/playlist-editor/model/arrangement.js';

function run(state: Arrangement, ...actions: (ArrangementAction | string)[]): Arrangement {
  return actions.reduce<Arrangement>((current, action) => {
    if (typeof action !== 'string') return arrangementReducer(current, action);
    // Shorthand for key sequences: J, K, v, Esc as 'esc', u, r for redo; digits before J, K, u, r count.
    let typed = '';
    return [...(action === 'esc' ? ['\x1b'] : action)].reduce((inner, key) => {
      if (/[0-9]/.test(key)) {
        typed += key;
        return inner;
      }
      const count = typed === '' ? 1 : Number(typed);
      typed = '';
      const byKey: Record<string, ArrangementAction> = {
        J: { type: 'moveDown', count },
        K: { type: 'moveUp', count },
        v: { type: 'toggleMark' },
        '\x1b': { type: 'clearMark' },
        u: { type: 'undo', count },
        r: { type: 'redo', count },
      };
      return arrangementReducer(inner, byKey[key]!);
    }, current);
  }, state);
}

const rows = (state: Arrangement) => Array.from(state.order);
const at = (index: number): ArrangementAction => ({ type: 'cursorTo', index });

describe('reorder reducer', () => {
  it('moves the item under the cursor, and the cursor with it', () => {
    const state = run(createArrangement(5), at(1), 'J');
    expect(rows(state)).toEqual([0, 2, 1, 3, 4]);
    expect(state.cursor).toBe(2);
    expect(isDirty(state)).toBe(true);
    const back = run(state, 'K');
    expect(rows(back)).toEqual([0, 1, 2, 3, 4]);
    expect(back.cursor).toBe(1);
    expect(isDirty(back)).toBe(false);
  });

  it('moves further with a typed count, and clamps a count past the ends', () => {
    let state = run(createArrangement(10), at(2), '3J');
    expect(rows(state)).toEqual([0, 1, 3, 4, 5, 2, 6, 7, 8, 9]);
    expect(state.cursor).toBe(5);
    state = run(state, '99J');
    expect(state.cursor).toBe(9);
    expect(state.order[9]).toBe(2);
    state = run(state, '12K');
    expect(state.cursor).toBe(0);
    expect(rows(state)).toEqual([2, 0, 1, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('moves a marked range, with the cursor and the mark following it', () => {
    let state = run(createArrangement(8), at(2), 'v', at(4));
    expect(selectedRange(state)).toEqual({ start: 2, end: 5 });
    state = run(state, '2J');
    expect(rows(state)).toEqual([0, 1, 5, 6, 2, 3, 4, 7]);
    expect(state.mark).toBe(4);
    expect(state.cursor).toBe(6);
    state = run(state, 'K');
    expect(rows(state)).toEqual([0, 1, 5, 2, 3, 4, 6, 7]);
    expect(selectedRange(state)).toEqual({ start: 3, end: 6 });
  });

  it('moves ranges at the edges no further than the ends', () => {
    let state = run(createArrangement(6), at(0), 'v', at(2), 'K');
    expect(rows(state)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(state.undo).toHaveLength(0);
    state = run(state, '9J');
    expect(rows(state)).toEqual([3, 4, 5, 0, 1, 2]);
    expect(selectedRange(state)).toEqual({ start: 3, end: 6 });
    state = run(state, 'J');
    expect(state.undo).toHaveLength(1);
  });

  it('marks from the cursor with v, and Esc or v again clears the mark', () => {
    let state = run(createArrangement(5), at(3), 'v');
    expect(state.mark).toBe(3);
    expect(run(state, 'esc').mark).toBeNull();
    expect(run(state, 'v').mark).toBeNull();
    state = run(state, 'esc');
    expect(run(state, 'esc')).toBe(state);
  });

  it('undoes and redoes any number of steps, and a new move clears redo', () => {
    const start = run(createArrangement(6), at(0), 'J', 'J', at(5), 'K');
    expect(rows(start)).toEqual([1, 2, 0, 3, 5, 4]);
    let state = run(start, 'u');
    expect(rows(state)).toEqual([1, 2, 0, 3, 4, 5]);
    expect(state.cursor).toBe(5);
    state = run(state, '2u');
    expect(rows(state)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(state.cursor).toBe(0);
    expect(isDirty(state)).toBe(false);
    state = run(state, 'u');
    expect(rows(state)).toEqual([0, 1, 2, 3, 4, 5]);
    state = run(state, '3r');
    expect(rows(state)).toEqual(rows(start));
    expect(state.cursor).toBe(4);
    state = run(state, '2u', at(3), 'J');
    expect(state.redo).toHaveLength(0);
    expect(rows(run(state, 'r'))).toEqual(rows(state));
  });

  it('undo brings the mark back with the range', () => {
    let state = run(createArrangement(6), at(1), 'v', at(2), 'J', 'esc', at(5));
    expect(state.mark).toBeNull();
    state = run(state, 'u');
    expect(rows(state)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(state.mark).toBe(1);
    expect(state.cursor).toBe(2);
  });

  it('renumbers the base on save, and undo still works past the save', () => {
    let state = run(createArrangement(5), at(0), '4J');
    expect(rows(state)).toEqual([1, 2, 3, 4, 0]);
    state = arrangementReducer(state, { type: 'saved', order: state.order });
    expect(rows(state)).toEqual([0, 1, 2, 3, 4]);
    expect(isDirty(state)).toBe(false);
    expect(Array.from(state.savedOrder)).toEqual([0, 1, 2, 3, 4]);
    state = run(state, 'u');
    expect(isDirty(state)).toBe(true);
    // The entry at new base 4 is the one first at 0: it is back on top.
    expect(rows(state)).toEqual([4, 0, 1, 2, 3]);
    expect(state.cursor).toBe(0);
    state = run(state, 'r');
    expect(isDirty(state)).toBe(false);
  });

  it('stays dirty when moves were made while a save was on its way', () => {
    let state = run(createArrangement(4), at(0), 'J');
    const sent = state.order;
    state = run(state, 'J');
    state = arrangementReducer(state, { type: 'saved', order: sent });
    expect(isDirty(state)).toBe(true);
    expect(rows(state)).toEqual([0, 2, 1, 3]);
    expect(applyMoves(Array.from(state.savedOrder), planMoves(state.savedOrder, state.order))).toEqual(rows(state));
  });

  it('rebases onto a merged order and starts history afresh', () => {
    let state = run(createArrangement(4), at(3), 'v', 'J', 'K');
    state = arrangementReducer(state, { type: 'rebase', order: [2, 0, 1] });
    expect(rows(state)).toEqual([2, 0, 1]);
    expect(state.cursor).toBe(2);
    expect(state.mark).toBeNull();
    expect(state.undo).toHaveLength(0);
    expect(isDirty(state)).toBe(true);
  });

  it('refuses a saved or rebased order that is not a permutation, with a clear error', () => {
    const state = createArrangement(3);
    expect(() => arrangementReducer(state, { type: 'saved', order: [0, 1] })).toThrow(/has 2 entries, expected 3/);
    expect(() => arrangementReducer(state, { type: 'saved', order: [0, 1, 1] })).toThrow(/not a permutation/);
    expect(() => arrangementReducer(state, { type: 'rebase', order: [0, 2] })).toThrow(/not a permutation/);
  });

  it('is safe on an empty playlist', () => {
    const state = run(createArrangement(0), 'v', '3J', 'K', 'u', 'r', at(4));
    expect(rows(state)).toEqual([]);
    expect(state.cursor).toBe(0);
    expect(state.mark).toBeNull();
    expect(isDirty(state)).toBe(false);
  });

  it('clamps the cursor to the list', () => {
    const state = run(createArrangement(3), at(10));
    expect(state.cursor).toBe(2);
    expect(run(state, at(-4)).cursor).toBe(0);
  });

  it('takes a keypress on 10,000 entries without copying history', () => {
    let state = createArrangement(10_000);
    state = run(state, at(9_999), 'v', at(9_000), '500K');
    expect(state.cursor).toBe(8_500);
    expect(selectedRange(state)).toEqual({ start: 8_500, end: 9_500 });
    expect(state.undo[0]).toEqual({ start: 9_000, length: 1_000, shift: -500, cursorOffset: 0, markOffset: 999 });
    expect(rows(run(state, 'u'))).toEqual(rows(createArrangement(10_000)));
  });
});
