import fc from 'fast-check';
import type { DOMElement } from 'ink';
import { describe, expect, it, vi } from 'vitest';
import { cellsOf, rowOf } from '../../src/terminal/cells.js';
import { drawOver, LiveLayer } from '../../src/terminal/live-layer.js';

const DIM = '\u001B[2m';
const UNDIM = '\u001B[22m';
const CYAN = '\u001B[36m';
const NO_CYAN = '\u001B[39m';

describe('drawOver', () => {
  it('puts the text in the blank columns of the spot, styles of both kept', () => {
    const row = `${DIM}│${UNDIM}        ${DIM}│${UNDIM}`;
    const drawn = drawOver(row, { row: 0, column: 2, width: 6 }, `0:0${CYAN}1━${NO_CYAN}${DIM}─${UNDIM}`);
    expect(drawn?.replace(/\u001B\[[0-9;]*m/g, '')).toBe('│ 0:01━─ │');
    expect(drawn).toMatch(/\u001B\[36m1━\u001B\[39m\u001B\[2m─/);
    expect(drawn).toMatch(/\u001B\[2m│\u001B\[0m$/);
  });

  it('gives a row whose cells are known as drawn: the screen compares it without parsing it again', () => {
    const drawn = drawOver('│      │', { row: 0, column: 1, width: 4 }, `${CYAN}0:01${NO_CYAN}`)!;
    const cells = cellsOf(drawn);
    expect(cells?.map((cell) => cell.text).join('')).toBe('│0:01  │');
    expect(cellsOf(drawn)).toBe(cells);
    expect(cellsOf(`${drawn} `)).not.toBe(cells);
  });

  it('pads a row that Ink trimmed short of the spot', () => {
    expect(drawOver('ab', { row: 0, column: 4, width: 3 }, 'xyz')).toBe('ab  xyz');
  });

  it('leaves alone a spot where something else is drawn, and a row of wide characters', () => {
    expect(drawOver('a  text', { row: 0, column: 1, width: 4 }, 'wxyz')).toBeNull();
    expect(drawOver('名前    ', { row: 0, column: 4, width: 2 }, 'xy')).toBeNull();
  });
});

describe('rowOf', () => {
  it('gives back a row of cells as it was parsed, whatever its styles (seed 11, 200 runs)', () => {
    const codes = ['\u001B[1m', '\u001B[22m', CYAN, NO_CYAN, '\u001B[7m', '\u001B[0m'];
    const token = fc.oneof(fc.constantFrom(...codes), fc.constantFrom('a', ' ', '━'));
    fc.assert(
      fc.property(fc.array(token, { maxLength: 20 }), (tokens) => {
        const cells = cellsOf(tokens.join(''))!;
        expect(cellsOf(rowOf(cells))!.map((cell) => cell.text)).toEqual(cells.map((cell) => cell.text));
        // Same look: each cell's style, replayed from a reset, ends in the same state.
        const look = (row: string) => cellsOf(row)!.map((cell) => cell.style.split('\u001B[0m').at(-1));
        expect(look(rowOf(cells)).map(normalise)).toEqual(look(tokens.join('')).map(normalise));
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});

/** The SGR attributes a style string leaves on, order aside. */
function normalise(style: string | undefined): string {
  const on = new Map<string, string>();
  for (const [, code] of (style ?? '').matchAll(/\u001B\[([0-9]+)m/g)) {
    if (code === '1') on.set('bold', code);
    else if (code === '22') on.delete('bold');
    else if (code === '36') on.set('fg', code);
    else if (code === '39') on.delete('fg');
    else if (code === '7') on.set('inverse', code);
  }
  return [...on.values()].sort().join();
}

describe('LiveLayer', () => {
  it('draws each line at the spot it has now, and says when there is something new to draw', () => {
    const changed = vi.fn();
    const frame = ['+------+', '|      |', '+------+'];
    let spot: { row: number; column: number; width: number } | null = { row: 1, column: 1, width: 6 };
    const owner = {} as DOMElement;
    const layer = new LiveLayer(changed, (element) => (element === owner ? spot : null));
    layer.show(owner, '0:01 a');
    expect(changed).toHaveBeenCalledTimes(1);
    expect(layer.drawOn(frame)).toEqual(['+------+', '|0:01 a|', '+------+']);
    layer.show(owner, '0:01 a');
    expect(changed).toHaveBeenCalledTimes(1);
    spot = null;
    expect(layer.drawOn(frame)).toBe(frame);
    spot = { row: 5, column: 0, width: 2 };
    expect(layer.drawOn(frame)).toBe(frame);
    layer.hide(owner);
    expect(changed).toHaveBeenCalledTimes(2);
    layer.hide(owner);
    expect(changed).toHaveBeenCalledTimes(2);
  });
});
