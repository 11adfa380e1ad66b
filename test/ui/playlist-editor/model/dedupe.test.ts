import { describe, expect, it } from 'vitest';
import { dedupeQuestion, findDuplicates } from '../../../../src/ui/playlist-editor/model/dedupe.js';

describe('o u: duplicates', () => {
  it('finds every entry after the first of its URI, in the order shown', () => {
    const uris = ['a', 'b', 'a', 'c', 'b', 'a'];
    const found = findDuplicates(uris.length, (row) => uris[row]!);
    expect(found.rows).toEqual([2, 4, 5]);
    expect([...found.uris]).toEqual([['a', { firstRow: 0, extra: 2 }], ['b', { firstRow: 1, extra: 1 }]]);
  });

  it('asks first, saying how many of which go, that the first ones come back dated today, and the requests', () => {
    const uris = ['a', 'b', 'a', 'c', 'b', 'a', 'd', 'd'];
    const found = findDuplicates(uris.length, (row) => uris[row]!);
    const question = dedupeQuestion(found, (row) => uris[row]!.toUpperCase(), { removals: 1, moves: 0, additions: 3, addedBack: 3 });
    expect(question).toBe('remove 4 duplicates of 3 items? y removes, n keeps · 4 requests; each first copy stays in place, re-added, dated today · “A” ×3, “B” ×2, …');
  });
});
