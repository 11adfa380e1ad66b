import { useContext, useEffect, useMemo, useRef } from 'react';
import type { DetailsTarget } from '../details-target.js';
import { DetailsSlotContext } from '../details-slot.js';

/**
 * Tells the app what the pane has under its cursor (on every change while focused, and again when it gets
 * the focus back); and puts the item under the cursor in the pane's details slot while it renders, for the
 * details beside its list.
 */
export function usePaneReports<T>(options: {
  item: T | undefined;
  toTarget(item: T): DetailsTarget | null;
  isFocused: boolean;
  onSelect(target: DetailsTarget | null): void;
}): void {
  const { item, toTarget, isFocused } = options;
  const callbacks = useRef(options);
  callbacks.current = options;
  // One target object per item, so that the app sees "unchanged" when only other rows changed.
  const target = useMemo(() => (item === undefined ? null : toTarget(item)), [item, toTarget]);
  const slot = useContext(DetailsSlotContext);
  // During render, so that the details beside the list change in this commit (see details-slot.ts).
  if (slot !== null && isFocused) slot.selection.target = target;

  useEffect(() => {
    if (isFocused) callbacks.current.onSelect(target);
  }, [target, isFocused]);

}
