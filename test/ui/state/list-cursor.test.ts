import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CursorAction, moveCursor, pagesToFetch, setCursor } from '../../../src/ui/state/list-cursor.js';

const start = { cursor: 0, top: 0 };

describe('moveCursor', () => {
  it('moves down and scrolls only when the cursor would leave the window', () => {
    let state = start;
    for (let i = 0; i < 4; i++) state = moveCursor(state, 'down', 100, 5);
    expect(state).toEqual({ cursor: 4, top: 0 });
    state = moveCursor(state, 'down', 100, 5);
    expect(state).toEqual({ cursor: 5, top: 1 });
    state = moveCursor(state, 'up', 100, 5, 3);
    expect(state).toEqual({ cursor: 2, top: 1 });
    state = moveCursor(state, 'up', 100, 5);
    expect(state).toEqual({ cursor: 1, top: 1 });
    state = moveCursor(state, 'up', 100, 5);
    expect(state).toEqual({ cursor: 0, top: 0 });
  });

  it('stops at both ends, whatever the count', () => {
    expect(moveCursor({ cursor: 3, top: 0 }, 'up', 10, 5, 50)).toEqual({ cursor: 0, top: 0 });
    expect(moveCursor({ cursor: 3, top: 0 }, 'down', 10, 5, 50)).toEqual({ cursor: 9, top: 5 });
  });

  it('pages keep the cursor on the same screen row, except at the ends', () => {
    expect(moveCursor({ cursor: 2, top: 0 }, 'pageDown', 100, 10)).toEqual({ cursor: 12, top: 10 });
    expect(moveCursor({ cursor: 12, top: 10 }, 'pageUp', 100, 10)).toEqual({ cursor: 2, top: 0 });
    expect(moveCursor({ cursor: 2, top: 0 }, 'pageDown', 100, 10, 3)).toEqual({ cursor: 32, top: 30 });
    expect(moveCursor({ cursor: 95, top: 90 }, 'pageDown', 100, 10)).toEqual({ cursor: 99, top: 90 });
    expect(moveCursor({ cursor: 4, top: 2 }, 'pageUp', 100, 10)).toEqual({ cursor: 0, top: 0 });
  });

  it('jumps to the first and last items', () => {
    expect(moveCursor({ cursor: 40, top: 38 }, 'first', 10_000, 20)).toEqual({ cursor: 0, top: 0 });
    expect(moveCursor(start, 'last', 10_000, 20)).toEqual({ cursor: 9_999, top: 9_980 });
  });

  it('is safe on an empty list and with nonsense sizes', () => {
    expect(moveCursor({ cursor: 5, top: 3 }, 'down', 0, 10)).toEqual({ cursor: 0, top: 0 });
    expect(moveCursor({ cursor: 5, top: 3 }, 'last', 0, 10)).toEqual({ cursor: 0, top: 0 });
    const garbage = { cursor: Number.NaN, top: Number.NaN };
    expect(moveCursor(garbage, 'down', 3, 0, Number.NaN)).toEqual({ cursor: 1, top: 1 });
  });

  it('a list shorter than the window never scrolls', () => {
    expect(moveCursor({ cursor: 0, top: 0 }, 'last', 3, 10)).toEqual({ cursor: 2, top: 0 });
  });

  it('never leaves the list and always shows the cursor (property)', () => {
    const actions: CursorAction[] = ['up', 'down', 'pageUp', 'pageDown', 'first', 'last'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.tuple(fc.constantFrom(...actions), fc.integer({ min: 1, max: 60 })), {
          maxLength: 40,
          size: 'max',
        }),
        (length, height, moves) => {
          let state = start;
          for (const [action, count] of moves) {
            state = moveCursor(state, action, length, height, count);
            const lastIndex = Math.max(0, length - 1);
            expect(state.cursor).toBeGreaterThanOrEqual(0);
            expect(state.cursor).toBeLessThanOrEqual(lastIndex);
            expect(state.top).toBeGreaterThanOrEqual(0);
            expect(state.top).toBeLessThanOrEqual(Math.max(0, length - height));
            expect(state.cursor).toBeGreaterThanOrEqual(state.top);
            expect(state.cursor).toBeLessThan(state.top + height);
          }
        },
      ),
      { seed: 20240501, numRuns: 500 },
    );
  });
});

describe('setCursor', () => {
  it('clamps and scrolls to the new cursor', () => {
    expect(setCursor(start, 50, 100, 10)).toEqual({ cursor: 50, top: 41 });
    expect(setCursor({ cursor: 50, top: 41 }, 45, 100, 10)).toEqual({ cursor: 45, top: 41 });
    expect(setCursor({ cursor: 50, top: 41 }, 500, 100, 10)).toEqual({ cursor: 99, top: 90 });
    expect(setCursor({ cursor: 50, top: 41 }, -3, 100, 10)).toEqual({ cursor: 0, top: 0 });
  });

  it('pulls the window back when the list has shrunk', () => {
    expect(setCursor({ cursor: 95, top: 90 }, 95, 20, 10)).toEqual({ cursor: 19, top: 10 });
    expect(setCursor({ cursor: 95, top: 90 }, 0, 0, 10)).toEqual({ cursor: 0, top: 0 });
  });
});

describe('pagesToFetch', () => {
  const nothingLoaded = () => false;

  it('asks for the pages of the window and one page of margin, nearest first', () => {
    expect(pagesToFetch(250, 20, 10_000, 100, nothingLoaded)).toEqual([200, 300, 100]);
  });

  it('asks for the last page first after a jump to the end', () => {
    const pages = pagesToFetch(9_980, 20, 10_000, 100, nothingLoaded);
    expect(pages).toEqual([9_900, 9_800]);
    const smallPages = pagesToFetch(9_970, 30, 10_000, 20, nothingLoaded);
    expect(smallPages[0]).toBe(9_980);
    expect(smallPages).toEqual([9_980, 9_960, 9_940]);
  });

  it('skips pages already loaded', () => {
    const loaded = new Set([0, 100]);
    expect(pagesToFetch(0, 20, 10_000, 100, (offset) => loaded.has(offset))).toEqual([]);
    expect(pagesToFetch(90, 20, 10_000, 100, (offset) => loaded.has(offset))).toEqual([200]);
  });

  it('asks for nothing when the list is empty and stays within the total', () => {
    expect(pagesToFetch(0, 20, 0, 100, nothingLoaded)).toEqual([]);
    expect(pagesToFetch(0, 20, 150, 100, nothingLoaded)).toEqual([0, 100]);
    expect(pagesToFetch(0, 20, 30, 100, nothingLoaded)).toEqual([0]);
  });

  it('covers every visible row with page-aligned offsets (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 120 }),
        fc.nat(),
        (total, height, pageSize, topSeed) => {
          const top = topSeed % total;
          const pages = pagesToFetch(top, height, total, pageSize, nothingLoaded);
          expect(new Set(pages).size).toBe(pages.length);
          for (const offset of pages) {
            expect(offset % pageSize).toBe(0);
            expect(offset).toBeLessThan(total);
          }
          for (let row = top; row < Math.min(total, top + height); row++) {
            expect(pages).toContain(row - (row % pageSize));
          }
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });
});
