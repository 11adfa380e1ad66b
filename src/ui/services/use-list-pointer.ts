import { useLayoutEffect, useRef } from 'react';
import { useServices } from './app-services.js';

/**
 * The shown list, for the mouse: the last list that had the focus registers its window and what a click
 * does to it (it stays shown while Now playing has the focus), so the App's hit test knows the rows.
 */
export interface ListPointerTarget {
  top: number;
  length: number;
  /** Rows of the pane above the list (the filter line). */
  rowsAbove: number;
  cursorTo(index: number): void;
  /** What Enter does on the row at `index`. */
  open(index: number): void;
  /** Moves the cursor by `rows`, the window following. */
  scroll(rows: number): void;
}

export interface ListPointerSlot {
  current: ListPointerTarget | null;
}

export function useListPointer(isFocused: boolean, target: ListPointerTarget): void {
  const slot = useServices().listPointer;
  const mine = useRef(target);
  mine.current = target;
  useLayoutEffect(() => {
    if (isFocused) slot.current = target;
  });
  useLayoutEffect(
    () => () => {
      if (slot.current === mine.current) slot.current = null;
    },
    [slot],
  );
}
