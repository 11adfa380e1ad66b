import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCells } from '../../src/terminal/cells.js';
import widestLine from '../../src/terminal/widest-line.js';

/** The parse as a regular expression says it (what the hand-written scanner replaced). */
function parsedByPattern(line: string): { text: string; style: string }[] | null {
  if (line.replace(/\u001B\[[0-9;]*m/g, '').includes('\u001B')) return null;
  const cells = [];
  let style = '';
  for (const [token] of line.matchAll(/\u001B\[[0-9;]*m|[^\u001B]/gu)) {
    if (token.startsWith('\u001B')) {
      style = /^\u001B\[0*m$/.test(token) ? '' : /^\u001B\[0*;/.test(token) ? token : style + token;
      continue;
    }
    if (widestLine(token) !== 1) return null;
    cells.push({ text: token, style });
  }
  return cells;
}

const pieces = fc.constantFrom(
  'a', ' ', '0', ':', '━', '─', '│', 'é', 'e\u0301', '名', '😀', '\uD83D', '\uDE00', '\u001B', '\u001B[', '\u001B[0m',
  '\u001B[m', '\u001B[2m', '\u001B[22m', '\u001B[36m', '\u001B[0;1m', '\u001B[38;5;12m', '\u001B]8;;x\u0007', '\u001B[2J',
);

describe('parseCells', () => {
  it('reads a row as the SGR pattern does, whatever it holds (seed 7, 500 runs)', () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const line = parts.join('');
        expect(parseCells(line)).toEqual(parsedByPattern(line));
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('keeps the style in effect on each cell, from the last full reset on', () => {
    expect(parseCells('a\u001B[2mb\u001B[36mc\u001B[0md')).toEqual([
      { text: 'a', style: '' },
      { text: 'b', style: '\u001B[2m' },
      { text: 'c', style: '\u001B[2m\u001B[36m' },
      { text: 'd', style: '' },
    ]);
  });
});
