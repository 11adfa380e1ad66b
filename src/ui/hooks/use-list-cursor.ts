import { useCallback, useEffect, useReducer } from 'react';
import { moveCursor, setCursor, type CursorAction, type CursorState } from '../state/list-cursor.js';

type CursorMove = { type: 'move'; action: CursorAction; count: number; length: number; height: number; isLoaded: boolean };
type CursorChange =
  | CursorMove
  | { type: 'set'; index: number; length: number; height: number }
  | { type: 'replay'; length: number; height: number };

interface CursorModel extends CursorState {
  /** Moves made before the list's first page arrived: `j j` typed while it loads still count. */
  waiting: readonly CursorMove[];
}

/** The list's size travels with each change, so two keys that arrive before a re-render both count. */
function reduceCursor(state: CursorModel, change: CursorChange): CursorModel {
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

const START: CursorModel = { cursor: 0, top: 0, waiting: [] };

export interface ListCursor extends CursorState {
  move(action: CursorAction, count?: number): void;
  /** Puts the cursor on a display index and scrolls to show it; `length` when the list is about to change size. */
  moveTo(index: number, length?: number): void;
}

/**
 * Cursor and scroll window over `length` rows shown `height` at a time. When the list shrinks or the pane
 * gets shorter, the returned position is already clamped, before any key is pressed. Moves made while the list
 * is not loaded yet (`isLoaded` false) wait and apply once it is.
 */
export function useListCursor(length: number, height: number, isLoaded = true): ListCursor {
  const [state, dispatch] = useReducer(reduceCursor, START);
  const visible = setCursor(state, state.cursor, length, height);
  const hasWaiting = state.waiting.length > 0;
  useEffect(() => {
    if (hasWaiting && isLoaded) dispatch({ type: 'replay', length, height });
  }, [hasWaiting, isLoaded, length, height]);
  const move = useCallback(
    (action: CursorAction, count = 1) => dispatch({ type: 'move', action, count, length, height, isLoaded }),
    [length, height, isLoaded],
  );
  const moveTo = useCallback(
    (index: number, nextLength = length) => dispatch({ type: 'set', index, length: nextLength, height }),
    [length, height],
  );
  return { cursor: visible.cursor, top: visible.top, move, moveTo };
}
