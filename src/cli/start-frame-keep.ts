import type { PlaybackState } from '../api/types.js';
import type { ArtSetting } from '../ui/art/mode.js';
import { parseCells, rowOf, type Cell } from '../terminal/cells.js';
import { keepStartFrame, type StartFrameSlot } from './start-frame.js';

/**
 * What of the dashboard's last frame is kept for the next start (start-frame.ts paints it): the Now playing pane
 * as the dashboard's first frame after the player's answer draws it, so that the one replaces the other without
 * anything going away and coming back. That frame has the name, the source and the settings lines, the cover's
 * placeholder (the picture is read after the answer) and no up next (asked after it): so the kept rows keep
 * those three lines, turn the cover into its placeholder and blank the rest (the clock, up next). Loaded with
 * the dashboard, never at start.
 */

const SGR = /\u001B\[[0-9;]*m/g;
/** The line of what plays (NowPlayingPane): its state, two spaces, a name. */
const PLAYING_LINE = /(?:▶ Playing|❚❚ Paused) {2}\S/;
/** The name, the source and the settings: the lines the pane draws from the player's answer alone. */
const ANSWER_LINES = 3;
/** The cover's placeholder (CoverArt): a dim shade, its dim turned off after it. */
const DIM = '\u001B[2m';
const DIM_OFF = '\u001B[22m';
const BLANK: Cell = { text: ' ', style: '' };

/**
 * Draws the placeholder in place of the cover in columns 2 up to `coverEnd` of `cells`, in the styles Ink writes
 * it with, and the columns after it in theirs: a cell's style is every SGR sequence since the row's last reset
 * (cells.ts), so a cell after a picture carries the picture's colours, after a placeholder its dim and undim.
 * Cells that look alike but are written alike too are the ones the screen writer leaves alone.
 */
function placeholderFor(cells: Cell[], coverEnd: number): void {
  const before = cells[1]!.style;
  const afterCover = cells[coverEnd]!.style;
  cells.fill({ text: '░', style: before + DIM }, 2, coverEnd);
  for (let column = coverEnd; column < cells.length; column++) {
    const { text, style } = cells[column]!;
    const own = style.startsWith(afterCover) ? style.slice(afterCover.length) : style;
    cells[column] = { text, style: before + DIM + DIM_OFF + own };
  }
}

/**
 * The rows of the Now playing pane at the top of `shown` as the next start should paint them, or null where
 * the pane is not as a dashboard starts with it (not focused: its rounded border) showing an item.
 */
export function nowPlayingRows(shown: readonly string[]): string[] | null {
  const text = shown.map((row) => row.replace(SGR, ''));
  if (!text[0]?.startsWith('╭')) return null;
  const last = text.findIndex((row) => row.startsWith('╰'));
  const playing = text.findIndex((row) => PLAYING_LINE.test(row));
  if (last < 2 || playing !== 1) return null;
  // Columns, not characters: each cell of these rows is one column wide, or parseCells says no.
  const textStart = PLAYING_LINE.exec(text[1]!)!.index;
  const rows: string[] = [shown[0]!];
  for (let row = 1; row < last; row++) {
    const cells = parseCells(shown[row]!);
    if (cells === null || cells.length !== text[0].length) return null;
    const inner = cells.length - 1;
    const coverEnd = textStart - 2;
    const cover = coverEnd > 2 && cells.slice(2, coverEnd).some((cell) => cell.text !== ' ');
    if (cover) placeholderFor(cells, coverEnd);
    if (row > ANSWER_LINES) cells.fill(BLANK, textStart, inner);
    rows.push(rowOf(cells));
  }
  rows.push(shown[last]!);
  return rows;
}

/**
 * Keeps the Now playing rows of the dashboard's last frame for the next start, valid until the item shown
 * would end (a playing item moves on without a service: the player's clock is the database's). A dashboard
 * that quit before the player's first answer learnt nothing new: the frame it painted is kept again as it was,
 * as of now (its own service wrote the database meanwhile, which would make it look out of date).
 */
export function keepFrameForNextStart(
  slot: StartFrameSlot,
  shown: readonly string[],
  last: { playback: PlaybackState | null; receivedAt: number } | null,
  art: ArtSetting,
): void {
  if (last === null) {
    if (slot.painted !== null) keepStartFrame(slot.file, slot.painted.rows, slot.fit, slot.painted);
    return;
  }
  const { playback, receivedAt } = last;
  const frame = playback === null ? null : nowPlayingRows(shown);
  const left = playback === null ? 0 : Math.max(0, (playback.item?.duration_ms ?? 0) - playback.progress_ms);
  const validUntil = playback?.is_playing === true ? receivedAt + left : null;
  keepStartFrame(slot.file, frame, slot.fit, { validUntil, art });
}
