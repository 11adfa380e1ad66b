import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptySparseList, isLoaded, itemAt, withPage, withPagesWhere } from '../../../src/ui/state/sparse-list.js';

const page = (offset: number, length: number) => Array.from({ length }, (_, i) => `item ${offset + i}`);

describe('sparse list', () => {
  it('starts empty and knows nothing', () => {
    const list = emptySparseList<string>(10_000);
    expect(list.total).toBe(10_000);
    expect(itemAt(list, 0)).toBeUndefined();
    expect(isLoaded(list, 0)).toBe(false);
  });

  it('answers items from the pages it holds, and only those', () => {
    let list = emptySparseList<string>(10_000);
    list = withPage(list, 9_900, page(9_900, 100), 10_000);
    list = withPage(list, 0, page(0, 100), 10_000);
    expect(itemAt(list, 0)).toBe('item 0');
    expect(itemAt(list, 99)).toBe('item 99');
    expect(itemAt(list, 100)).toBeUndefined();
    expect(itemAt(list, 9_999)).toBe('item 9999');
    expect(itemAt(list, 10_000)).toBeUndefined();
    expect(itemAt(list, -1)).toBeUndefined();
    expect(isLoaded(list, 9_900)).toBe(true);
    expect(isLoaded(list, 200)).toBe(false);
  });

  it('does not change the list it was given', () => {
    const before = withPage(emptySparseList<string>(300), 0, page(0, 100), 300);
    const after = withPage(before, 100, page(100, 100), 300);
    expect(isLoaded(before, 100)).toBe(false);
    expect(isLoaded(after, 100)).toBe(true);
    expect(after.pages.get(0)).toBe(before.pages.get(0));
  });

  it('returns the same list when a page brings nothing new', () => {
    const list = withPage(emptySparseList<string>(300), 0, page(0, 100), 300);
    expect(withPage(list, 300, [], 300)).toBe(list);
  });

  it('drops what no longer fits when the total shrinks', () => {
    let list = emptySparseList<string>(250);
    list = withPage(list, 0, page(0, 100), 250);
    list = withPage(list, 200, page(200, 50), 250);
    list = withPage(list, 100, page(100, 50), 150);
    expect(list.total).toBe(150);
    expect(itemAt(list, 149)).toBe('item 149');
    expect(isLoaded(list, 200)).toBe(false);
    expect(itemAt(list, 200)).toBeUndefined();
    expect(list.starts).toEqual([0, 100]);
  });

  it('shortens a page that crosses the new end', () => {
    let list = withPage(emptySparseList<string>(200), 100, page(100, 100), 200);
    list = withPage(list, 0, page(0, 20), 120);
    expect(itemAt(list, 119)).toBe('item 119');
    expect(list.pages.get(100)).toHaveLength(20);
  });

  it('ignores items past the reported total', () => {
    const list = withPage(emptySparseList<string>(100), 50, page(50, 100), 100);
    expect(list.pages.get(50)).toHaveLength(50);
  });

  it('a new page replaces the pages it overlaps', () => {
    let list = withPage(emptySparseList<string>(300), 0, page(0, 100), 300);
    list = withPage(list, 50, ['new'], 300);
    expect(itemAt(list, 50)).toBe('new');
    expect(itemAt(list, 0)).toBeUndefined();
  });

  it('lets go of the pages refused, which count as not loaded again, and keeps the others as they were', () => {
    let list = emptySparseList<string>(300);
    for (const offset of [0, 100, 200]) list = withPage(list, offset, page(offset, 100), 300);
    const seen: [number, number][] = [];
    const kept = withPagesWhere(list, (start, end) => {
      seen.push([start, end]);
      return start !== 100;
    });
    expect(seen).toEqual([[0, 100], [100, 200], [200, 300]]);
    expect(kept.starts).toEqual([0, 200]);
    expect(kept.total).toBe(300);
    expect(isLoaded(kept, 100)).toBe(false);
    expect(itemAt(kept, 150)).toBeUndefined();
    expect(kept.pages.get(200)).toBe(list.pages.get(200));
    expect(isLoaded(list, 100)).toBe(true);
    expect(withPage(kept, 100, page(100, 100), 300).starts).toEqual([0, 100, 200]);
  });

  it('returns the same list when every page is kept', () => {
    const list = withPage(emptySparseList<string>(300), 0, page(0, 100), 300);
    expect(withPagesWhere(list, () => true)).toBe(list);
  });

  it('agrees with a flat array model (property)', () => {
    const pageArbitrary = fc.record({
      offset: fc.integer({ min: 0, max: 400 }),
      length: fc.integer({ min: 0, max: 60 }),
      total: fc.integer({ min: 0, max: 400 }),
    });
    const fetches = fc.array(pageArbitrary, { maxLength: 25, size: 'max' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fetches, (total, fetched) => {
        let list = emptySparseList<string>(total);
        // One cell per index: the item and the fetch it came from, so overlapping fetches clear whole pages.
        let model: ({ item: string; fetch: number } | undefined)[] = [];
        fetched.forEach(({ offset, length, total: reported }, fetch) => {
          const items = page(offset, length).map((item) => `${item}/${fetch}`);
          list = withPage(list, offset, items, reported);
          model = model.slice(0, reported);
          const kept = items.slice(0, Math.max(0, reported - offset));
          const replaced = new Set(kept.map((_, i) => model[offset + i]?.fetch));
          model = model.map((cell) => (cell && replaced.has(cell.fetch) ? undefined : cell));
          kept.forEach((item, i) => (model[offset + i] = { item, fetch }));
        });
        expect(list.total).toBe(fetched.length > 0 ? fetched[fetched.length - 1]!.total : total);
        const indexes = Array.from({ length: 403 }, (_, i) => i - 1);
        expect(indexes.map((index) => itemAt(list, index))).toEqual(indexes.map((index) => model[index]?.item));
        const loaded = indexes.map((index) => model[index] !== undefined);
        expect(indexes.map((index) => isLoaded(list, index))).toEqual(loaded);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
