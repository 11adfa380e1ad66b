import { BoundedCache } from './bounded-cache.js';
import widestLine from './widest-line.js';

// A row of a frame as the terminal shows it, one cell per column: what screen.ts compares between frames
// and live-layer.ts draws into.

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
/**
 * Rows a live line drew lately, known cell by cell as they were drawn (see `drawnRow`). Apart from parsedRows:
 * a clock's new row every second would otherwise push a screen's rows out of it, and each row kept there
 * lives long enough to burden the old generation of the heap.
 */
const drawnRows = new BoundedCache<Cell[]>(2);

/** A row as cells, or null when it holds something a column-by-column patch could get wrong. */
export function cellsOf(line: string): Cell[] | null {
  return drawnRows.find(line) ?? parsedRows.get(line);
}

/** The row that shows `cells`, remembered as drawn: comparing it with the rows before and after parses nothing. */
export function drawnRow(cells: Cell[]): string {
  const row = rowOf(cells);
  drawnRows.remember(row, cells);
  return row;
}

/** Where the SGR sequence starting at `start` (an ESC) ends, past its `m`; -1 when it is no SGR sequence. */
function sgrEnd(line: string, start: number): number {
  if (line.charCodeAt(start + 1) !== 0x5b) return -1; // [
  let index = start + 2;
  for (let code = line.charCodeAt(index); (code >= 0x30 && code <= 0x39) || code === 0x3b; code = line.charCodeAt(++index));
  return line.charCodeAt(index) === 0x6d ? index + 1 : -1; // m
}

/**
 * A text as cells, not remembered (a text that changes each second would only crowd the memory of rows).
 * Scanned by hand: the clock's line is parsed every second, and a regular expression's iterator cost most of it.
 */
export function parseCells(line: string): Cell[] | null {
  const cells: Cell[] = [];
  let style = '';
  for (let index = 0; index < line.length; ) {
    const code = line.charCodeAt(index);
    if (code === 0x1b) {
      const end = sgrEnd(line, index);
      if (end === -1) return null; // not a colour or weight: a patch could not tell what it does
      const token = line.slice(index, end);
      style = FULL_RESET.test(token) ? '' : STARTS_WITH_RESET.test(token) ? token : style + token;
      index = end;
      continue;
    }
    const next = line.charCodeAt(index + 1);
    const isPair = code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
    const text = isPair ? line.slice(index, index + 2) : line[index]!;
    index += text.length;
    if (charWidth(text) !== 1) return null; // wide or combining: columns no longer match characters
    cells.push({ text, style });
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
