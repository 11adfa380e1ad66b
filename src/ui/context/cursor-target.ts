import { useLayoutEffect, useRef } from 'react';
import type { DetailsTarget } from '../details-target.js';
import { useServices } from './app-services.js';
import type { CursorTarget } from './members.js';

export type { CursorTarget, CursorTargetSlot } from './members.js';

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
