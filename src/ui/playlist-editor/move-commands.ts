import { isDirty, type Arrangement } from './model/arrangement.js';
import { drop, lift, liftedText, moveToBottom, moveToPosition, moveToTop, parsePosition, type Lifted } from './model/move-anywhere.js';
import type { EditStore } from './edit-store.js';

export type AnywhereCommand = 'moveToTop' | 'moveToBottom' | 'lift' | 'dropAbove' | 'dropBelow';

/** What is lifted (`x`) until it is dropped or put back. */
export interface LiftHolder {
  current: Lifted | null;
}

const countText = (count: number): string => (count === 1 ? '1 item' : `${count.toLocaleString('en')} items`);

/** `next` (a move made on the store's arrangement) dispatched as one step; the status line to show. */
function commit(store: EditStore, height: number, before: Arrangement, next: Arrangement, done: string, unmoved: string): string {
  if (next === before || next.order === before.order) return unmoved;
  const refusal = store.dispatch({ type: 'step', step: next.undo.at(-1)!, height });
  return refusal ?? `${done}${isDirty(store.getState().arrangement) ? ' · unsaved' : ''}`;
}

function selectedCount(state: Arrangement): number {
  return state.mark === null ? 1 : Math.abs(state.mark - state.cursor) + 1;
}

/** Top, bottom, lift and drop on the store; returns the status line. */
export function moveAnywhere(store: EditStore, height: number, command: AnywhereCommand, lifted: LiftHolder): string {
  const before = store.getState().arrangement;
  switch (command) {
    case 'moveToTop':
      return commit(store, height, before, moveToTop(before), `moved ${countText(selectedCount(before))} to the top`, 'already at the top');
    case 'moveToBottom':
      return commit(store, height, before, moveToBottom(before), `moved ${countText(selectedCount(before))} to the bottom`, 'already at the bottom');
    case 'lift': {
      const result = lift(before);
      if (result === null) return 'nothing to lift';
      lifted.current = result.lifted;
      if (before.mark !== null) store.dispatch({ type: 'arrange', action: { type: 'clearMark' }, height });
      return liftedText(result.lifted);
    }
    case 'dropAbove':
    case 'dropBelow': {
      const held = lifted.current;
      if (held === null) return 'nothing is lifted: x lifts the item (or the marked range)';
      const result = drop(before, held, command === 'dropAbove' ? 'above' : 'below');
      lifted.current = null;
      if ('error' in result) return result.error;
      return commit(store, height, before, result.state, `dropped ${countText(held.end - held.start)}`, 'put back where it was');
    }
  }
}

/** Enter after `m` and a position. */
export function moveToTyped(store: EditStore, height: number, text: string): string {
  const before = store.getState().arrangement;
  const parsed = parsePosition(text, before.order.length);
  if ('error' in parsed) return parsed.error;
  const next = moveToPosition(before, parsed.position);
  return commit(store, height, before, next, `moved ${countText(selectedCount(before))} to ${parsed.position.toLocaleString('en')}`, 'already there');
}
