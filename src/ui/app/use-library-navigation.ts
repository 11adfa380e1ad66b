import { useCallback, useRef, useState, type Dispatch } from 'react';
import type { SimplifiedPlaylist } from '../../api/types.js';
import { drillsOf, type FocusAction, type FocusState, type LibraryTab } from './focus.js';
import { shownSlot, statusSlot } from './LibraryArea.js';
import { playlistItems } from '../sections/playlists.js';
import { drilled, type Drilled } from '../sections/types.js';

export interface LibraryNavigation {
  /** The status line of the view on screen, or null. */
  shownStatus: string | null;
  onStatus(tab: LibraryTab, depth: number, message: string | null): void;
  /** Opens a playlist's items on the playlists tab, from any tab (a journal offer opens one too). */
  openPlaylist(playlist: SimplifiedPlaylist): void;
  onDrill(tab: LibraryTab, next: Drilled): void;
  onBack(tab: LibraryTab): void;
}

/** The library's drill-downs through the focus state, and each view's status line, kept by its place on its stack. */
export function useLibraryNavigation(focus: FocusState, dispatch: Dispatch<FocusAction>): LibraryNavigation {
  const [statuses, setStatuses] = useState<Readonly<Record<string, string | null>>>({});
  const onStatus = useCallback((tab: LibraryTab, depth: number, message: string | null) => {
    const slot = statusSlot(tab, depth);
    setStatuses((previous) => (previous[slot] === message ? previous : { ...previous, [slot]: message }));
  }, []);
  const openPlaylist = useCallback(
    (playlist: SimplifiedPlaylist) => dispatch({ type: 'drill', tab: 'playlists', drilled: drilled(playlistItems, playlist), isFromRoot: true }),
    [dispatch],
  );
  const onDrill = useCallback((tab: LibraryTab, next: Drilled) => dispatch({ type: 'drill', tab, drilled: next }), [dispatch]);
  // The view that goes takes its status line with it, in the same render.
  const drills = useRef(focus.drills);
  drills.current = focus.drills;
  const onBack = useCallback(
    (tab: LibraryTab) => {
      onStatus(tab, drillsOf({ drills: drills.current }, tab).length, null);
      dispatch({ type: 'back', tab });
    },
    [onStatus, dispatch],
  );
  return { shownStatus: statuses[shownSlot(focus)] ?? null, onStatus, openPlaylist, onDrill, onBack };
}
