import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMoves, planMoves } from '../../../../src/ui/playlist-editor/model/save-plan.js';

/** Length of a longest increasing subsequence, the slow and obvious way (independent of the planner). */
function slowLisLength(sequence: number[]): number {
  const best = sequence.map(() => 1);
  for (let i = 0; i < sequence.length; i++) {
    for (let j = 0; j < i; j++) if (sequence[j]! < sequence[i]!) best[i] = Math.max(best[i]!, best[j]! + 1);
  }
  return Math.max(0, ...best);
}

/** A single move done by hand with splice, to build expected orders independently of applyMoves. */
function moveBlock<T>(items: T[], start: number, length: number, insertBefore: number): T[] {
  const copy = [...items];
  const block = copy.splice(start, length);
  const target = insertBefore > start ? insertBefore - length : insertBefore;
  copy.splice(target, 0, ...block);
  return copy;
}

const letters = (text: string) => text.split('');

describe('applyMoves', () => {
  it('follows the service examples', () => {
    const order = letters('abcdefghij');
    expect(applyMoves(order, [{ rangeStart: 0, insertBefore: 10, rangeLength: 1 }]).join('')).toBe('bcdefghija');
    expect(applyMoves(order, [{ rangeStart: 9, insertBefore: 0, rangeLength: 1 }]).join('')).toBe('jabcdefghi');
    expect(applyMoves(order, [{ rangeStart: 4, insertBefore: 0, rangeLength: 2 }]).join('')).toBe('efabcdghij');
  });

  it('applies moves one after another, each on the result of the last', () => {
    const moves = [
      { rangeStart: 0, insertBefore: 3, rangeLength: 1 },
      { rangeStart: 2, insertBefore: 0, rangeLength: 2 },
    ];
    expect(applyMoves(letters('abcde'), moves).join('')).toBe('adbce');
  });

  it('treats an insert point inside or next to the range as no move', () => {
    const order = letters('abcde');
    for (const insertBefore of [1, 2, 3, 4]) {
      expect(applyMoves(order, [{ rangeStart: 1, insertBefore, rangeLength: 3 }])).toEqual(order);
    }
  });

  it('refuses moves out of bounds with a clear error', () => {
    const order = letters('abc');
    for (const move of [
      { rangeStart: 3, insertBefore: 0, rangeLength: 1 },
      { rangeStart: 2, insertBefore: 0, rangeLength: 2 },
      { rangeStart: 0, insertBefore: 4, rangeLength: 1 },
      { rangeStart: 0, insertBefore: 2, rangeLength: 0 },
      { rangeStart: -1, insertBefore: 2, rangeLength: 1 },
      { rangeStart: 0.5, insertBefore: 2, rangeLength: 1 },
    ]) {
      expect(() => applyMoves(order, [move])).toThrow(/move out of bounds for 3 entries/);
    }
  });
});

