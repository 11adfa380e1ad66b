import fc from 'fast-check';
import inkWidestLine from 'widest-line';
import { describe, expect, it } from 'vitest';
import widestLine from '../../src/terminal/widest-line.js';

describe('widestLine', () => {
  it('measures as the widest-line package does, asked once or again (seed 5, 300 runs)', () => {
    const text = fc
      .array(fc.constantFrom('a', ' ', '…', '·', '━', '漢', '🎵', 'e\u0301', '\n', '\u001B[1m', '\u001B[22m'), { maxLength: 30 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (texts) => {
        for (const each of [...texts, ...texts]) expect(widestLine(each)).toBe(inkWidestLine(each));
      }),
      { seed: 5, numRuns: 300 },
    );
  });

  it('still measures right after forgetting what it remembered', () => {
    for (let index = 0; index < 5_000; index++) widestLine(`row ${index} …`);
    expect(widestLine('row 1 …\n漢字')).toBe(7);
    expect(widestLine('row 4999 …')).toBe(10);
  });
});
