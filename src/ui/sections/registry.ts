import { albums } from './albums.js';
import { artists } from './artists.js';
import { audiobooks } from './audiobooks.js';
import { continueListening } from './continue-listening.js';
import { likedSongs } from './liked-songs.js';
import { playlists } from './playlists.js';
import { shows } from './shows.js';
import type { SectionView } from './types.js';

/**
 * The sections of the dashboard, one line each, in the order Tab walks them: from this list come the focus
 * order, the focus actions and their default keys (a section's place: `1` for the first), the digits that
 * jump, the tab line and the library panes, each drawn from its definition (`view`, a file of its own).
 * No React: the config file's checker reads it too.
 */

export interface SectionEntry {
  /** Stable: the focus state and the pane keys use it. */
  id: string;
  /** As the tab line and the help name it. */
  label: string;
  /** The tab line's word when the full labels do not fit the width. */
  short: string;
  /** The key action that focuses it (the config file's name for it). */
  focusAction: `focus${string}`;
  /** What the library pane of the section shows; null for Now playing, drawn above the library. */
  view: SectionView | null;
}

export const SECTIONS = [
  { id: 'nowPlaying', label: 'Now playing', short: 'Playing', focusAction: 'focusNowPlaying', view: null },
  { id: 'playlists', label: 'Playlists', short: 'Playlists', focusAction: 'focusPlaylists', view: playlists },
  { id: 'shows', label: 'Saved shows', short: 'Shows', focusAction: 'focusShows', view: shows },
  { id: 'audiobooks', label: 'Audiobooks', short: 'Books', focusAction: 'focusAudiobooks', view: audiobooks },
  { id: 'continue', label: 'Continue listening', short: 'Continue', focusAction: 'focusContinue', view: continueListening },
  { id: 'likedSongs', label: 'Liked songs', short: 'Liked', focusAction: 'focusLikedSongs', view: likedSongs },
  { id: 'albums', label: 'Albums', short: 'Albums', focusAction: 'focusAlbums', view: albums },
  { id: 'artists', label: 'Artists', short: 'Artists', focusAction: 'focusArtists', view: artists },
] as const satisfies readonly SectionEntry[];

export type Section = (typeof SECTIONS)[number];
export type SectionId = Section['id'];
type LibrarySection = Exclude<Section, { view: null }>;
/** Now playing is drawn above the library; every other section is a tab of the library below it. */
export type LibraryTab = LibrarySection['id'];
export type FocusActionName = Section['focusAction'];

/** Tab order. */
export const FOCUS_ORDER: readonly SectionId[] = SECTIONS.map((section) => section.id);

export const LIBRARY_SECTIONS = SECTIONS.filter((section): section is LibrarySection => section.view !== null);

export function librarySection(tab: LibraryTab): LibrarySection {
  return LIBRARY_SECTIONS.find((section) => section.id === tab)!;
}

/** The digit that focuses a section by default: its place in the list, from `1`. */
export const defaultDigit = (index: number): string => String(index + 1);

/** The digits a focus action may be bound to, `1` to the number of sections; elsewhere a digit is a count. */
export const JUMP_DIGITS: ReadonlySet<string> = new Set(SECTIONS.map((_, index) => defaultDigit(index)));
