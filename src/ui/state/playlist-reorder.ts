import type { PlaylistItem } from '../../api/types.js';
import { entryIdentity } from './entry-keys.js';
import { moveCursor, setCursor, type CursorAction, type CursorState } from './list-cursor.js';
import {
  createReorderState,
  isDirty,
  reorderReducer,
  selectedRange,
  type ReorderAction,
  type ReorderState,
} from './reorder.js';
import { isPermuteStep, movedBasePositions, pushStep, type HistoryStep } from './reorder-history.js';
import { mergeOnFresh, type FreshOrder } from './playlist-merge.js';
import type { RangeMove } from './save-planner.js';
import { emptySparseList, itemAt, permuteSparseList, withPage, type SparseList } from './sparse-list.js';

/**
 * A playlist's items view while it is being reordered: the reorder state (display row -> base position),
 * the entries loaded so far by base position, the scroll window, and which version of the playlist the
 * base positions are those of. One reducer, so that a save renumbering the base moves the loaded pages
 * and the view in the same step.
 */
export interface PlaylistReorderState {
  readonly reorder: ReorderState;
  /** Entries by base position. */
  readonly list: SparseList<PlaylistItem>;
  /** By base position, 1 for the entries the user moved (in a moved block, not merely displaced by one). */
  readonly touched: Uint8Array;
  /** First display row of the window. */
  readonly top: number;
  /** While a filter narrows the view: the first of the rows it lets through that the window shows. */
  readonly filterTop: number;
  /** The snapshot the base positions are those of; null when unknown (a save then merges by identity). */
  readonly snapshotId: string | null;
  /**
   * Bumps whenever a page asked for earlier could no longer be placed right: the base was renumbered, or a
   * reorder request went out (a page answered meanwhile may show either side of it).
   */
  readonly generation: number;
  /** A reorder request is in flight: no page is asked for until it is answered. */
  readonly isWriting: boolean;
  /** A page showed that the playlist changed elsewhere while moves were unsaved: it was set aside, save soon. */
  readonly isBaseStale: boolean;
  /** Pages are fetched this long; loaded entries are kept in pages cut at its multiples. */
  readonly pageSize: number;
}

export type PlaylistReorderAction =
  /** A key of the reorder reducer (digits, moves, marks, undo, redo); the window follows the cursor. */
  | { type: 'reorder'; action: ReorderAction; height: number }
  /** A cursor key; a typed count applies to up, down and the page keys. */
  | { type: 'cursor'; action: CursorAction; height: number; count?: number }
  | { type: 'cursorTo'; index: number; height: number }
  /**
   * A cursor key while a filter lets only `rows` through (display rows, ascending): the one cursor moves
   * from match to match, so it stays on its entry when the filter goes.
   */
  | { type: 'filteredCursor'; action: CursorAction; rows: ArrayLike<number>; height: number; count?: number }
  /** The cursor on the `index`th of the rows a filter lets through (a click). */
  | { type: 'filteredCursorTo'; index: number; rows: ArrayLike<number>; height: number }
  /** The filter's text changed: the cursor goes to the first match. */
  | { type: 'filterChanged'; height: number }
  /** One step made by a move anywhere or a sort (reorder-move.ts, reorder-sort.ts), done and recorded. */
  | { type: 'step'; step: HistoryStep; height: number }
  /** A page fetched while `generation` was current. */
  | { type: 'page'; generation: number; offset: number; items: readonly PlaylistItem[]; total: number }
  /** A reorder request goes out: `move`, planned on the base (the journal records it before it is sent). */
  | { type: 'writeStarted'; move?: RangeMove }
  /** A reorder request landed: the service has `order` (base positions) as `snapshotId`. */
  | { type: 'saved'; order: ArrayLike<number>; snapshotId: string }
  /** A reorder request failed: it may or may not have landed, so the next save checks the snapshot. */
  | { type: 'writeFailed' }
  /** The playlist changed elsewhere: the view's order is replayed on `fresh`, which becomes the base. */
  | { type: 'merge'; fresh: FreshOrder };

export function createPlaylistReorder(total: number, snapshotId: string | null, pageSize: number): PlaylistReorderState {
  const reorder = createReorderState(total);
  const length = reorder.order.length;
  return {
    reorder, list: emptySparseList(length), touched: new Uint8Array(length), top: 0, filterTop: 0, snapshotId, generation: 0,
    isWriting: false, isBaseStale: false, pageSize,
  };
}

/** `state` with `reorder` and the window scrolled just enough to show its cursor. */
function withReorder(state: PlaylistReorderState, reorder: ReorderState, height: number): PlaylistReorderState {
  if (reorder === state.reorder) return state;
  const top = setCursor({ cursor: reorder.cursor, top: state.top }, reorder.cursor, reorder.order.length, height).top;
  return { ...state, reorder, top };
}

