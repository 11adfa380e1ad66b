import type { PlaylistItem } from '../../../api/types.js';
import { moveCursor, setCursor, type CursorAction, type CursorState } from '../../state/list-cursor.js';
import {
  createArrangement,
  isDirty,
  arrangementReducer,
  selectedRange,
  type ArrangementAction,
  type Arrangement,
} from './arrangement.js';
import { placedRefs, pushStep, type Step } from './history.js';
import { insertionStep, removalStep } from './splice.js';
import { receiveBaseChange, receivePage, receiveSaved, type BaseChange } from './edit-base.js';
import { mergeOnFresh, type FreshOrder } from './merge.js';
import type { WriteRequest } from './write-plan.js';
import { emptySparseList, itemAt, type SparseList } from '../../state/sparse-list.js';
import type { PlaylistEdit } from './playlist-edit.js';

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
  /**
   * Entries added at row `at`, one undo step (`items` carry their date: the moment they were added). With
   * `follow` the cursor goes to them (added here); else it stays on its entry (added from elsewhere).
   */
  | { type: 'insert'; at: number; items: readonly PlaylistItem[]; follow: boolean; height: number }
  /** The entries at these display rows taken out, one undo step (each must be known: see removeRows). */
  | { type: 'remove'; rows: readonly number[]; height: number }
  /** A page fetched while `generation` was current. */
  | { type: 'page'; generation: number; offset: number; items: readonly PlaylistItem[]; total: number }
  /** A request goes out, planned on the base (the journal records it before it is sent). */
  | { type: 'writeStarted'; request?: WriteRequest }
  /**
   * A reorder request landed, answered `snapshotId`: the base becomes `order` (base positions), taken as what
   * the service has only when the answer says the write was alone (snapshot-lineage.ts; else the base is stale
   * or unsure).
   */
  | { type: 'saved'; order: ArrayLike<number>; snapshotId: string }
  /** An addition or a removal landed: the base is `change` applied to it, as `snapshotId` (trusted as `saved` is); entries to add again are dated `at`. */
  | { type: 'written'; change: BaseChange; snapshotId: string; at: string }
  /** A request failed: it may or may not have landed, so the next save checks the snapshot. */
  | { type: 'writeFailed' }
  /** The playlist changed elsewhere: the view's order is replayed on `fresh`, which becomes the base. */
  | { type: 'merge'; fresh: FreshOrder }
  /**
   * The service holds the base's very entries as `snapshotId` (edit-base.ts isSameBase, or a save's reads
   * verified it): the base is taken as is, known again.
   */
  | { type: 'snapshot'; snapshotId: string };

export function createEdit(total: number, snapshotId: string | null, pageSize: number): PlaylistEdit {
  const arrangement = createArrangement(total);
  const length = arrangement.order.length;
  return {
    arrangement, list: emptySparseList(length), added: [], touched: new Uint8Array(length), top: 0, filterTop: 0, snapshotId, generation: 0,
    isWriting: false, isBaseStale: false, isBaseUnsure: false, pageSize,
  };
}

/** The entry `ref` names: a base entry once its page is loaded, or one added since the base. */
export function entryAt(state: Pick<PlaylistEdit, 'list' | 'added'>, ref: number): PlaylistItem | undefined {
  return ref < state.list.total ? itemAt(state.list, ref) : state.added[ref - state.list.total];
}

/** `state` with `reorder` and the window scrolled just enough to show its cursor. */
function withArrangement(state: PlaylistEdit, arrangement: Arrangement, height: number): PlaylistEdit {
  if (arrangement === state.arrangement) return state;
  const top = setCursor({ cursor: arrangement.cursor, top: state.top }, arrangement.cursor, arrangement.order.length, height).top;
  return { ...state, arrangement, top };
}

/** Base positions of the entries the next undo (or redo) of one step puts in new places, on the order shown now. */
function historyMoved(arrangement: Arrangement, type: 'undo' | 'redo'): number[] {
  const step = type === 'undo' ? arrangement.undo.at(-1) : arrangement.redo.at(-1);
  return step === undefined ? [] : placedRefs(arrangement.order, step, type === 'redo');
}

/** `touched` with the base positions among `refs` set, copied once per action. */
function touch(state: PlaylistEdit, touched: Uint8Array, refs: readonly number[]): Uint8Array {
  const positions = refs.filter((ref) => ref < state.list.total);
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

/** One step done from elsewhere (a move anywhere, a sort, an addition, a removal), recorded as one undo step. */
function applyStep(state: PlaylistEdit, step: Step, height: number): PlaylistEdit {
  const touched = touch(state, state.touched, placedRefs(state.arrangement.order, step));
  return { ...withArrangement(state, pushStep(state.arrangement, step), height), touched };
}

/** Entries added at a row, with refs after those added before. */
function insertEntries(state: PlaylistEdit, action: Extract<EditAction, { type: 'insert' }>): PlaylistEdit {
  const first = state.list.total + state.added.length;
  const refs = action.items.map((_, index) => first + index);
  const step = insertionStep(state.arrangement, action.at, refs, action.follow);
  if (step === null) return state;
  return applyStep({ ...state, added: [...state.added, ...action.items] }, step, action.height);
}

/**
 * The entries at `rows` taken out. A removal is sent by URI: the caller makes sure each is known (loaded, or
 * read whole and told to the journal), so that a restart can send it too.
 */
function removeRows(state: PlaylistEdit, rows: readonly number[], height: number): PlaylistEdit {
  const { order } = state.arrangement;
  if (rows.some((row) => !(row >= 0 && row < order.length))) return state;
  const step = removalStep(state.arrangement, rows);
  return step === null ? state : applyStep(state, step, height);
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
    case 'insert':
      return insertEntries(state, action);
    case 'remove':
      return removeRows(state, action.rows, action.height);
    case 'page':
      return action.generation !== state.generation || state.isWriting ? state : receivePage(state, action.offset, action.items, action.total);
    case 'writeStarted':
      return { ...state, isWriting: true, generation: state.generation + 1 };
    case 'saved':
      return receiveSaved(state, action.order, action.snapshotId);
    case 'written':
      return receiveBaseChange(state, action.change, action.snapshotId, action.at);
    case 'writeFailed':
      return { ...state, isWriting: false, generation: state.generation + 1 };
    case 'merge':
      return mergeOnFresh(state, action.fresh);
    case 'snapshot':
      if (state.snapshotId === action.snapshotId && !state.isBaseStale && !state.isBaseUnsure) return state;
      return { ...state, snapshotId: action.snapshotId, isBaseStale: false, isBaseUnsure: false };
  }
}

export { missingPages } from './edit-base.js';
