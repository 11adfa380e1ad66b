import { useCallback, useReducer } from 'react';
import { moveCursor, setCursor, type CursorAction, type CursorState } from '../state/list-cursor.js';

type CursorChange =
  | { type: 'move'; action: CursorAction; count: number; length: number; height: number }
  | { type: 'set'; index: number; length: number; height: number };

/** The list's size travels with each change, so two keys that arrive before a re-render both count. */
function reduceCursor(state: CursorState, change: CursorChange): CursorState {
  const next =
    change.type === 'move'
      ? moveCursor(state, change.action, change.length, change.height, change.count)
      : setCursor(state, change.index, change.length, change.height);
  // The same object when nothing moved: React then skips the render.
  return next.cursor === state.cursor && next.top === state.top ? state : next;
}

const START: CursorState = { cursor: 0, top: 0 };

export interface ListCursor extends CursorState {
  move(action: CursorAction, count?: number): void;
  /** Puts the cursor on a display index and scrolls to show it; `length` when the list is about to change size. */
  moveTo(index: number, length?: number): void;
}

/**
 * Cursor and scroll window over `length` rows shown `height` at a time. When the list shrinks or the pane
 * gets shorter, the returned position is already clamped, before any key is pressed.
 */
export function useListCursor(length: number, height: number): ListCursor {
  const [state, dispatch] = useReducer(reduceCursor, START);
  const visible = setCursor(state, state.cursor, length, height);
  const move = useCallback(
    (action: CursorAction, count = 1) => dispatch({ type: 'move', action, count, length, height }),
    [length, height],
  );
  const moveTo = useCallback(
    (index: number, nextLength = length) => dispatch({ type: 'set', index, length: nextLength, height }),
    [length, height],
  );
  return { cursor: visible.cursor, top: visible.top, move, moveTo };
}
