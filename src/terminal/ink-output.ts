import { ansiCodesToString, diffAnsiCodes, reduceAnsiCodesIncremental, tokenize, type AnsiCode, type StyledChar } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import { BoundedCache } from './bounded-cache.js';
import widestLine from './widest-line.js';

/**
 * Ink 6.8 builds every frame from nothing: Output.get() tokenizes each line of text on screen and turns the
 * 4,800 cells of a 120×40 screen back into strings, ~8 ms a frame even when one clock digit changed. `fastGet`
 * (the get of fast-output.ts, which Ink uses in the bundle and in the tests) returns the very same string
 * (test/terminal/ink-output.test.ts compares it with Ink's on random frames) but keeps what the frames before
 * computed: each line's styled characters, widths, clipped slices, and every row whose cells are the same
 * objects as last time.
 */

export type Transformer = (line: string, index: number) => string;
export type Clip = { x1?: number; x2?: number; y1?: number; y2?: number };
export type Operation =
  | { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] }
  | { type: 'clip'; clip: Clip }
  | { type: 'unclip' };

/** The part of Ink's Output class that get() reads. */
export interface InkOutput {
  width: number;
  height: number;
  operations: Operation[];
}

const NO_STYLES: AnsiCode[] = Object.freeze([]) as unknown as AnsiCode[];
const BLANK: StyledChar = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: NO_STYLES }) as StyledChar;

/** A line's characters and the columns each takes; `columns` is null when every one takes one (most lines). */
interface PlacedLine {
  chars: StyledChar[];
  columns: number[] | null;
}

/**
 * Text without escape sequences, of characters that are each a grapheme of their own whatever follows them:
 * printable ASCII, `·`, `…`, `›` and box drawing. Its characters are what ansi-tokenize would make of it, one
 * shared cell per character.
 */
const PLAIN = /^[\u0020-\u007E\u00B7\u2026\u203A\u2500-\u257F]*$/;
const plainCells = new Map<string, StyledChar>();

function plainCell(char: string): StyledChar {
  let cell = plainCells.get(char);
  if (cell === undefined) {
    cell = Object.freeze({ type: 'char', value: char, fullWidth: false, styles: NO_STYLES }) as StyledChar;
    plainCells.set(char, cell);
  }
  return cell;
}

/**
 * styledCharsFromTokens of ansi-tokenize, but its `{...token, styles}` gives every character a hidden class of
 * its own on Node 20 (a map, its descriptors and a property array: ~250 bytes more a character, 3–4 MB of heap
 * for the lines kept below, all of it old-generation garbage when they go). Here every character has the shape
 * of one literal, and a run of characters in the same style shares one styles array (never changed: a reduce
 * returns a new one) instead of a copy each.
 */
export function styledChars(line: string): StyledChar[] {
  let styles: AnsiCode[] = NO_STYLES;
  const chars: StyledChar[] = [];
  for (const token of tokenize(line)) {
    if (token.type === 'ansi') styles = reduceAnsiCodesIncremental(styles, [token]);
    else chars.push({ type: 'char', value: token.value, fullWidth: token.fullWidth, styles });
  }
  return chars;
}

/** Lines and slices of lines placed lately: a frame mostly places what the frame before placed. */
const placedLines = new BoundedCache<PlacedLine>(512, (line) => {
  const chars = PLAIN.test(line) ? Array.from(line, plainCell) : styledChars(line);
  const columns = chars.map((character) => Math.max(1, widestLine(character.value)));
  return { chars, columns: columns.every((width) => width === 1) ? null : columns };
});
const slices = new BoundedCache(256, (key) => {
  const [from, to, line] = key.split('\u0000') as [string, string, string];
  return sliceAnsi(line, Number(from), Number(to));
});

/** The empty cells after a wide character, one per character object, so that rows stay comparable. */
const fillers = new WeakMap<StyledChar, StyledChar>();

function fillerOf(character: StyledChar): StyledChar {
  let filler = fillers.get(character);
  if (filler === undefined) {
    filler = { type: 'char', value: '', fullWidth: false, styles: character.styles };
    fillers.set(character, filler);
  }
  return filler;
}

