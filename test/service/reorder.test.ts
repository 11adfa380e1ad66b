import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyReorder, reorderError } from '../../src/service/reorder.js';

const letters = (count: number): string[] => Array.from({ length: count }, (_, index) => String.fromCharCode(97 + index));

/**
 * Independent model: give every entry a sort key and sort. A moved entry sorts just before the entry that
 * was at `insertBefore` (same first key, lower second key); the others keep their own index.
 */
function sortModel<T>(items: readonly T[], rangeStart: number, insertBefore: number, rangeLength: number): T[] {
  const keyed = items.map((item, index) => {
    const isMoved = index >= rangeStart && index < rangeStart + rangeLength;
    return { item, key: isMoved ? [insertBefore, 0, index] : [index, 1, 0] };
  });
  keyed.sort((left, right) => left.key[0] - right.key[0] || left.key[1] - right.key[1] || left.key[2] - right.key[2]);
  return keyed.map(({ item }) => item);
}

describe('applyReorder', () => {
  it('moves the first of ten items to the end with insertBefore 10', () => {
    expect(applyReorder(letters(10), 0, 10, 1)).toEqual([...'bcdefghij', 'a']);
  });

  it('moves the last of ten items to the start with rangeStart 9, insertBefore 0', () => {
    expect(applyReorder(letters(10), 9, 0, 1)).toEqual(['j', ...'abcdefghi']);
  });

  it('moves the items at 9 and 10 to the start with rangeLength 2', () => {
    expect(applyReorder(letters(11), 9, 0, 2)).toEqual(['j', 'k', ...'abcdefghi']);
  });

  it('moves a range forward, before the item that was at insertBefore', () => {
    expect(applyReorder(letters(6), 1, 5, 2)).toEqual([...'adebcf']);
  });

  it('treats insertBefore inside or just after the range as a no-op and returns a copy', () => {
    const items = letters(5);
    for (const insertBefore of [1, 2, 3]) {
      const result = applyReorder(items, 1, insertBefore, 2);
      expect(result).toEqual(items);
      expect(result).not.toBe(items);
    }
  });

  it('throws a RangeError naming the problem for invalid positions', () => {
    expect(() => applyReorder(letters(3), 2, 0, 2)).toThrow(
      new RangeError('Given positions are out of bounds: range_start + range_length must be at most 3'),
    );
  });

  it('agrees with a sort-key model on random valid moves', () => {
    const validMove = fc.integer({ min: 1, max: 25 }).chain((length) =>
      fc.integer({ min: 0, max: length - 1 }).chain((rangeStart) =>
        fc.record({
          length: fc.constant(length),
          rangeStart: fc.constant(rangeStart),
          rangeLength: fc.integer({ min: 1, max: length - rangeStart }),
          insertBefore: fc.integer({ min: 0, max: length }),
        }),
      ),
    );
    fc.assert(
      fc.property(validMove, ({ length, rangeStart, insertBefore, rangeLength }) => {
        const items = Array.from({ length }, (_, index) => index);
        expect(applyReorder(items, rangeStart, insertBefore, rangeLength)).toEqual(
          sortModel(items, rangeStart, insertBefore, rangeLength),
        );
      }),
      { seed: 20240611, numRuns: 400 },
    );
  });
});

describe('reorderError', () => {
  it('accepts the bounds themselves', () => {
    expect(reorderError(10, 0, 10, 1)).toBeNull();
    expect(reorderError(10, 9, 0, 1)).toBeNull();
    expect(reorderError(10, 0, 0, 10)).toBeNull();
    expect(reorderError(1, 0, 1, 1)).toBeNull();
  });

  it.each([
    [0, 0, 0, 1, 'Given positions are out of bounds: the playlist is empty'],
    [5, -1, 0, 1, 'Given positions are out of bounds: range_start must be from 0 to 4'],
    [5, 5, 0, 1, 'Given positions are out of bounds: range_start must be from 0 to 4'],
    [5, 0, 0, 0, 'Given positions are out of bounds: range_length must be at least 1'],
    [5, 0, 0, -2, 'Given positions are out of bounds: range_length must be at least 1'],
    [5, 3, 0, 3, 'Given positions are out of bounds: range_start + range_length must be at most 5'],
    [5, 0, 6, 1, 'Given positions are out of bounds: insert_before must be from 0 to 5'],
    [5, 0, -1, 1, 'Given positions are out of bounds: insert_before must be from 0 to 5'],
    [5, 1.5, 0, 1, 'Invalid range_start: must be an integer'],
    [5, 0, Number.NaN, 1, 'Invalid insert_before: must be an integer'],
    [5, 0, 0, Number.POSITIVE_INFINITY, 'Invalid range_length: must be an integer'],
    [5, 1, 0, Number.MAX_SAFE_INTEGER, 'Given positions are out of bounds: range_start + range_length must be at most 5'],
  ])('length %d, rangeStart %d, insertBefore %d, rangeLength %d: %s', (length, rangeStart, insertBefore, rangeLength, message) => {
    expect(reorderError(length, rangeStart, insertBefore, rangeLength)).toBe(message);
  });

  it('is null exactly when the positions are in bounds', () => {
    const anyMove = fc.record({
      length: fc.integer({ min: 0, max: 8 }),
      rangeStart: fc.integer({ min: -2, max: 10 }),
      insertBefore: fc.integer({ min: -2, max: 10 }),
      rangeLength: fc.integer({ min: -2, max: 10 }),
    });
    fc.assert(
      fc.property(anyMove, ({ length, rangeStart, insertBefore, rangeLength }) => {
        const lastMoved = rangeStart + rangeLength - 1;
        const isValid =
          rangeLength >= 1 && rangeStart >= 0 && lastMoved < length && insertBefore >= 0 && insertBefore <= length;
        expect(reorderError(length, rangeStart, insertBefore, rangeLength) === null).toBe(isValid);
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});
