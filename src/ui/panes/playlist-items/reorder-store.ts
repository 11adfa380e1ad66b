import {
  playlistReorderReducer,
  type PlaylistReorderAction,
  type PlaylistReorderState,
} from '../../state/playlist-reorder.js';
import { withoutFarPages } from './page-retention.js';

export type ReorderStoreAction =
  | PlaylistReorderAction
  /** Lets go of the pages far from the window, when nothing to save, undo or redo needs them (page-retention.ts). */
  | { type: 'forgetFarPages'; top: number; height: number };

/**
 * The playlist reorder state outside React, so that key handlers and the save loop read it the moment they
 * change it (a save runs across many awaits while keys keep arriving). The view reads it with
 * `useSyncExternalStore`.
 */
export interface ReorderStore {
  getState(): PlaylistReorderState;
  /** Applies `action` at once; listeners hear of it only when the state changed. */
  dispatch(action: ReorderStoreAction): void;
  subscribe(listener: () => void): () => void;
}

export function createReorderStore(initial: PlaylistReorderState): ReorderStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next =
        action.type === 'forgetFarPages' ? withoutFarPages(state, action.top, action.height) : playlistReorderReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