function sameCells(a: StyledChar[], b: StyledChar[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

function sameStyles(a: AnsiCode[], b: AnsiCode[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index]!.code !== b[index]!.code || a[index]!.endCode !== b[index]!.endCode) return false;
  return true;
}

/**
 * styledCharsToString of ansi-tokenize, without its diff of the styles between two characters whose styles
 * are the same (an empty diff, but three Sets and four arrays for each character of a row).
 */
function rowString(chars: StyledChar[]): string {
  let text = '';
  for (let index = 0; index < chars.length; index++) {
    const { styles, value } = chars[index]!;
    const before = index === 0 ? NO_STYLES : chars[index - 1]!.styles;
    if (!sameStyles(before, styles)) text += ansiCodesToString(index === 0 ? styles : diffAnsiCodes(before, styles));
    text += value;
    if (index === chars.length - 1 && styles.length > 0) text += ansiCodesToString(diffAnsiCodes(styles, NO_STYLES));
  }
  return text;
}

/**
 * Two grids, drawn into by turns so that a frame allocates no cells: the one the last frame drew (its rows
 * and their strings, to compare with) and the one the frame before drew, to draw the next frame into.
 */
let last: { grid: StyledChar[][]; cells: StyledChar[][]; texts: string[] } = { grid: [], cells: [], texts: [] };
let spare: StyledChar[][] = [];

function blankGrid(width: number, height: number): StyledChar[][] {
  const grid = spare;
  grid.length = Math.min(grid.length, height);
  while (grid.length < height) grid.push([]);
  for (const row of grid) {
    row.length = width;
    row.fill(BLANK);
  }
  return grid;
}

/** The string of a row of the last frame with the same cells: at the same index, or one off (a list scrolled). */
function lastText(index: number, cells: StyledChar[]): string | undefined {
  for (const candidate of [index, index + 1, index - 1]) {
    const before = last.cells[candidate];
    if (before !== undefined && sameCells(before, cells)) return last.texts[candidate];
  }
  return undefined;
}

/** Places the lines of one write on the grid, clipped as Ink clips them (including its quirks). */
function place(grid: StyledChar[][], operation: Extract<Operation, { type: 'write' }>, clip: Clip | undefined): void {
  const { text, transformers } = operation;
  let { x, y } = operation;
  let lines = text.split('\n');
  if (clip) {
    const clipHorizontally = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
    const clipVertically = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
    if (clipHorizontally && (x + widestLine(text) < clip.x1! || x > clip.x2!)) return;
    if (clipVertically && (y + lines.length < clip.y1! || y > clip.y2!)) return;
    if (clipHorizontally) {
      const { x1, x2 } = clip as Required<Clip>;
      lines = lines.map((line) => {
        const from = x < x1 ? x1 - x : 0;
        const width = widestLine(line);
        const to = x + width > x2 ? x2 - x : width;
        return slices.get(`${from}\u0000${to}\u0000${line}`);
      });
      if (x < x1) x = x1;
    }
    if (clipVertically) {
      const { y1, y2 } = clip as Required<Clip>;
      const from = y < y1 ? y1 - y : 0;
      const height = lines.length;
      const to = y + height > y2 ? y2 - y : height;
      lines = lines.slice(from, to);
      if (y < y1) y = y1;
    }
  }
  let offsetY = 0;
  for (let [index, line] of lines.entries()) {
    const row = grid[y + offsetY];
    // Like Ink, a line outside the grid is skipped without moving on a row.
    if (!row) continue;
    for (const transformer of transformers) line = transformer(line, index);
    const { chars, columns } = placedLines.get(line);
    // Left of the grid, Ink's assignments name no element: nothing shows there.
    if (columns === null) {
      for (let index = Math.max(0, -x); index < chars.length; index++) row[x + index] = chars[index]!;
    } else {
      let offsetX = x;
      for (const [index, character] of chars.entries()) {
        if (offsetX >= 0) row[offsetX] = character;
        for (let column = 1; column < columns[index]!; column++) if (offsetX + column >= 0) row[offsetX + column] = fillerOf(character);
        offsetX += columns[index]!;
      }
    }
    offsetY++;
  }
}

export function fastGet(this: InkOutput): { output: string; height: number } {
  const grid = blankGrid(this.width, this.height);
  const clips: Clip[] = [];
  for (const operation of this.operations) {
    if (operation.type === 'clip') clips.push(operation.clip);
    else if (operation.type === 'unclip') clips.pop();
    else place(grid, operation, clips.at(-1));
  }
  const cells: StyledChar[][] = [];
  const texts: string[] = [];
  for (const [index, row] of grid.entries()) {
    // A write past the right edge lengthens the row, maybe leaving holes, which Ink drops.
    const rowCells = row.length === this.width ? row : row.filter((cell) => cell !== undefined);
    cells.push(rowCells);
    texts.push(lastText(index, rowCells) ?? rowString(rowCells).trimEnd());
  }
  spare = last.grid;
  last = { grid, cells, texts };
  return { output: texts.join('\n'), height: grid.length };
}
