import { Box } from 'ink';
import { useCallback, type ReactElement } from 'react';
import type { GoToEntry } from './go-to.js';
import type { Found } from '../state/search-results.js';
import type { HelpPlace } from '../keys/help-rows.js';
import { DevicesOverlay } from './DevicesOverlay.js';
import { HelpOverlay } from './HelpOverlay.js';
import { PlaylistPicker } from '../playlist-editor/PlaylistPicker.js';
import { GoToOverlay } from './GoToOverlay.js';
import { SearchOverlay } from './SearchOverlay.js';
import type { Overlay } from './overlay-state.js';
import { useOverlay } from './overlay-store.js';

/** What choosing in an overlay does, from the dashboard. */
export interface OverlayHandlers {
  /** Enter in the search. */
  chooseFound(found: Found): void;
  /** Enter in the go to. */
  chooseEntry(entry: GoToEntry): void;
  /** Playback moved to another device. */
  onTransferred(): void;
  onNotice(message: string): void;
  /** Where the keys were pressed: the help shows that place's keys first. */
  helpPlace: HelpPlace;
}

export interface OverlayHostProps {
  open: Overlay;
  width: number;
  /** The rows under Now playing but the status line: the tab line's and the library's. */
  height: number;
  handlers: OverlayHandlers;
}

const unreachable = (overlay: never): never => {
  throw new Error(`no overlay is drawn for ${JSON.stringify(overlay)}`);
};

/**
 * Draws the open overlay in the place of the tab line and the library. Its box holds the whole height, so
 * that one only as tall as its list (the devices, the picker) keeps the status line at the bottom.
 */
export function OverlayHost({ open, width, height, handlers }: OverlayHostProps) {
  const { dispatch } = useOverlay();
  const { kind } = open;
  const close = useCallback(() => dispatch({ type: 'close', kind }), [dispatch, kind]);
  const { onTransferred: transferred, onNotice } = handlers;
  const onTransferred = useCallback(() => {
    close();
    transferred();
  }, [close, transferred]);
  const drawn = (): ReactElement => {
    switch (open.kind) {
      case 'help':
        return <HelpOverlay width={width} height={height} here={handlers.helpPlace} onClose={close} />;
      case 'devices':
        return <DevicesOverlay width={width} maxHeight={height} onClose={close} onTransferred={onTransferred} onNotice={onNotice} />;
      case 'search':
        return <SearchOverlay width={width} height={height} onClose={close} onChoose={handlers.chooseFound} />;
      case 'goTo':
        return <GoToOverlay width={width} height={height} onClose={close} onChoose={handlers.chooseEntry} />;
      case 'playlistPicker':
        return <PlaylistPicker picking={open} width={width} maxHeight={height} onClose={close} onNotice={onNotice} />;
      default:
        return unreachable(open);
    }
  };
  return (
    <Box height={height} flexDirection="column" flexShrink={0}>
      {drawn()}
    </Box>
  );
}
