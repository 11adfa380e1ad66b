import { useLayoutEffect, useRef } from 'react';
import type { DetailsTarget } from '../details-target.js';
import { useServices } from './app-services.js';

/**
 * The item under the cursor of the list that last had the focus, for `l` (a key of every place, so that the
 * playlist editor's rows are liked as any list's): its target, and whether its list is the library (its rows
 * show liked while nothing says otherwise).
 */
export interface CursorTarget {
  target: DetailsTarget | null;
  isLibrary: boolean;
}

export interface CursorTargetSlot {
  current: CursorTarget | null;
}

export function useCursorTarget(isFocused: boolean, target: DetailsTarget | null, isLibrary: boolean): void {
  const slot = useServices().cursorTarget;
  const mine = useRef<CursorTarget | null>(null);
  useLayoutEffect(() => {
    if (!isFocused) return;
    if (mine.current?.target !== target || mine.current.isLibrary !== isLibrary) mine.current = { target, isLibrary };
    slot.current = mine.current;
  }, [slot, isFocused, target, isLibrary]);
  useLayoutEffect(
    () => () => {
      if (slot.current === mine.current) slot.current = null;
    },
    [slot],
  );
}
