import { FOCUS_ORDER, type LibraryTab, type SectionId } from './sections/registry.js';
import type { Drilled } from './sections/types.js';

/**
 * Which pane has the keys, which library tab shows and what each section has drilled into. A reducer, so that keys pressed faster than renders each count.
 */

export type { LibraryTab } from './sections/registry.js';
/** Tab order and the digits that jump: the sections' registry (sections/registry.ts). */
export type FocusTarget = SectionId;

/** Views drilled into above a section's list, the shown one last (a show's episodes, a playlist's items). */
export type DrillStacks = Readonly<Partial<Record<LibraryTab, readonly Drilled[]>>>;

export interface FocusState {
  focus: FocusTarget;
  /** The library pane shown below Now playing (kept while Now playing has the focus). */
  libraryTab: LibraryTab;
  drills: DrillStacks;
}

export type FocusAction =
  | { type: 'focusNext' }
  | { type: 'focusPrevious' }
  | { type: 'focus'; target: FocusTarget }
  /** Shows `tab` with `drilled` on top of what it had drilled into, or (`isFromRoot`) on its list alone. */
  | { type: 'drill'; tab: LibraryTab; drilled: Drilled; isFromRoot?: boolean }
  /** The view on top of `tab`'s stack goes; its list, or the view below, shows again. */
  | { type: 'back'; tab: LibraryTab };

export const INITIAL_FOCUS: FocusState = { focus: 'playlists', libraryTab: 'playlists', drills: {} };

const NO_DRILLS: readonly Drilled[] = [];

/** The views above `tab`'s list. */
export const drillsOf = (state: Pick<FocusState, 'drills'>, tab: LibraryTab): readonly Drilled[] => state.drills[tab] ?? NO_DRILLS;

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
    case 'drill': {
      const below = action.isFromRoot === true ? NO_DRILLS : drillsOf(state, action.tab);
      return { ...state, focus: action.tab, libraryTab: action.tab, drills: { ...state.drills, [action.tab]: [...below, action.drilled] } };
    }
    case 'back': {
      const stack = drillsOf(state, action.tab);
      return stack.length === 0 ? state : { ...state, drills: { ...state.drills, [action.tab]: stack.slice(0, -1) } };
    }
  }
}
