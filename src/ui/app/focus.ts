import type { Place } from '../../keys/actions.js';
import { idleOn, type HelpPlace } from '../keys/help-rows.js';
import { librarySection } from '../sections/registry.js';
import { FOCUS_ORDER, type LibraryTab, type SectionId } from '../../keys/sections.js';
import type { CustomViewName, Drilled } from '../sections/types.js';

/**
 * Which pane has the keys, which library tab shows and what each section has drilled into. A reducer, so that keys pressed faster than renders each count.
 */

export type { LibraryTab } from '../../keys/sections.js';
/** Tab order and the digits that jump: the sections by name (src/keys/sections.ts). */
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

/** The place of each view drawn by a component of its own, for the help. */
const CUSTOM_VIEW_PLACES: Record<CustomViewName, { title: string; place: Place }> = {
  playlistItems: { title: "a playlist's items", place: "a playlist's items" },
};

/** Where the keys are, as the help names it: Now playing, the view on top of a section, or its list. */
export function helpPlaceOf(state: FocusState): HelpPlace {
  if (state.focus === 'nowPlaying') return { title: 'Now playing', place: 'Now playing', idle: [] };
  const section = librarySection(state.focus);
  const top = drillsOf(state, state.focus).at(-1);
  if (top === undefined) return { title: section.label, place: 'lists', idle: idleOn(section.view) };
  if (top.view.kind === 'custom') return { ...CUSTOM_VIEW_PLACES[top.view.name], idle: [] };
  return { title: `${section.label} › ${top.view.label}`, place: 'lists', idle: idleOn(top.view) };
}

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
