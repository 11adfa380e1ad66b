import type { SimplifiedPlaylist } from '../api/types.js';
import { FOCUS_ORDER, type LibraryTab, type SectionId } from './sections/registry.js';

/**
 * Which pane has the keys, which library tab shows, whether a playlist is open and the help is up.
 * A reducer, so that keys pressed faster than renders each count.
 */

export type { LibraryTab } from './sections/registry.js';
/** Tab order and the digits that jump: the sections' registry (sections/registry.ts). */
export type FocusTarget = SectionId;

export interface FocusState {
  focus: FocusTarget;
  /** The library pane shown below Now playing (kept while Now playing has the focus). */
  libraryTab: LibraryTab;
  /** The playlist whose items replace the playlists list, until its pane goes back. */
  openPlaylist: SimplifiedPlaylist | null;
  isHelpOpen: boolean;
}

export type FocusAction =
  | { type: 'focusNext' }
  | { type: 'focusPrevious' }
  | { type: 'focus'; target: FocusTarget }
  | { type: 'openPlaylist'; playlist: SimplifiedPlaylist }
  | { type: 'closePlaylist' }
  | { type: 'toggleHelp' };

export const INITIAL_FOCUS: FocusState = { focus: 'playlists', libraryTab: 'playlists', openPlaylist: null, isHelpOpen: false };

function focusOn(state: FocusState, target: FocusTarget): FocusState {
  if (target === state.focus) return state;
  return { ...state, focus: target, libraryTab: target === 'nowPlaying' ? state.libraryTab : target };
}

export function focusReducer(state: FocusState, action: FocusAction): FocusState {
  switch (action.type) {
    case 'focusNext':
    case 'focusPrevious': {
      const step = action.type === 'focusNext' ? 1 : FOCUS_ORDER.length - 1;
      return focusOn(state, FOCUS_ORDER[(FOCUS_ORDER.indexOf(state.focus) + step) % FOCUS_ORDER.length]!);
    }
    case 'focus':
      return focusOn(state, action.target);
    case 'openPlaylist':
      return { ...state, focus: 'playlists', libraryTab: 'playlists', openPlaylist: action.playlist };
    case 'closePlaylist':
      return state.openPlaylist === null ? state : { ...state, openPlaylist: null };
    case 'toggleHelp':
      return { ...state, isHelpOpen: !state.isHelpOpen };
  }
}
