import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptySparseList, itemAt, permuteSparseList, withPage } from '../../../src/ui/state/sparse-list.js';

const page = (offset: number, length: number) => Array.from({ length }, (_, i) => `item ${offset + i}`);

describe('permuteSparseList', () => {
  it('moves each loaded item to its new index and leaves the rest unloaded', () => {
    let list = withPage(emptySparseList<string>(200), 0, page(0, 50), 200);
    list = withPage(list, 150, page(150, 50), 200);
    // Reverse the whole list.
    const permuted = permuteSparseList(list, (index) => 199 - index, 200, 50);
    expect(itemAt(permuted, 199)).toBe('item 0');
    expect(itemAt(permuted, 0)).toBe('item 199');
    expect(itemAt(permuted, 100)).toBeUndefined();
    expect(permuted.total).toBe(200);
  });

  it('cuts pages at multiples of the page size, so that a page fetched later replaces only its own', () => {
    const list = withPage(emptySparseList<string>(200), 0, page(0, 100), 200);
    const shifted = permuteSparseList(list, (index) => index + 30, 200, 50);
    expect(shifted.starts).toEqual([30, 50, 100]);
    const refetched = withPage(shifted, 50, page(50, 50).map((item) => `${item} again`), 200);
    expect(itemAt(refetched, 30)).toBe('item 0');
    expect(itemAt(refetched, 50)).toBe('item 50 again');
    expect(itemAt(refetched, 129)).toBe('item 99');
  });

  it('drops items given a negative index or one past the new total', () => {
    const list = withPage(emptySparseList<string>(10), 0, page(0, 10), 10);
    const shrunk = permuteSparseList(list, (index) => (index % 2 === 0 ? index / 2 : -1), 3, 50);
    expect([0, 1, 2].map((index) => itemAt(shrunk, index))).toEqual(['item 0', 'item 2', 'item 4']);
    expect(itemAt(shrunk, 3)).toBeUndefined();
  });

  it('agrees with moving cells of a flat array (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }).chain((total) =>
          fc.tuple(
            fc.constant(total),
            fc.array(fc.record({ offset: fc.integer({ min: 0, max: 300 }), length: fc.integer({ min: 0, max: 60 }) }), { maxLength: 8 }),
            fc.shuffledSubarray(Array.from({ length: total }, (_, i) => i), { minLength: total, maxLength: total }),
            fc.integer({ min: 1, max: 60 }),
          ),
        ),
        ([total, fetches, permutation, pageSize]) => {
          let list = emptySparseList<string>(total);
          for (const { offset, length } of fetches) list = withPage(list, offset, page(offset, length), total);
          const permuted = permuteSparseList(list, (index) => permutation[index]!, total, pageSize);
          const expected: (string | undefined)[] = Array.from({ length: total });
          for (let index = 0; index < total; index++) expected[permutation[index]!] = itemAt(list, index);
          expect(Array.from({ length: total }, (_, index) => itemAt(permuted, index))).toEqual(expected);
          for (const start of permuted.starts) {
            const length = permuted.pages.get(start)!.length;
            expect(Math.floor(start / pageSize)).toBe(Math.floor((start + length - 1) / pageSize));
          }
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });
});
