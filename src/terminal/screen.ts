import { EventEmitter } from 'node:events';
import type { DOMElement } from 'ink';
import type { LiveLines } from '../ui/context/live-lines.js';
import type { TerminalPictures } from '../ui/context/terminal-pictures.js';
import { cellsOf, RESET } from './cells.js';
import { LiveLayer } from './live-layer.js';
import { DISABLE_MOUSE, ENABLE_MOUSE } from './mouse.js';
import { PictureLayer, type Rewritten } from './picture-layer.js';
import { spotOf, type ScreenSpot } from './screen-spot.js';
import { CLEAR, ENTER, LEAVE, wholeRow } from './alternate-screen.js';

/**
 * The terminal as Ink sees it, on the alternate screen: Ink renders each frame whole into `stream` (debug
 * mode), and only what changed goes to the terminal, at absolute positions: the changed columns of a row
 * (a clock tick rewrites a few characters, not a 120-column row of 3-byte box characters).
 *
 * Why not Ink's own `incrementalRendering`: in Ink 6.8 it moves the cursor up one row too few when the
 * frame ends with a newline (any frame shorter than the terminal, as ours must be), so every frame lands
 * one row lower than the last (fixed in Ink 7, which needs Node 22). Absolute positions cannot drift.
 */

const CSI = '\u001B[';
/** The terminal tells when its window gains and loses the focus (ESC[I, ESC[O; keyboard.ts takes them out). */
const ENABLE_FOCUS = `${CSI}?1004h`;
const DISABLE_FOCUS = `${CSI}?1004l`;
/** Private modes set or reset, and nothing else: what Ink writes that is not a frame. */
const CURSOR_MODE_ONLY = /^(?:\u001B\[\?[0-9;]*[hl])+$/;

export interface Screen {
  /** What to give Ink as stdout: the terminal's size and resizes, frames written whole. */
  stream: NodeJS.WriteStream;
  /**
   * Switches to the alternate screen and hides the cursor; writes `question` for the terminal there before
   * clearing it (its answer comes among the keys: keyboard.ts takes it out), so that a terminal that prints
   * what it does not understand prints it where the clear wipes it.
   */
  open(question?: string): void;
  /** Gives the terminal back as it was (a frame not drawn yet is dropped: the screen goes anyway). */
  close(): void;
  /** Lines drawn over Ink's frames between them (the clock's seconds; see src/ui/context/live-lines.ts). */
  liveLines: LiveLines;
  /** Pictures the terminal draws over cells Ink leaves blank (cover art; see src/ui/context/terminal-pictures.ts). */
  pictures: TerminalPictures;
  /** Ends the hold on a start frame (ScreenOptions.startFrame): Ink's newest frame replaces it. */
  release(): void;
  /** The rows of the last frame drawn with anything on it (Ink's render as it unmounts is blank). */
  lastFrame(): readonly string[];
}

interface RowUpdate {
  bytes: string;
  rewritten: Rewritten | null;
}

const WHOLE_ROW: Rewritten = { start: 0, end: Infinity };
const UNCHANGED: RowUpdate = { bytes: '', rewritten: null };

/** The bytes that turn row `row` from `shown` into `next`: just the changed columns when that is safe. */
function rowUpdate(row: number, shown: string | undefined, next: string): RowUpdate {
  if (shown === next) return UNCHANGED;
  const whole = { bytes: wholeRow(row, next), rewritten: WHOLE_ROW };
  if (shown === undefined) return whole;
  const before = cellsOf(shown);
  const after = cellsOf(next);
  if (!before || !after || before.length !== after.length) return whole;
  const same = (index: number): boolean =>
    before[index]!.text === after[index]!.text && before[index]!.style === after[index]!.style;
  let start = 0;
  while (start < after.length && same(start)) start++;
  if (start === after.length) return UNCHANGED;
  let end = after.length - 1;
  while (end > start && same(end)) end--;
  let style = after[start]!.style;
  let out = `${CSI}${row + 1};${start + 1}H${RESET}${style}`;
  for (let index = start; index <= end; index++) {
    const cell = after[index]!;
    // Styles accumulate along a row up to a reset: what changed is what was appended, or all of it after one.
    if (cell.style !== style) out += cell.style.startsWith(style) ? cell.style.slice(style.length) : RESET + cell.style;
    style = cell.style;
    out += cell.text;
  }
  return { bytes: out + RESET, rewritten: { start, end: end + 1 } };
}

/**
 * The bytes that turn the rows `shown` into `next` (changed columns rewritten in place, left-over rows
 * cleared), and the columns of each row they write over (null: none).
 */
export function frameUpdate(shown: readonly (string | undefined)[], next: readonly string[]): { bytes: string; rewritten: (Rewritten | null)[] } {
  let bytes = '';
  const rewritten: (Rewritten | null)[] = [];
  const rows = Math.max(shown.length, next.length);
  for (let row = 0; row < rows; row++) {
    const update = rowUpdate(row, shown[row], next[row] ?? '');
    bytes += update.bytes;
    rewritten.push(update.rewritten);
  }
  return { bytes, rewritten };
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

export interface ScreenOptions {
  maxFps?: number;
  /** Where a live line's element is in a frame: by Ink's layout (tests place elements where they like). */
  locate?: (element: DOMElement) => ScreenSpot | null;
  /** Mouse reporting while the screen is open (off: the terminal keeps the mouse for its selection). */
  mouse?: boolean;
  /**
   * Rows already on the alternate screen (the start frame src/cli/start-frame.ts painted before Ink loaded):
   * open() neither enters nor clears, and Ink's frames are held until release(), then written over these rows
   * cell by cell like any other frame, so that the first one the terminal gets is a complete one, not Ink's
   * first render of a dashboard that has heard nothing yet.
   */
  startFrame?: readonly string[];
}

export function createScreen(terminal: NodeJS.WriteStream, { maxFps = 30, locate = spotOf, mouse = false, startFrame }: ScreenOptions = {}): Screen {
  const frameMs = 1000 / maxFps;
  let shown: readonly string[] = startFrame ?? [];
  let isHeld = startFrame !== undefined;
  let lastFrame = shown;
  /** The newest frame from Ink, as rows; and whether it or a live line changed since the last flush. */
  let frame: readonly string[] = [];
  let isDirty = false;
  let isClosed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** A flush is on its way (a timer or a microtask). */
  let isFlushQueued = false;
  let lastFlushAt = -Infinity;

  const flush = (): void => {
    timer = undefined;
    isFlushQueued = false;
    if (!isDirty || isClosed || isHeld) return;
    isDirty = false;
    lastFlushAt = Date.now();
    // Live lines are placed now, by the layout of the frame they go on (Ink computed it with the frame).
    const next = live.drawOn(frame);
    const update = frameUpdate(shown, next);
    shown = next;
    if (next[0] !== '' || next.some((row) => row !== '')) lastFrame = next;
    // Pictures last: over the cells this frame wrote, placed by the same layout.
    const out = update.bytes + pictures.drawAfter(update.rewritten, terminal.rows);
    if (out !== '') terminal.write(out);
  };
  // Changes that come faster than maxFps are merged: only the last state is drawn.
  const schedule = (): void => {
    if (isClosed) return;
    isDirty = true;
    if (isFlushQueued) return;
    isFlushQueued = true;
    const wait = Math.ceil(lastFlushAt + frameMs - Date.now());
    // Past the frame time (a clock's second, a key after a pause): drawn once the code that changed it is done,
    // without a timer, whose wake-up would cost a clock's tick as much again.
    if (wait <= 0) queueMicrotask(flush);
    else timer = setTimeout(flush, wait);
  };
  // Where an element is, found once per frame of Ink's (only a frame changes the layout): the clock's second and
  // a picture's check after it come back to the same frame and ask again.
  const spots = new Map<DOMElement, ScreenSpot | null>();
  let spotsOf: readonly string[] | null = null;
  const locateInFrame = (element: DOMElement): ScreenSpot | null => {
    if (spotsOf !== frame) {
      spots.clear();
      spotsOf = frame;
    }
    let spot = spots.get(element);
    if (spot === undefined) spots.set(element, (spot = locate(element)));
    return spot;
  };
  const live = new LiveLayer(schedule, locateInFrame);
  const pictures = new PictureLayer(schedule, locateInFrame);
  const stream = new ScreenStream(terminal, (next) => {
    // Ink shows the cursor through the same stream as it unmounts: no frame (the screen shows it in close()),
    // and taken as one it would blank the last frame, which the start frame of the next start is kept from.
    if (CURSOR_MODE_ONLY.test(next)) return;
    frame = next.split('\n').slice(0, terminal.rows);
    schedule();
  });
  // A terminal that went away (the window closed: SIGHUP) fails every write with EIO or EPIPE; there is
  // nobody left to show anything to, so those end quietly instead of as an unhandled 'error' event.
  const onError = (error: NodeJS.ErrnoException): void => {
    if (error.code !== 'EIO' && error.code !== 'EPIPE') throw error;
  };
  const onResize = (): void => {
    isHeld = false;
    shown = [];
    terminal.write(CLEAR);
    stream.emit('resize');
  };

  return {
    stream: stream as unknown as NodeJS.WriteStream,
    open(question = '') {
      terminal.on('error', onError);
      const entered = startFrame === undefined ? ENTER + question + CLEAR : '';
      terminal.write(entered + ENABLE_FOCUS + (mouse ? ENABLE_MOUSE : ''));
      terminal.on('resize', onResize);
    },
    liveLines: live,
    pictures,
    release() {
      if (!isHeld) return;
      isHeld = false;
      if (isDirty) schedule();
    },
    lastFrame: () => lastFrame,
    close() {
      clearTimeout(timer);
      isClosed = true;
      terminal.off('resize', onResize);
      terminal.write(pictures.clear() + (mouse ? DISABLE_MOUSE : '') + DISABLE_FOCUS + LEAVE);
    },
  };
}
