import { Box } from 'ink';
import { memo, useRef } from 'react';
import type { SimplifiedPlaylist } from '../../api/types.js';
import { drillsOf, type FocusState, type LibraryTab } from './focus.js';
import type { Size } from '../layout.js';
import { LIBRARY_SECTIONS } from '../sections/registry.js';
import type { Drilled } from '../sections/types.js';
import { useOverlay } from '../overlays/overlay-store.js';
import { SectionPane } from '../panes/SectionPane.js';

/** Where a view's status line is kept: its section and its depth on the section's drill-down stack. */
export const statusSlot = (tab: LibraryTab, depth: number): string => `${tab}:${depth}`;

/** The status slot of the view on screen for this focus state. */
export const shownSlot = (focus: Pick<FocusState, 'libraryTab' | 'drills'>): string =>
  statusSlot(focus.libraryTab, drillsOf(focus, focus.libraryTab).length);

export interface LibraryAreaProps {
  focus: FocusState;
  library: Size;
  /** The details beside each list; zero width for none. */
  details: Size;
  onStatus(tab: LibraryTab, depth: number, message: string | null): void;
  onDrill(tab: LibraryTab, drilled: Drilled): void;
  onBack(tab: LibraryTab): void;
  onOpenPlaylist(playlist: SimplifiedPlaylist): void;
}

/**
 * The library pane of the current tab: one section pane per section of the registry, each drawing the details
 * of its cursor beside its list (in the same render as the cursor: one commit per key). A pane stays mounted
 * once shown (hidden when another tab is up), so that coming back finds its cursor and its pages.
 */
export const LibraryArea = memo(function LibraryArea(props: LibraryAreaProps) {
  const { focus, library, details } = props;
  // Hidden (but kept mounted, with its state) while an overlay is drawn in its place.
  const isHidden = useOverlay().open !== null;
  const everShown = useRef(new Set<LibraryTab>());
  everShown.current.add(focus.libraryTab);
  return (
    <Box display={isHidden ? 'none' : 'flex'} height={library.height} flexShrink={0}>
      {LIBRARY_SECTIONS.filter(({ id }) => everShown.current.has(id)).map(({ id }) => {
        const isTabShown = focus.libraryTab === id;
        return (
          <SectionPane
            key={id}
            tab={id}
            drills={drillsOf(focus, id)}
            isFocused={!isHidden && focus.focus !== 'nowPlaying' && isTabShown}
            isShown={!isHidden && isTabShown}
            isTabShown={isTabShown}
            width={library.width}
            height={library.height}
            details={details}
            onStatus={props.onStatus}
            onDrill={props.onDrill}
            onBack={props.onBack}
            onOpenPlaylist={props.onOpenPlaylist}
          />
        );
      })}
    </Box>
  );
});
