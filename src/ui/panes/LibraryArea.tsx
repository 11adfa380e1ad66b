import { Box } from 'ink';
import { memo, useMemo, useRef, type ReactNode } from 'react';
import type { Api } from '../../api/api.js';
import type { SimplifiedPlaylist } from '../../api/types.js';
import type { DetailsTarget } from '../details-target.js';
import { DetailsSlotContext, type DetailsSlot } from '../details-slot.js';
import type { FocusState, LibraryTab } from '../focus.js';
import type { UnsavedMoves } from '../hooks/use-playlist-save-prompt.js';
import type { Size } from '../layout.js';
import { AudiobooksPane } from './AudiobooksPane.js';
import { PlaylistItemsPane } from './PlaylistItemsPane.js';
import { PlaylistsPane } from './PlaylistsPane.js';
import { ShowsPane } from './ShowsPane.js';

export type LibraryPaneKey = LibraryTab | 'playlistItems';
const PANE_KEYS: readonly LibraryPaneKey[] = ['playlists', 'playlistItems', 'shows', 'audiobooks'];

/** The library pane on screen for this focus state. */
export function visiblePane({ libraryTab, openPlaylist }: Pick<FocusState, 'libraryTab' | 'openPlaylist'>): LibraryPaneKey {
  return libraryTab === 'playlists' && openPlaylist !== null ? 'playlistItems' : libraryTab;
}

export interface LibraryAreaProps {
  api: Api;
  focus: FocusState;
  library: Size;
  details: Size;
  /** Hidden (but kept mounted, with its state) while the help is shown. */
  isHidden: boolean;
  onOpenPlaylist(playlist: SimplifiedPlaylist): void;
  onClosePlaylist(): void;
  onStatus(pane: LibraryPaneKey, message: string | null): void;
  /** A playlist's unsaved moves, for quitting; null once saved. */
  onUnsaved?(moves: UnsavedMoves | null): void;
}

interface PaneHandlers {
  onSelect(target: DetailsTarget | null): void;
  onStatus(message: string | null): void;
}

/** Each pane draws its cursor's details itself, through its DetailsSlot, in the same render as the cursor. */
const drawnByThePane = (): void => {};

/**
 * The library pane of the current tab with the details of its cursor beside it. A pane stays mounted
 * once shown (hidden when another tab is up), so that coming back finds its cursor and its pages.
 */
export const LibraryArea = memo(function LibraryArea(props: LibraryAreaProps) {
  const { api, focus, library, details, isHidden, onOpenPlaylist, onClosePlaylist, onUnsaved } = props;
  const shown = visiblePane(focus);
  // Kept across resizes: a pane's selection outlives the slot objects, which change with the size.
  const selections = useRef(
    Object.fromEntries(PANE_KEYS.map((pane) => [pane, { target: null }])) as Record<LibraryPaneKey, DetailsSlot['selection']>,
  );
  const slots = useMemo(
    () =>
      Object.fromEntries(
        PANE_KEYS.map((pane) => [pane, { api, width: details.width, height: details.height, selection: selections.current[pane] }]),
      ) as Record<LibraryPaneKey, DetailsSlot>,
    [api, details.width, details.height],
  );
  const everShown = useRef(new Set<LibraryTab>());
  everShown.current.add(focus.libraryTab);

  // One stable set of callbacks per pane: the panes are memoised and must not re-render for new functions.
  const latest = useRef(props);
  latest.current = props;
  const handlers = useMemo(() => {
    const make = (pane: LibraryPaneKey): PaneHandlers => ({
      onSelect: drawnByThePane,
      onStatus: (message) => latest.current.onStatus(pane, message),
    });
    return Object.fromEntries(PANE_KEYS.map((pane) => [pane, make(pane)])) as Record<LibraryPaneKey, PaneHandlers>;
  }, []);

  const paneProps = (pane: LibraryPaneKey) => ({
    api,
    isFocused: !isHidden && focus.focus !== 'nowPlaying' && shown === pane,
    width: library.width,
    height: library.height,
    ...handlers[pane],
  });
  const display = (pane: LibraryPaneKey): 'flex' | 'none' => (shown === pane ? 'flex' : 'none');
  const slotted = (pane: LibraryPaneKey, node: ReactNode) => (
    <Box display={display(pane)}>
      <DetailsSlotContext.Provider value={slots[pane]}>{node}</DetailsSlotContext.Provider>
    </Box>
  );
  const isMounted = (tab: LibraryTab): boolean => everShown.current.has(tab);

  return (
    <Box display={isHidden ? 'none' : 'flex'} height={library.height} flexShrink={0}>
      {isMounted('playlists') && slotted('playlists', <PlaylistsPane {...paneProps('playlists')} onOpen={onOpenPlaylist} />)}
      {focus.openPlaylist !== null &&
        slotted(
          'playlistItems',
          <PlaylistItemsPane
            key={focus.openPlaylist.id}
            {...paneProps('playlistItems')}
            playlist={focus.openPlaylist}
            onBack={onClosePlaylist}
            onUnsaved={onUnsaved}
          />,
        )}
      {isMounted('shows') && slotted('shows', <ShowsPane {...paneProps('shows')} />)}
      {isMounted('audiobooks') && slotted('audiobooks', <AudiobooksPane {...paneProps('audiobooks')} />)}
    </Box>
  );
});
