import { useCallback, useEffect, useReducer } from 'react';
import { INITIAL_LIST_CURSOR, listCursorReducer, setCursor, type CursorAction, type CursorState } from '../state/list-cursor.js';

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
  const [state, dispatch] = useReducer(listCursorReducer, INITIAL_LIST_CURSOR);
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
