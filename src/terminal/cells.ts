import { BoundedCache } from './bounded-cache.js';
import widestLine from './widest-line.js';

// A row of a frame as the terminal shows it, one cell per column: what screen.ts compares between frames
// and live-layer.ts draws into.

const SGR = /\u001B\[[0-9;]*m/g;
const CELL_TOKEN = /\u001B\[[0-9;]*m|[^\u001B]/gu;
export const RESET = '\u001B[0m';
const FULL_RESET = /^\u001B\[0*m$/;
const STARTS_WITH_RESET = /^\u001B\[0*;/;

/**
 * One column of a row: its character, and the SGR sequences of the row up to it since the last full reset
 * (the style in effect: what came before a reset no longer matters, and a patch need not repeat it).
 */
export interface Cell {
  text: string;
  style: string;
}

/** Columns of one character: printable ASCII and box drawing (most of a frame) without a look-up. */
function charWidth(char: string): number {
  const code = char.charCodeAt(0);
  if (char.length === 1 && ((code >= 0x20 && code < 0x7f) || (code >= 0x2500 && code <= 0x259f))) return 1;
  return widestLine(char);
}

/** Rows parsed lately: the row on screen now was parsed as the next one a frame ago. */
const parsedRows = new BoundedCache(256, parseCells);

/** A row as cells, or null when it holds something a column-by-column patch could get wrong. */
export function cellsOf(line: string): Cell[] | null {
  return parsedRows.get(line);
}

function parseCells(line: string): Cell[] | null {
  if (line.replace(SGR, '').includes('\u001B')) return null;
  const cells: Cell[] = [];
  let style = '';
  for (const [token] of line.matchAll(CELL_TOKEN)) {
    if (token.startsWith('\u001B')) {
      style = FULL_RESET.test(token) ? '' : STARTS_WITH_RESET.test(token) ? token : style + token;
      continue;
    }
    if (charWidth(token) !== 1) return null; // wide or combining: columns no longer match characters
    cells.push({ text: token, style });
  }
  return cells;
}

/** The row that shows `cells`: each style written from a reset where it does not just add to the one before. */
export function rowOf(cells: readonly Cell[]): string {
  let row = '';
  let style = '';
  for (const cell of cells) {
    if (cell.style !== style) row += cell.style.startsWith(style) ? cell.style.slice(style.length) : RESET + cell.style;
    style = cell.style;
    row += cell.text;
  }
  return style === '' ? row : row + RESET;
}
