import { useLayoutEffect, useRef } from 'react';
import { useServices } from './app-services.js';
import type { ListPointerTarget } from './members.js';

export type { ListPointerSlot, ListPointerTarget } from './members.js';

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
