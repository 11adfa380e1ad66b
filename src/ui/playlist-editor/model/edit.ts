import type { PlaylistItem } from '../../../api/types.js';
import { entryIdentity } from './entry-identity.js';
import { moveCursor, setCursor, type CursorAction, type CursorState } from '../../state/list-cursor.js';
import {
  createArrangement,
  isDirty,
  arrangementReducer,
  selectedRange,
  type ArrangementAction,
  type Arrangement,
} from './arrangement.js';
import { isRearrangeStep, movedBasePositions, pushStep, type Step } from './history.js';
import { mergeOnFresh, type FreshOrder } from './merge.js';
import type { RangeMove } from './save-plan.js';
import { emptySparseList, itemAt, permuteSparseList, withPage, type SparseList } from '../../state/sparse-list.js';

/**
 * The playlist edit: everything the editor holds of one playlist. Its arrangement (display row -> base
 * position, cursor, mark, undo and redo), the entries loaded so far by base position, the scroll window, and
 * the snapshot the base positions are those of. One reducer, so that a save renumbering the base moves the
 * loaded pages and the arrangement in the same step (README.md beside: the words and the data flow).
 */
export interface PlaylistEdit {
  readonly arrangement: Arrangement;
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

export type EditAction =
  /** A key of the arrangement (moves, marks, undo, redo); the window follows the cursor. */
  | { type: 'arrange'; action: ArrangementAction; height: number }
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
  /** One step made by a move anywhere or a sort (move-anywhere.ts, sort.ts), done and recorded. */
  | { type: 'step'; step: Step; height: number }
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

export function createEdit(total: number, snapshotId: string | null, pageSize: number): PlaylistEdit {
  const arrangement = createArrangement(total);
  const length = arrangement.order.length;
  return {
    arrangement, list: emptySparseList(length), touched: new Uint8Array(length), top: 0, filterTop: 0, snapshotId, generation: 0,
    isWriting: false, isBaseStale: false, pageSize,
  };
}

/** `state` with `reorder` and the window scrolled just enough to show its cursor. */
function withArrangement(state: PlaylistEdit, arrangement: Arrangement, height: number): PlaylistEdit {
  if (arrangement === state.arrangement) return state;
  const top = setCursor({ cursor: arrangement.cursor, top: state.top }, arrangement.cursor, arrangement.order.length, height).top;
  return { ...state, arrangement, top };
}

/** Base positions of the entries the next undo (or redo) of one step moves, on the order shown now. */
function historyMoved(arrangement: Arrangement, type: 'undo' | 'redo'): number[] {
  const step = type === 'undo' ? arrangement.undo.at(-1) : arrangement.redo.at(-1);
  if (step === undefined) return [];
  if (type === 'redo') return movedBasePositions(arrangement.order, step);
  if (isRearrangeStep(step)) {
    const moved: number[] = [];
    step.rows.forEach((from, row) => from !== row && moved.push(arrangement.order[row]!));
    return moved;
  }
  const start = step.start + step.shift;
  return Array.from(arrangement.order.subarray(start, start + step.length));
}

/** `touched` with `positions` set, copied once per action. */
function touch(state: PlaylistEdit, touched: Uint8Array, positions: readonly number[]): Uint8Array {
  if (positions.length === 0) return touched;
  const copy = touched === state.touched ? touched.slice() : touched;
  for (const position of positions) copy[position] = 1;
  return copy;
}

/** A move, undo or redo, one step at a time, noting which entries the user moved (the merge follows them). */
function applyMove(state: PlaylistEdit, action: ArrangementAction, height: number): PlaylistEdit {
  if (action.type !== 'moveUp' && action.type !== 'moveDown' && action.type !== 'undo' && action.type !== 'redo') {
    return withArrangement(state, arrangementReducer(state.arrangement, action), height);
  }
  const isHistory = action.type === 'undo' || action.type === 'redo';
  let arrangement = state.arrangement;
  let touched = state.touched;
  for (let step = isHistory ? (action.count ?? 1) : 1; step > 0; step--) {
    const next = arrangementReducer(arrangement, isHistory ? { type: action.type } : action);
    if (next.order !== arrangement.order) {
      const moved = isHistory
        ? historyMoved(arrangement, action.type as 'undo' | 'redo')
        : Array.from(arrangement.order.subarray(selectedRange(arrangement).start, selectedRange(arrangement).end));
      touched = touch(state, touched, moved);
    }
    arrangement = next;
  }
  return { ...withArrangement(state, arrangement, height), touched };
}

/** One step done from elsewhere (a move anywhere, a sort), recorded as one undo step. */
function applyStep(state: PlaylistEdit, step: Step, height: number): PlaylistEdit {
  const touched = touch(state, state.touched, movedBasePositions(state.arrangement.order, step));
  return { ...withArrangement(state, pushStep(state.arrangement, step), height), touched };
}

const COUNTED: ReadonlySet<CursorAction> = new Set(['up', 'down', 'pageUp', 'pageDown']);

function moveTheCursor(state: PlaylistEdit, action: CursorAction, height: number, typed = 1): PlaylistEdit {
  const { arrangement } = state;
  const count = COUNTED.has(action) ? typed : 1;
  const next = moveCursor({ cursor: arrangement.cursor, top: state.top }, action, arrangement.order.length, height, count);
  const moved = arrangementReducer(arrangement, { type: 'cursorTo', index: next.cursor });
  return moved === arrangement && next.top === state.top ? state : { ...state, arrangement: moved, top: next.top };
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
export function filteredWindow(state: PlaylistEdit, rows: ArrayLike<number>, height: number): CursorState {
  const index = Math.min(firstAtOrAfter(rows, state.arrangement.cursor), Math.max(0, rows.length - 1));
  return setCursor({ cursor: index, top: state.filterTop }, index, rows.length, height);
}

/** The cursor on the match `next` names; the whole list's window follows it too, for when the filter goes. */
function moveAmongFiltered(state: PlaylistEdit, rows: ArrayLike<number>, next: CursorState, height: number): PlaylistEdit {
  if (rows.length === 0) return state;
  const moved = withArrangement(state, arrangementReducer(state.arrangement, { type: 'cursorTo', index: rows[next.cursor]! }), height);
  return moved === state && next.top === state.filterTop ? state : { ...moved, filterTop: next.top };
}

function moveFilteredCursor(state: PlaylistEdit, action: Extract<EditAction, { type: 'filteredCursor' }>): PlaylistEdit {
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

function receivePage(state: PlaylistEdit, action: Extract<EditAction, { type: 'page' }>): PlaylistEdit {
  if (action.generation !== state.generation || state.isWriting) return state;
  const sizeChanged = action.total !== state.list.total;
  if (isDirty(state.arrangement) && (sizeChanged || differsFromLoaded(state.list, action.offset, action.items))) {
    // Placing it would show other entries under the user's moves: the save that follows merges by identity.
    return state.isBaseStale ? state : { ...state, isBaseStale: true };
  }
  const isKnown = !sizeChanged && action.items.every((item, index) => itemAt(state.list, action.offset + index) === item);
  if (isKnown) return state;
  const list = withPage(state.list, action.offset, action.items, action.total);
  if (!sizeChanged) return { ...state, list };
  // Nothing unsaved: the view starts afresh at the new size, the cursor staying where it was.
  const fresh = createArrangement(list.total);
  const cursor = Math.max(0, Math.min(state.arrangement.cursor, list.total - 1));
  return {
    ...state, list, arrangement: { ...fresh, cursor }, touched: new Uint8Array(list.total), top: Math.min(state.top, cursor),
    generation: state.generation + 1,
  };
}

/** The base renumbered so that the service's `order` is the identity; loaded entries move along. */
function receiveSaved(state: PlaylistEdit, order: ArrayLike<number>, snapshotId: string): PlaylistEdit {
  const arrangement = arrangementReducer(state.arrangement, { type: 'saved', order });
  const newPosition = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) newPosition[order[i]!] = i;
  const list = permuteSparseList(state.list, (position) => newPosition[position] ?? -1, state.list.total, state.pageSize);
  const touched = new Uint8Array(state.touched.length);
  state.touched.forEach((flag, position) => (touched[newPosition[position]!] = flag));
  return { ...state, arrangement, list, touched, snapshotId, generation: state.generation + 1, isWriting: false };
}

export function editReducer(state: PlaylistEdit, action: EditAction): PlaylistEdit {
  switch (action.type) {
    case 'arrange':
      return applyMove(state, action.action, action.height);
    case 'cursor':
      return moveTheCursor(state, action.action, action.height, action.count);
    case 'cursorTo':
      return withArrangement(state, arrangementReducer(state.arrangement, { type: 'cursorTo', index: action.index }), action.height);
    case 'filteredCursor':
      return moveFilteredCursor(state, action);
    case 'filteredCursorTo': {
      const { rows, height } = action;
      return moveAmongFiltered(state, rows, setCursor(filteredWindow(state, rows, height), action.index, rows.length, height), height);
    }
    case 'filterChanged': {
      const moved = withArrangement(state, arrangementReducer(state.arrangement, { type: 'cursorTo', index: 0 }), action.height);
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
export function missingPages(state: PlaylistEdit, top: number, height: number): number[] {
  const { list, pageSize } = state;
  const { order } = state.arrangement;
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
