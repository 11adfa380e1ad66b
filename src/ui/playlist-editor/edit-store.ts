import type { PlaylistItem } from '../../api/types.js';
import { editReducer, type EditAction } from './model/edit.js';
import type { PlaylistEdit } from './model/playlist-edit.js';
import { withoutFarPages } from './model/page-retention.js';

export type StoreAction =
  | EditAction
  /** Lets go of the pages far from the window, when nothing to save, undo or redo needs them (page-retention.ts). */
  | { type: 'forgetFarPages'; top: number; height: number }
  /** Entries read at base positions without being placed in the list (a sort's keys): the journal learns who they are. */
  | { type: 'known'; offset: number; items: readonly PlaylistItem[] }
  /** Every entry of the base read by identity (a save about to remove some): the journal learns them all. */
  | { type: 'identities'; identities: readonly string[] };

/**
 * Told of every change before the listeners are, with what changed it (the journal: journal-recorder.ts).
 * Returns why the change cannot be kept (its journal could not be written), and then it does not happen.
 */
export type EditObserver = (before: PlaylistEdit, after: PlaylistEdit, action: StoreAction) => string | void;

/**
 * The playlist edit outside React, so that key handlers and the save loop read it the moment they
 * change it (a save runs across many awaits while keys keep arriving). The view reads it with
 * `useSyncExternalStore`.
 */
export interface EditStore {
  getState(): PlaylistEdit;
  /**
   * Applies `action` at once; the observer, then listeners, hear of it only when the state changed. Returns
   * why it was refused (the observer could not keep it: nothing changed, nobody hears of it), else null.
   */
  dispatch(action: StoreAction): string | null;
  subscribe(listener: () => void): () => void;
}

export function createEditStore(initial: PlaylistEdit, observe?: EditObserver): EditStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      if (action.type === 'known' || action.type === 'identities') {
        observe?.(state, state, action);
        return null;
      }
      const next =
        action.type === 'forgetFarPages' ? withoutFarPages(state, action.top, action.height) : editReducer(state, action);
      if (next === state) return null;
      // Before anyone shows the change: a move is on disk before the screen says it is unsaved.
      const refusal = observe?.(state, next, action);
      if (typeof refusal === 'string') return refusal;
      state = next;
      for (const listener of [...listeners]) listener();
      return null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
