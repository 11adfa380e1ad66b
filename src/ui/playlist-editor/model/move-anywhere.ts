import type { BlockStep } from './history.js';
import { pushStep, type HistoryState } from './history.js';

/**
 * Moving the item under the cursor, or the marked range, anywhere in one step: to the top, to the bottom, to a
 * typed position, or lifted and dropped above or below the cursor wherever it went meanwhile (`G`, PgDn, a
 * count; rows not loaded included, as only base positions move). Each is one undo step, a block move like
 * `J`/`K`, so the save plans it as one range move.
 */

/** The rows a move would move, `end` exclusive: the marked range, or the cursor's row. */
function selection(state: HistoryState): { start: number; end: number } {
  const other = state.mark ?? state.cursor;
  return { start: Math.min(state.cursor, other), end: Math.max(state.cursor, other) + 1 };
}

/** `state` with the rows `[start, end)` moved to start at `target` (clamped), as one step; the same state when nothing moves. */
function moveBlockTo<S extends HistoryState>(state: S, start: number, end: number, target: number, cursor = state.cursor, mark = state.mark): S {
  const length = end - start;
  const last = state.order.length - length;
  const shift = Math.max(0, Math.min(Math.floor(target), last)) - start;
  if (state.order.length === 0 || shift === 0) return state;
  const step: BlockStep = { start, length, shift, cursorOffset: cursor - start, markOffset: mark === null ? null : mark - start };
  return pushStep(state, step);
}

/** The item or marked range to the top (`T`). */
export function moveToTop<S extends HistoryState>(state: S): S {
  const { start, end } = selection(state);
  return moveBlockTo(state, start, end, 0);
}

/** The item or marked range to the bottom (`B`). */
export function moveToBottom<S extends HistoryState>(state: S): S {
  const { start, end } = selection(state);
  return moveBlockTo(state, start, end, state.order.length);
}

/**
 * The item or marked range so that its first entry is at `position` (1-based, as the rows are numbered;
 * past the end means the bottom).
 */
export function moveToPosition<S extends HistoryState>(state: S, position: number): S {
  const { start, end } = selection(state);
  return moveBlockTo(state, start, end, position - 1);
}

/** What a typed position means, or why it is refused (for the status line). */
export function parsePosition(text: string, length: number): { position: number } | { error: string } {
  const trimmed = text.trim().replace(/[,_ ]/g, '');
  if (!/^[0-9]+$/.test(trimmed) || Number(trimmed) < 1) return { error: `a position is a number from 1 to ${length.toLocaleString('en')}` };
  return { position: Math.min(Number(trimmed), length) };
}

/** A lifted block: the rows it held and the base positions there, to check at the drop that they are still there. */
export interface Lifted {
  readonly start: number;
  readonly end: number;
  readonly basePositions: Int32Array;
  /** The cursor and the mark as offsets into the block, restored around the block when it lands. */
  readonly cursorOffset: number;
  readonly markOffset: number | null;
}

/** Lifts the item or the marked range (`x`); the mark is cleared so the cursor can travel freely. */
export function lift<S extends HistoryState>(state: S): { state: S; lifted: Lifted } | null {
  if (state.order.length === 0) return null;
  const { start, end } = selection(state);
  const lifted: Lifted = {
    start, end, basePositions: state.order.slice(start, end), cursorOffset: state.cursor - start,
    markOffset: state.mark === null ? null : state.mark - start,
  };
  return { state: { ...state, mark: null }, lifted };
}

/** Whether the lifted rows still hold what was lifted (no move, undo or merge happened since). */
export function isLiftCurrent(state: HistoryState, lifted: Lifted): boolean {
  if (lifted.end > state.order.length) return false;
  for (let i = 0; i < lifted.basePositions.length; i++) if (state.order[lifted.start + i] !== lifted.basePositions[i]) return false;
  return true;
}

export type DropResult<S> = { state: S } | { error: string };

/**
 * The lifted block dropped above (`[`) or below (`]`) the row under the cursor, as one step; the cursor lands
 * on the entry it was on when lifted. Dropping inside the block itself puts it back unmoved.
 */
export function drop<S extends HistoryState>(state: S, lifted: Lifted, where: 'above' | 'below'): DropResult<S> {
  if (!isLiftCurrent(state, lifted)) return { error: 'the lifted items moved since: lift them again (x)' };
  const { start, end } = lifted;
  const cursor = state.cursor;
  if (cursor >= start && cursor < end) return { state };
  const length = end - start;
  const anchor = where === 'above' ? cursor : cursor + 1;
  const target = anchor < start ? anchor : anchor - length;
  const markRow = lifted.markOffset === null ? null : start + lifted.markOffset;
  return { state: moveBlockTo(state, start, end, target, start + lifted.cursorOffset, markRow) };
}

/** The status line while something is lifted. */
export function liftedText(lifted: Lifted): string {
  const count = lifted.end - lifted.start;
  const what = count === 1 ? '1 item' : `${count.toLocaleString('en')} items`;
  return `${what} lifted: move to where it goes, [ drops above, ] below, Esc puts it back`;
}
