import { isDirty } from './arrangement.js';
import type { PlaylistEdit } from './playlist-edit.js';
import { PAGES_KEPT_AROUND, withPagesWhere } from '../../state/sparse-list.js';

export { PAGES_KEPT_AROUND };

/**
 * Whether loaded entries may be let go: only while the view has nothing to save and nothing to undo or redo,
 * no write out and no stale base. A save that merges finds the moved entries, and where they go, by what is
 * loaded (entry-identity.ts); an undo of a saved move is saved the same way. So while a move can still be saved,
 * undone or redone, every entry loaded stays.
 */
export function mayForgetPages(state: PlaylistEdit): boolean {
  const { arrangement } = state;
  return arrangement.undo.length === 0 && arrangement.redo.length === 0 && !isDirty(arrangement) && !state.isWriting && !state.isBaseStale;
}

/**
 * `state` holding only the pages of the rows near the window (`top`, `height` rows): a walk through a
 * 10,000-entry playlist keeps a few pages, not all it passed. The same state when nothing is let go.
 */
export function withoutFarPages(state: PlaylistEdit, top: number, height: number): PlaylistEdit {
  if (!mayForgetPages(state)) return state;
  const { order } = state.arrangement;
  const { pageSize } = state;
  const margin = (PAGES_KEPT_AROUND + 1) * pageSize;
  const keptPages = new Set<number>();
  for (let row = Math.max(0, top - margin); row < Math.min(order.length, top + Math.max(1, height) + margin); row++) {
    keptPages.add(order[row]! - (order[row]! % pageSize));
  }
  const list = withPagesWhere(state.list, (start) => keptPages.has(start - (start % pageSize)));
  return list === state.list ? state : { ...state, list };
}