describe('planMoves', () => {
  it('plans nothing for an unchanged order', () => {
    expect(planMoves(letters('abcdef'), letters('abcdef'))).toEqual([]);
    expect(planMoves([], [])).toEqual([]);
  });

  it('plans the service examples as single moves', () => {
    expect(planMoves(letters('abcd'), letters('bcda'))).toEqual([{ rangeStart: 0, insertBefore: 4, rangeLength: 1 }]);
    expect(planMoves(letters('abcd'), letters('dabc'))).toEqual([{ rangeStart: 3, insertBefore: 0, rangeLength: 1 }]);
    const rangeToStart = planMoves(letters('abcde'), letters('cdabe'));
    expect(rangeToStart).toHaveLength(1);
    expect(applyMoves(letters('abcde'), rangeToStart).join('')).toBe('cdabe');
  });

  it('moves ranges at either edge in one request', () => {
    const from = Array.from({ length: 20 }, (_, i) => i);
    for (const to of [moveBlock(from, 0, 5, 20), moveBlock(from, 15, 5, 0), moveBlock(from, 0, 19, 20)]) {
      const moves = planMoves(from, to);
      expect(moves).toHaveLength(1);
      expect(applyMoves(from, moves)).toEqual(to);
    }
  });

  it('takes Int32Array orders as the reorder state keeps them', () => {
    const from = Int32Array.from([0, 1, 2, 3]);
    const to = Int32Array.from([2, 3, 0, 1]);
    expect(applyMoves(from, planMoves(from, to))).toEqual([2, 3, 0, 1]);
  });

  it('refuses orders that are not arrangements of the same distinct entries', () => {
    expect(() => planMoves(letters('abc'), letters('ab'))).toThrow(/3 entries before, 2 after/);
    expect(() => planMoves(letters('abc'), letters('abd'))).toThrow(/entry d is not in the original/);
    expect(() => planMoves(letters('aab'), letters('aba'))).toThrow(/entry a appears twice/);
    expect(() => planMoves(letters('abc'), letters('aab'))).toThrow(/entry a appears twice/);
  });

  it('reaches the target with at most n - LIS moves, duplicates of a value included (property)', () => {
    // Values repeat (the same track twice); entries are positions 0..n-1 and stay distinct.
    const playlist = fc
      .array(fc.constantFrom('track:a', 'track:b', 'track:c', 'episode:d'), { maxLength: 60, size: 'max' })
      .chain((values) =>
        fc.tuple(fc.constant(values), fc.shuffledSubarray(values.map((_, i) => i), { minLength: values.length })),
      );
    fc.assert(
      fc.property(playlist, ([values, shuffled]) => {
        const from = values.map((_, i) => i);
        const moves = planMoves(from, shuffled);
        expect(applyMoves(from, moves)).toEqual(shuffled);
        expect(applyMoves(values, moves)).toEqual(shuffled.map((entry) => values[entry]));
        expect(moves.length).toBeLessThanOrEqual(from.length - slowLisLength(shuffled));
      }),
      { seed: 5150, numRuns: 3_000 },
    );
  });

  it('moves a block anywhere with exactly one request (property)', () => {
    const blockMove = fc
      .integer({ min: 2, max: 80 })
      .chain((n) =>
        fc
          .tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 1, max: n }), fc.integer({ min: 0, max: n }))
          .map(([start, length, before]) => ({ n, start, length: Math.min(length, n - start), before })),
      );
    fc.assert(
      fc.property(blockMove, ({ n, start, length, before }) => {
        const from = Array.from({ length: n }, (_, i) => `entry ${i}`);
        const to = moveBlock(from, start, length, before >= start && before <= start + length ? start : before);
        const moves = planMoves(from, to);
        expect(moves.length).toBe(to.every((entry, i) => entry === from[i]) ? 0 : 1);
        expect(applyMoves(from, moves)).toEqual(to);
      }),
      { seed: 2024, numRuns: 1_000 },
    );
  });

  it('plans a few block moves on 10,000 entries', () => {
    let to = Array.from({ length: 10_000 }, (_, i) => i);
    const from = [...to];
    to = moveBlock(to, 9_000, 100, 10);
    to = moveBlock(to, 5_000, 1, 9_999);
    to = moveBlock(to, 200, 30, 10_000);
    const moves = planMoves(from, to);
    expect(moves.length).toBeLessThanOrEqual(3);
    expect(applyMoves(from, moves)).toEqual(to);
  });
});

describe('planMoves, told which entries the user moved', () => {
  it('moves only those: three moved up past a fourth are one move of the three, not one of the fourth', () => {
    const from = letters('abcdef');
    const to = letters('bcdaef');
    expect(planMoves(from, to)).toEqual([{ rangeStart: 0, insertBefore: 4, rangeLength: 1 }]);
    const moves = planMoves(from, to, (index) => index >= 1 && index <= 3);
    expect(moves).toEqual([{ rangeStart: 1, insertBefore: 0, rangeLength: 3 }]);
    expect(applyMoves(from, moves)).toEqual(to);
  });

  it('reaches the order, every move carrying only moved entries (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }).chain((n) => fc.tuple(fc.shuffledSubarray(Array.from({ length: n }, (_, i) => i), { minLength: n, maxLength: n }), fc.array(fc.boolean(), { minLength: n, maxLength: n }))), ([to, flags]) => {
        const from = Array.from({ length: to.length }, (_, i) => i);
        // The entries not moved keep their order (as in an edit): those out of order count as moved.
        const kept = new Set<number>();
        let last = -1;
        for (const entry of to) if (!flags[entry] && entry > last) (kept.add(entry), (last = entry));
        const isMoved = (index: number) => !kept.has(index);
        let order = from;
        for (const move of planMoves(from, to, isMoved)) {
          const carried = order.slice(move.rangeStart, move.rangeStart + move.rangeLength);
          expect(carried.every(isMoved)).toBe(true);
          order = applyMoves(order, [move]);
        }
        expect(order).toEqual(to);
      }),
      { seed: 17, numRuns: 300 },
    );
  });
});
