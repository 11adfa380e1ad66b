/**
 * Cursor and scroll window of a list that shows `height` rows of `length` items.
 * Pure: `listCursorReducer` (below) is the cursor every list holds through `useListCursor`; a playlist's
 * reorder state moves its own cursor with the same `moveCursor` and `setCursor`.
 */

import type { CursorAction } from '../../keys/actions.js';

export type { CursorAction };

export interface CursorState {
  /** Index of the highlighted item. */
  cursor: number;
  /** Index of the first visible row. */
  top: number;
}

/** A whole number >= 1; anything else (0, NaN, fractions, Infinity) falls back to `fallback`. */
function positiveInteger(value: number, fallback: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** Scrolls `top` just enough to show `cursor`, never past either end of the list. */
function visibleWindow(cursor: number, top: number, length: number, height: number): CursorState {
  const lastTop = Math.max(0, length - height);
  let nextTop = Number.isFinite(top) ? Math.floor(top) : 0;
  if (cursor < nextTop) nextTop = cursor;
  else if (cursor >= nextTop + height) nextTop = cursor - height + 1;
  return { cursor, top: clamp(nextTop, 0, lastTop) };
}

/**
 * Moves the cursor by `action`, `count` times (a typed count such as `5j`). Page moves shift the
 * window along with the cursor so the cursor keeps its row on screen. Safe for an empty list.
 */
export function moveCursor(
  state: CursorState,
  action: CursorAction,
  length: number,
  height: number,
  count = 1,
): CursorState {
  const rows = positiveInteger(height, 1);
  const times = positiveInteger(count, 1);
  const size = Number.isFinite(length) && length > 0 ? Math.floor(length) : 0;
  if (size === 0) return { cursor: 0, top: 0 };
  const from = clamp(Number.isFinite(state.cursor) ? Math.floor(state.cursor) : 0, 0, size - 1);
  const step = action === 'pageUp' || action === 'pageDown' ? rows * times : times;
  let target: number;
  switch (action) {
    case 'up':
    case 'pageUp':
      target = from - step;
      break;
    case 'down':
    case 'pageDown':
      target = from + step;
      break;
    case 'first':
      target = 0;
      break;
    case 'last':
      target = size - 1;
      break;
  }
  const cursor = clamp(target, 0, size - 1);
  const top = action === 'pageUp' || action === 'pageDown' ? state.top + (cursor - from) : state.top;
  return visibleWindow(cursor, top, size, rows);
}

/** Puts the cursor on `cursor` (clamped to the list) and scrolls to show it. */
export function setCursor(state: CursorState, cursor: number, length: number, height: number): CursorState {
  const size = Number.isFinite(length) && length > 0 ? Math.floor(length) : 0;
  if (size === 0) return { cursor: 0, top: 0 };
  const target = clamp(Number.isFinite(cursor) ? Math.floor(cursor) : 0, 0, size - 1);
  return visibleWindow(target, state.top, size, positiveInteger(height, 1));
}

/**
 * Offsets of the pages still to fetch so that the window `[top, top + height)` and one page of margin
 * on either side are loaded, nearest to the window's centre first (so `G` on a long list asks for the
 * last page before the ones above it). Pages start at multiples of `pageSize`.
 */
export function pagesToFetch(
  top: number,
  height: number,
  total: number,
  pageSize: number,
  isLoaded: (offset: number) => boolean,
): number[] {
  const size = positiveInteger(pageSize, 1);
  const rows = positiveInteger(height, 1);
  const count = Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
  if (count === 0) return [];
  const windowTop = clamp(Number.isFinite(top) ? Math.floor(top) : 0, 0, count - 1);
  const first = Math.max(0, windowTop - size);
  const end = Math.min(count, windowTop + rows + size);
  const centre = windowTop + Math.min(rows, count - windowTop) / 2;
  const offsets: number[] = [];
  for (let offset = first - (first % size); offset < end; offset += size) {
    if (!isLoaded(offset)) offsets.push(offset);
  }
  const distance = (offset: number) => Math.abs(offset + Math.min(size, count - offset) / 2 - centre);
  return offsets.sort((a, b) => distance(a) - distance(b) || a - b);
}

export type CursorMove = { type: 'move'; action: CursorAction; count: number; length: number; height: number; isLoaded: boolean };
export type CursorChange =
  | CursorMove
  | { type: 'set'; index: number; length: number; height: number }
  | { type: 'replay'; length: number; height: number };

export interface CursorModel extends CursorState {
  /** Moves made before the list's first page arrived: `j j` typed while it loads still count. */
  waiting: readonly CursorMove[];
}

/**
 * A list's cursor as a reducer, for a hook to hold (use-list-cursor.ts). The list's size travels with each
 * change, so two keys that arrive before a re-render both count.
 */
export function listCursorReducer(state: CursorModel, change: CursorChange): CursorModel {
  let next: CursorState;
  if (change.type === 'move') {
    if (!change.isLoaded) return { ...state, waiting: [...state.waiting, change] };
    next = moveCursor(state, change.action, change.length, change.height, change.count);
  } else if (change.type === 'set') {
    next = setCursor(state, change.index, change.length, change.height);
  } else {
    next = state.waiting.reduce<CursorState>(
      (position, move) => moveCursor(position, move.action, change.length, change.height, move.count),
      state,
    );
    return { cursor: next.cursor, top: next.top, waiting: [] };
  }
  // The same object when nothing moved: React then skips the render.
  return next.cursor === state.cursor && next.top === state.top ? state : { ...next, waiting: state.waiting };
}

export const INITIAL_LIST_CURSOR: CursorModel = { cursor: 0, top: 0, waiting: [] };
