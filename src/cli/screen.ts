import { EventEmitter } from 'node:events';
import stringWidth from 'string-width';

/**
 * The terminal as Ink sees it, on the alternate screen: Ink renders each frame whole into `stream` (debug
 * mode), and only what changed goes to the terminal, at absolute positions: the changed columns of a row
 * (a clock tick rewrites a few characters, not a 120-column row of 3-byte box characters).
 *
 * Why not Ink's own `incrementalRendering`: in Ink 6.8 it moves the cursor up one row too few when the
 * frame ends with a newline (any frame shorter than the terminal, as ours must be), so every frame lands
 * one row lower than the last. Absolute positions cannot drift.
 */

const CSI = '\u001B[';
const ENTER = `${CSI}?1049h${CSI}?25l${CSI}2J`;
const LEAVE = `${CSI}?25h${CSI}?1049l`;
const CLEAR = `${CSI}2J`;

export interface Screen {
  /** What to give Ink as stdout: the terminal's size and resizes, frames written whole. */
  stream: NodeJS.WriteStream;
  /** Switches to the alternate screen and hides the cursor. */
  open(): void;
  /** Gives the terminal back as it was (a frame not drawn yet is dropped: the screen goes anyway). */
  close(): void;
}

const SGR = /\u001B\[[0-9;]*m/g;
const CELL_TOKEN = /\u001B\[[0-9;]*m|[^\u001B]/gu;
const RESET = `${CSI}0m`;

/** One column of a row: its character, and every SGR sequence of the row up to it (the style in effect). */
interface Cell {
  text: string;
  style: string;
}

const widths = new Map<string, number>();

/** Columns of one character: printable ASCII and box drawing (most of a frame) without asking string-width. */
function charWidth(char: string): number {
  const code = char.charCodeAt(0);
  if (char.length === 1 && ((code >= 0x20 && code < 0x7f) || (code >= 0x2500 && code <= 0x259f))) return 1;
  let width = widths.get(char);
  if (width === undefined) {
    width = stringWidth(char);
    if (widths.size < 4096) widths.set(char, width);
  }
  return width;
}

/** Rows parsed lately: the row on screen now was parsed as the next one a frame ago. */
const parsedRows = new Map<string, Cell[] | null>();

/** A row as cells, or null when it holds something a column-by-column patch could get wrong. */
function cellsOf(line: string): Cell[] | null {
  let cells = parsedRows.get(line);
  if (cells === undefined) {
    cells = parseCells(line);
    if (parsedRows.size >= 256) parsedRows.clear();
    parsedRows.set(line, cells);
  }
  return cells;
}

function parseCells(line: string): Cell[] | null {
  if (line.replace(SGR, '').includes('\u001B')) return null;
  const cells: Cell[] = [];
  let style = '';
  for (const [token] of line.matchAll(CELL_TOKEN)) {
    if (token.startsWith('\u001B')) {
      style += token;
      continue;
    }
    if (charWidth(token) !== 1) return null; // wide or combining: columns no longer match characters
    cells.push({ text: token, style });
  }
  return cells;
}

function wholeRow(row: number, line: string): string {
  return `${CSI}${row + 1};1H${line}${CSI}K`;
}

/** The bytes that turn row `row` from `shown` into `next`: just the changed columns when that is safe. */
function rowUpdate(row: number, shown: string | undefined, next: string): string {
  if (shown === undefined) return wholeRow(row, next);
  const before = cellsOf(shown);
  const after = cellsOf(next);
  if (!before || !after || before.length !== after.length) return wholeRow(row, next);
  const same = (index: number): boolean =>
    before[index]!.text === after[index]!.text && before[index]!.style === after[index]!.style;
  let start = 0;
  while (start < after.length && same(start)) start++;
  if (start === after.length) return '';
  let end = after.length - 1;
  while (end > start && same(end)) end--;
  let style = after[start]!.style;
  let out = `${CSI}${row + 1};${start + 1}H${RESET}${style}`;
  for (let index = start; index <= end; index++) {
    const cell = after[index]!;
    // Styles only accumulate along a row, so what changed is what was appended.
    if (cell.style !== style) out += cell.style.slice(style.length);
    style = cell.style;
    out += cell.text;
  }
  return out + RESET;
}

/** The bytes that turn the rows `shown` into `next`: changed columns rewritten in place, left-over rows cleared. */
export function rowUpdates(shown: readonly (string | undefined)[], next: readonly string[]): string {
  let out = '';
  const rows = Math.max(shown.length, next.length);
  for (let row = 0; row < rows; row++) {
    const line = next[row] ?? '';
    if (line !== shown[row]) out += rowUpdate(row, shown[row], line);
  }
  return out;
}

class ScreenStream extends EventEmitter {
  readonly isTTY = true;

  constructor(
    private readonly terminal: NodeJS.WriteStream,
    private readonly onFrame: (frame: string) => void,
  ) {
    super();
  }

  get columns(): number {
    return this.terminal.columns;
  }

  get rows(): number {
    return this.terminal.rows;
  }

  write(frame: string): boolean {
    this.onFrame(frame);
    return true;
  }
}

export function createScreen(terminal: NodeJS.WriteStream, { maxFps = 30 } = {}): Screen {
  const frameMs = 1000 / maxFps;
  let shown: string[] = [];
  let pending: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastFlushAt = -Infinity;

  const flush = (): void => {
    timer = undefined;
    if (pending === null) return;
    const next = pending.split('\n').slice(0, terminal.rows);
    pending = null;
    lastFlushAt = Date.now();
    const out = rowUpdates(shown, next);
    shown = next;
    if (out !== '') terminal.write(out);
  };
  // Frames that come faster than maxFps are merged: only the last one is drawn.
  const stream = new ScreenStream(terminal, (frame) => {
    pending = frame;
    timer ??= setTimeout(flush, Math.max(0, Math.ceil(lastFlushAt + frameMs - Date.now())));
  });
  // A terminal that went away (the window closed: SIGHUP) fails every write with EIO or EPIPE; there is
  // nobody left to show anything to, so those end quietly instead of as an unhandled 'error' event.
  const onError = (error: NodeJS.ErrnoException): void => {
    if (error.code !== 'EIO' && error.code !== 'EPIPE') throw error;
  };
  const onResize = (): void => {
    shown = [];
    terminal.write(CLEAR);
    stream.emit('resize');
  };

  return {
    stream: stream as unknown as NodeJS.WriteStream,
    open() {
      terminal.on('error', onError);
      terminal.write(ENTER);
      terminal.on('resize', onResize);
    },
    close() {
      clearTimeout(timer);
      pending = null;
      terminal.off('resize', onResize);
      terminal.write(LEAVE);
    },
  };
}
