import { SECTIONS, type LibraryTab, type Section } from '../../keys/sections.js';
import { albums } from './albums.js';
import { artists } from './artists.js';
import { audiobooks } from './audiobooks.js';
import { continueListening } from './continue-listening.js';
import { likedSongs } from './liked-songs.js';
import { playlists } from './playlists.js';
import { shows } from './shows.js';
import type { SectionView } from './types.js';

/**
 * What each library section's pane shows, by its name in src/keys/sections.ts (the order, labels, focus
 * actions and digits): one line each, every library section named, so a section without a view does not
 * compile. The tab line and the library panes are drawn from these. No React.
 */
const VIEWS: { readonly [Tab in LibraryTab]: SectionView } = {
  playlists,
  shows,
  audiobooks,
  continue: continueListening,
  likedSongs,
  albums,
  artists,
};

export type LibrarySection = Extract<Section, { id: LibraryTab }> & { view: SectionView };

const isLibraryTab = (section: Section): section is Extract<Section, { id: LibraryTab }> => section.id !== 'nowPlaying';

/** The library's sections in Tab order, each with its view. */
export const LIBRARY_SECTIONS: readonly LibrarySection[] = SECTIONS.filter(isLibraryTab).map((section) => ({ ...section, view: VIEWS[section.id] }));

export function librarySection(tab: LibraryTab): LibrarySection {
  return LIBRARY_SECTIONS.find((section) => section.id === tab)!;
}
