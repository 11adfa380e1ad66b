import { Box } from 'ink';
import { memo, useMemo, useRef } from 'react';
import type { SimplifiedPlaylist } from '../../api/types.js';
import type { FocusState, LibraryTab } from '../focus.js';
import type { UnsavedMoves } from '../hooks/use-playlist-save-prompt.js';
import type { Size } from '../layout.js';
import { AudiobooksPane } from './AudiobooksPane.js';
import { ContinuePane } from './ContinuePane.js';
import { PlaylistItemsPane } from './PlaylistItemsPane.js';
import { PlaylistsPane } from './PlaylistsPane.js';
import { ShowsPane } from './ShowsPane.js';

export type LibraryPaneKey = LibraryTab | 'playlistItems';
const PANE_KEYS: readonly LibraryPaneKey[] = ['playlists', 'playlistItems', 'shows', 'audiobooks', 'continue'];

/** The library pane on screen for this focus state. */
export function visiblePane({ libraryTab, openPlaylist }: Pick<FocusState, 'libraryTab' | 'openPlaylist'>): LibraryPaneKey {
  return libraryTab === 'playlists' && openPlaylist !== null ? 'playlistItems' : libraryTab;
}

export interface LibraryAreaProps {
  focus: FocusState;
  library: Size;
  /** The details beside each list; zero width for none. */
  details: Size;
  /** Hidden (but kept mounted, with its state) while the help is shown. */
  isHidden: boolean;
  onOpenPlaylist(playlist: SimplifiedPlaylist): void;
  onClosePlaylist(): void;
  onStatus(pane: LibraryPaneKey, message: string | null): void;
  /** A playlist's unsaved moves, for quitting; null once saved. */
  onUnsaved?(moves: UnsavedMoves | null): void;
  /** Counts the episodes and chapters that stopped playing: Continue listening reads again while open. */
  listeningEnded: number;
}

/**
 * The library pane of the current tab, each drawing the details of its cursor beside its list (in the same
 * render as the cursor: one commit per key). A pane stays mounted once shown (hidden when another tab is
 * up), so that coming back finds its cursor and its pages.
 */
export const LibraryArea = memo(function LibraryArea(props: LibraryAreaProps) {
  const { focus, library, details, isHidden, onOpenPlaylist, onClosePlaylist, onUnsaved, listeningEnded } = props;
  const shown = visiblePane(focus);
  const everShown = useRef(new Set<LibraryTab>());
  everShown.current.add(focus.libraryTab);

  // One stable status callback per pane: the panes are memoised and must not re-render for new functions.
  const latest = useRef(props);
  latest.current = props;
  const onStatus = useMemo(
    () =>
      Object.fromEntries(
        PANE_KEYS.map((pane) => [pane, (message: string | null) => latest.current.onStatus(pane, message)]),
      ) as Record<LibraryPaneKey, (message: string | null) => void>,
    [],
  );

  const paneProps = (pane: LibraryPaneKey) => ({
    isFocused: !isHidden && focus.focus !== 'nowPlaying' && shown === pane,
    width: library.width,
    height: library.height,
    details,
    onStatus: onStatus[pane],
  });
  const display = (pane: LibraryPaneKey): 'flex' | 'none' => (shown === pane ? 'flex' : 'none');
  const isMounted = (tab: LibraryTab): boolean => everShown.current.has(tab);

  return (
    <Box display={isHidden ? 'none' : 'flex'} height={library.height} flexShrink={0}>
      {isMounted('playlists') && (
        <Box display={display('playlists')}>
          <PlaylistsPane {...paneProps('playlists')} onOpen={onOpenPlaylist} />
        </Box>
      )}
      {focus.openPlaylist !== null && (
        <Box display={display('playlistItems')}>
          <PlaylistItemsPane
            key={focus.openPlaylist.id}
            {...paneProps('playlistItems')}
            isShown={!isHidden && shown === 'playlistItems'}
            playlist={focus.openPlaylist}
            onBack={onClosePlaylist}
            onUnsaved={onUnsaved}
          />
        </Box>
      )}
      {isMounted('shows') && (
        <Box display={display('shows')}>
          <ShowsPane {...paneProps('shows')} />
        </Box>
      )}
      {isMounted('audiobooks') && (
        <Box display={display('audiobooks')}>
          <AudiobooksPane {...paneProps('audiobooks')} />
        </Box>
      )}
      {isMounted('continue') && (
        <Box display={display('continue')}>
          <ContinuePane {...paneProps('continue')} isShown={shown === 'continue'} listeningEnded={listeningEnded} />
        </Box>
      )}
    </Box>
  );
});
