import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertAt, withoutItems } from '../../../src/service/store/playlist-edits.js';

/** The order arithmetic of adds and removals, against plain array operations. */
describe('insertAt', () => {
  it('is a splice at any position from 0 to the length', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 30 }), fc.array(fc.integer(), { maxLength: 10 }), fc.nat(), (order, added, at) => {
        const position = at % (order.length + 1);
        const expected = [...order];
        expected.splice(position, 0, ...added);
        expect(Array.from(insertAt(Int32Array.from(order), added, position))).toEqual(expected);
      }),
      { seed: 0x1a5e47 },
    );
  });
});

describe('withoutItems', () => {
  // Entry 6 is no longer in the order (a version before held it): it is never reported removed.
  const entries = [
    { entryId: 1, type: 'track', itemId: 'a' },
    { entryId: 2, type: 'track', itemId: 'b' },
    { entryId: 3, type: 'episode', itemId: 'a' },
    { entryId: 4, type: 'track', itemId: 'a' },
    { entryId: 5, type: 'track', itemId: 'c' },
    { entryId: 6, type: 'track', itemId: 'a' },
  ];

  it('takes out every entry of each item, by type and id, and keeps the rest in order', () => {
    const { order, removed } = withoutItems(Int32Array.from([5, 1, 2, 3, 4]), entries, [{ type: 'track', id: 'a' }, { type: 'track', id: 'c' }]);
    expect(Array.from(order)).toEqual([2, 3]);
    expect(removed).toEqual([5, 1, 4]);
  });

  it('hands back the same order when nothing matches', () => {
    const order = Int32Array.from([1, 2, 3]);
    expect(withoutItems(order, entries, [{ type: 'episode', id: 'b' }])).toEqual({ order, removed: [] });
  });
});
