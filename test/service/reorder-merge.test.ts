import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyReorder, mergeStaleReorder } from '../../src/service/reorder.js';

const entries = (text: string): string[] => [...text];

describe('mergeStaleReorder', () => {
  it('replays our move after someone else moved an entry between our read and our write', () => {
    // We saw abcde and moved d before b; meanwhile someone moved a to the end.
    expect(mergeStaleReorder(entries('abcde'), entries('bcdea'), 3, 1, 1)).toEqual(entries('dbcea'));
  });

  it('inserts before the next surviving old entry when the anchor was removed', () => {
    // Move a before d; d was removed meanwhile, so a goes before e.
    expect(mergeStaleReorder(entries('abcde'), entries('abce'), 0, 3, 1)).toEqual(entries('bcae'));
  });

  it('skips survivors that are themselves moved when looking past a removed anchor', () => {
    // Move c and d before b; b was removed and e moved forward: c and d are skipped, e is the anchor.
    expect(mergeStaleReorder(entries('abcdef'), entries('aecdf'), 2, 1, 2)).toEqual(entries('acdef'));
    // Move e and f before c; c was removed, d is next in the old order.
    expect(mergeStaleReorder(entries('abcdef'), entries('adbef'), 4, 2, 2)).toEqual(entries('aefdb'));
  });

  it('appends at the end when the anchor and everything after it were removed', () => {
    expect(mergeStaleReorder(entries('abcde'), entries('abc'), 0, 3, 1)).toEqual(entries('bca'));
  });

  it('moves only the moved entries that still exist, in their old order', () => {
    // Move b and c before e; c was removed meanwhile.
    expect(mergeStaleReorder(entries('abcde'), entries('abde'), 1, 4, 2)).toEqual(entries('adbe'));
    // Both were removed: nothing to move.
    expect(mergeStaleReorder(entries('abcde'), entries('ade'), 1, 4, 2)).toEqual(entries('ade'));
  });

  it('keeps the old relative order of moved entries even if someone swapped them meanwhile', () => {
    expect(mergeStaleReorder(entries('abcde'), entries('acbde'), 1, 5, 2)).toEqual(entries('adebc'));
  });

  it('leaves entries added meanwhile where they are', () => {
    // Move d before b; x and y were added.
    expect(mergeStaleReorder(entries('abcd'), entries('axbcyd'), 3, 1, 1)).toEqual(entries('axdbcy'));
  });

  it('changes nothing when the move was a no-op in the old version, whatever happened since', () => {
    expect(mergeStaleReorder(entries('abcde'), entries('cabed'), 1, 3, 2)).toEqual(entries('cabed'));
    expect(mergeStaleReorder(entries('abcde'), entries('cabed'), 1, 2, 2)).toEqual(entries('cabed'));
  });

  it('rejects invalid old positions and duplicate entries with a RangeError', () => {
    expect(() => mergeStaleReorder(entries('abc'), entries('abc'), 3, 0, 1)).toThrow(RangeError);
    expect(() => mergeStaleReorder(entries('abc'), entries('abca'), 0, 3, 1)).toThrow(/duplicate/);
  });

  const oldWithMove = fc.integer({ min: 1, max: 20 }).chain((length) =>
    fc.integer({ min: 0, max: length - 1 }).chain((rangeStart) =>
      fc.record({
        old: fc.constant(Array.from({ length }, (_, index) => index)),
        rangeStart: fc.constant(rangeStart),
        rangeLength: fc.integer({ min: 1, max: length - rangeStart }),
        insertBefore: fc.integer({ min: 0, max: length }),
      }),
    ),
  );

  it('equals applyReorder when nothing changed since the old version', () => {
    fc.assert(
      fc.property(oldWithMove, ({ old, rangeStart, insertBefore, rangeLength }) => {
        expect(mergeStaleReorder(old, old, rangeStart, insertBefore, rangeLength)).toEqual(
          applyReorder(old, rangeStart, insertBefore, rangeLength),
        );
      }),
      { seed: 1337, numRuns: 300 },
    );
  });

  it('keeps every current entry, moves survivors as one block before the right anchor, leaves the rest in order', () => {
    // Current: any reordering of a subset of the old entries plus up to five added ones (numbered from 100).
    const staleCase = oldWithMove.chain((move) =>
      fc
        .integer({ min: 0, max: 5 })
        .chain((added) => fc.shuffledSubarray([...move.old, ...Array.from({ length: added }, (_, index) => 100 + index)]))
        .map((current) => ({ ...move, current })),
    );

    fc.assert(
      fc.property(staleCase, ({ old, current, rangeStart, insertBefore, rangeLength }) => {
        const result = mergeStaleReorder(old, current, rangeStart, insertBefore, rangeLength);
        expect([...result].sort((a, b) => a - b)).toEqual([...current].sort((a, b) => a - b));

        const isNoOp = insertBefore >= rangeStart && insertBefore <= rangeStart + rangeLength;
        if (isNoOp) {
          expect(result).toEqual(current);
          return;
        }
        const isMoved = (entry: number) => entry >= rangeStart && entry < rangeStart + rangeLength;
        // Entries are their old positions, so sorting the moved survivors gives their old order.
        const movedSurvivors = current.filter(isMoved).sort((a, b) => a - b);
        expect(result.filter((entry) => !isMoved(entry))).toEqual(current.filter((entry) => !isMoved(entry)));
        if (movedSurvivors.length === 0) return;

        const blockStart = result.indexOf(movedSurvivors[0]!);
        const blockEnd = blockStart + movedSurvivors.length;
        expect(result.slice(blockStart, blockEnd)).toEqual(movedSurvivors);
        const anchor = old.slice(insertBefore).find((entry) => !isMoved(entry) && current.includes(entry));
        expect(result[blockEnd]).toBe(anchor);
      }),
      { seed: 4242, numRuns: 400 },
    );
  });
});