/** Base positions of the entries the next undo (or redo) of one step moves, on the order shown now. */
function historyMoved(reorder: ReorderState, type: 'undo' | 'redo'): number[] {
  const step = type === 'undo' ? reorder.undo.at(-1) : reorder.redo.at(-1);
  if (step === undefined) return [];
  if (type === 'redo') return movedBasePositions(reorder.order, step);
  if (isPermuteStep(step)) {
    const moved: number[] = [];
    step.rows.forEach((from, row) => from !== row && moved.push(reorder.order[row]!));
    return moved;
  }
  const start = step.start + step.shift;
  return Array.from(reorder.order.subarray(start, start + step.length));
}

/** `touched` with `positions` set, copied once per action. */
function touch(state: PlaylistReorderState, touched: Uint8Array, positions: readonly number[]): Uint8Array {
  if (positions.length === 0) return touched;
  const copy = touched === state.touched ? touched.slice() : touched;
  for (const position of positions) copy[position] = 1;
  return copy;
}

/** A move, undo or redo, one step at a time, noting which entries the user moved (the merge follows them). */
function applyMove(state: PlaylistReorderState, action: ReorderAction, height: number): PlaylistReorderState {
  if (action.type !== 'moveUp' && action.type !== 'moveDown' && action.type !== 'undo' && action.type !== 'redo') {
    return withReorder(state, reorderReducer(state.reorder, action), height);
  }
  const isHistory = action.type === 'undo' || action.type === 'redo';
  let reorder = state.reorder;
  let touched = state.touched;
  for (let step = isHistory ? (action.count ?? 1) : 1; step > 0; step--) {
    const next = reorderReducer(reorder, isHistory ? { type: action.type } : action);
    if (next.order !== reorder.order) {
      const moved = isHistory
        ? historyMoved(reorder, action.type as 'undo' | 'redo')
        : Array.from(reorder.order.subarray(selectedRange(reorder).start, selectedRange(reorder).end));
      touched = touch(state, touched, moved);
    }
    reorder = next;
  }
  return { ...withReorder(state, reorder, height), touched };
}

/** One step done from elsewhere (a move anywhere, a sort), recorded as one undo step. */
function applyStep(state: PlaylistReorderState, step: HistoryStep, height: number): PlaylistReorderState {
  const touched = touch(state, state.touched, movedBasePositions(state.reorder.order, step));
  return { ...withReorder(state, pushStep(state.reorder, step), height), touched };
}

const COUNTED: ReadonlySet<CursorAction> = new Set(['up', 'down', 'pageUp', 'pageDown']);

function moveTheCursor(state: PlaylistReorderState, action: CursorAction, height: number, typed = 1): PlaylistReorderState {
  const { reorder } = state;
  const count = COUNTED.has(action) ? typed : 1;
  const next = moveCursor({ cursor: reorder.cursor, top: state.top }, action, reorder.order.length, height, count);
  const moved = reorderReducer(reorder, { type: 'cursorTo', index: next.cursor });
  return moved === reorder && next.top === state.top ? state : { ...state, reorder: moved, top: next.top };
}

/** The first of `rows` (ascending) at or after `row`; `rows.length` when none is. */
function firstAtOrAfter(rows: ArrayLike<number>, row: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rows[middle]! < row) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The cursor and window among the rows a filter lets through (display rows, ascending): the cursor is on the
 * first of them at or after the one cursor of the view, the window as it was left.
 */
export function filteredWindow(state: PlaylistReorderState, rows: ArrayLike<number>, height: number): CursorState {
  const index = Math.min(firstAtOrAfter(rows, state.reorder.cursor), Math.max(0, rows.length - 1));
  return setCursor({ cursor: index, top: state.filterTop }, index, rows.length, height);
}

/** The cursor on the match `next` names; the whole list's window follows it too, for when the filter goes. */
function moveAmongFiltered(state: PlaylistReorderState, rows: ArrayLike<number>, next: CursorState, height: number): PlaylistReorderState {
  if (rows.length === 0) return state;
  const moved = withReorder(state, reorderReducer(state.reorder, { type: 'cursorTo', index: rows[next.cursor]! }), height);
  return moved === state && next.top === state.filterTop ? state : { ...moved, filterTop: next.top };
}

function moveFilteredCursor(state: PlaylistReorderState, action: Extract<PlaylistReorderAction, { type: 'filteredCursor' }>): PlaylistReorderState {
  const { rows, height } = action;
  const count = COUNTED.has(action.action) ? (action.count ?? 1) : 1;
  return moveAmongFiltered(state, rows, moveCursor(filteredWindow(state, rows, height), action.action, rows.length, height, count), height);
}

