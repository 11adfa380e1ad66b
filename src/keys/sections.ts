/**
 * The sections of the dashboard by name, one line each, in the order Tab walks them: from this list come the
 * focus order, the focus actions and their default keys (a section's place: `1` for the first) and the digits
 * that jump. What each library section shows is its view, beside it in src/ui/sections/registry.ts (a section
 * without one there does not compile). Pure data: the config file's checker reads it without the UI.
 */

export interface SectionName {
  /** Stable: the focus state and the pane keys use it. */
  id: string;
  /** As the tab line and the help name it. */
  label: string;
  /** The tab line's word when the full labels do not fit the width. */
  short: string;
  /** The key action that focuses it (the config file's name for it). */
  focusAction: `focus${string}`;
}

export const SECTIONS = [
  { id: 'nowPlaying', label: 'Now playing', short: 'Playing', focusAction: 'focusNowPlaying' },
  { id: 'playlists', label: 'Playlists', short: 'Playlists', focusAction: 'focusPlaylists' },
  { id: 'shows', label: 'Saved shows', short: 'Shows', focusAction: 'focusShows' },
  { id: 'audiobooks', label: 'Audiobooks', short: 'Books', focusAction: 'focusAudiobooks' },
  { id: 'continue', label: 'Continue listening', short: 'Continue', focusAction: 'focusContinue' },
  { id: 'likedSongs', label: 'Liked songs', short: 'Liked', focusAction: 'focusLikedSongs' },
  { id: 'albums', label: 'Albums', short: 'Albums', focusAction: 'focusAlbums' },
  { id: 'artists', label: 'Artists', short: 'Artists', focusAction: 'focusArtists' },
] as const satisfies readonly SectionName[];

export type Section = (typeof SECTIONS)[number];
export type SectionId = Section['id'];
/** Now playing is drawn above the library; every other section is a tab of the library below it. */
export type LibraryTab = Exclude<SectionId, 'nowPlaying'>;
export type FocusActionName = Section['focusAction'];

/** Tab order. */
export const FOCUS_ORDER: readonly SectionId[] = SECTIONS.map((section) => section.id);

/** The digit that focuses a section by default: its place in the list, from `1`. */
export const defaultDigit = (index: number): string => String(index + 1);

/** The digits a focus action may be bound to, `1` to the number of sections; elsewhere a digit is a count. */
export const JUMP_DIGITS: ReadonlySet<string> = new Set(SECTIONS.map((_, index) => defaultDigit(index)));