/** Whether `items` differ from the entries loaded at the same positions (unloaded positions do not count). */
function differsFromLoaded(list: SparseList<PlaylistItem>, offset: number, items: readonly PlaylistItem[]): boolean {
  return items.some((item, index) => {
    const loaded = itemAt(list, offset + index);
    return loaded !== undefined && loaded !== item && entryIdentity(loaded) !== entryIdentity(item);
  });
}

function receivePage(state: PlaylistReorderState, action: Extract<PlaylistReorderAction, { type: 'page' }>): PlaylistReorderState {
  if (action.generation !== state.generation || state.isWriting) return state;
  const sizeChanged = action.total !== state.list.total;
  if (isDirty(state.reorder) && (sizeChanged || differsFromLoaded(state.list, action.offset, action.items))) {
    // Placing it would show other entries under the user's moves: the save that follows merges by identity.
    return state.isBaseStale ? state : { ...state, isBaseStale: true };
  }
  const isKnown = !sizeChanged && action.items.every((item, index) => itemAt(state.list, action.offset + index) === item);
  if (isKnown) return state;
  const list = withPage(state.list, action.offset, action.items, action.total);
  if (!sizeChanged) return { ...state, list };
  // Nothing unsaved: the view starts afresh at the new size, the cursor staying where it was.
  const fresh = createReorderState(list.total);
  const cursor = Math.max(0, Math.min(state.reorder.cursor, list.total - 1));
  return {
    ...state, list, reorder: { ...fresh, cursor }, touched: new Uint8Array(list.total), top: Math.min(state.top, cursor),
    generation: state.generation + 1,
  };
}

/** The base renumbered so that the service's `order` is the identity; loaded entries move along. */
function receiveSaved(state: PlaylistReorderState, order: ArrayLike<number>, snapshotId: string): PlaylistReorderState {
  const reorder = reorderReducer(state.reorder, { type: 'saved', order });
  const newPosition = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) newPosition[order[i]!] = i;
  const list = permuteSparseList(state.list, (position) => newPosition[position] ?? -1, state.list.total, state.pageSize);
  const touched = new Uint8Array(state.touched.length);
  state.touched.forEach((flag, position) => (touched[newPosition[position]!] = flag));
  return { ...state, reorder, list, touched, snapshotId, generation: state.generation + 1, isWriting: false };
}

export function playlistReorderReducer(state: PlaylistReorderState, action: PlaylistReorderAction): PlaylistReorderState {
  switch (action.type) {
    case 'reorder':
      return applyMove(state, action.action, action.height);
    case 'cursor':
      return moveTheCursor(state, action.action, action.height, action.count);
    case 'cursorTo':
      return withReorder(state, reorderReducer(state.reorder, { type: 'cursorTo', index: action.index }), action.height);
    case 'filteredCursor':
      return moveFilteredCursor(state, action);
    case 'filteredCursorTo': {
      const { rows, height } = action;
      return moveAmongFiltered(state, rows, setCursor(filteredWindow(state, rows, height), action.index, rows.length, height), height);
    }
    case 'filterChanged': {
      const moved = withReorder(state, reorderReducer(state.reorder, { type: 'cursorTo', index: 0 }), action.height);
      return moved.filterTop === 0 ? moved : { ...moved, filterTop: 0 };
    }
    case 'step':
      return applyStep(state, action.step, action.height);
    case 'page':
      return receivePage(state, action);
    case 'writeStarted':
      return { ...state, isWriting: true, generation: state.generation + 1 };
    case 'saved':
      return receiveSaved(state, action.order, action.snapshotId);
    case 'writeFailed':
      return { ...state, isWriting: false, generation: state.generation + 1 };
    case 'merge':
      return mergeOnFresh(state, action.fresh);
  }
}

/**
 * Offsets of the pages holding rows near the window that are not loaded yet: the window's own rows first,
 * then a page's worth below it and above it. Rows map to base positions anywhere in the playlist.
 */
export function missingPages(state: PlaylistReorderState, top: number, height: number): number[] {
  const { list, pageSize } = state;
  const { order } = state.reorder;
  const bottom = top + height;
  const ranges: [number, number][] = [[top, bottom], [bottom, bottom + pageSize], [top - pageSize, top]];
  const offsets: number[] = [];
  const seen = new Set<number>();
  for (const [from, to] of ranges) {
    for (let row = Math.max(0, from); row < Math.min(order.length, to); row++) {
      const position = order[row]!;
      const offset = position - (position % pageSize);
      if (seen.has(offset) || itemAt(list, position) !== undefined) continue;
      seen.add(offset);
      offsets.push(offset);
    }
  }
  return offsets;
}
