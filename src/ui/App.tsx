import { Box, useApp } from 'ink';
import { useCallback, useMemo, useReducer, useState } from 'react';
import type { Api } from '../api/api.js';
import type { SimplifiedPlaylist } from '../api/types.js';
import { StatusBar } from './components/StatusBar.js';
import { TabLine } from './components/TabLine.js';
import { focusReducer, INITIAL_FOCUS, type FocusTarget } from './focus.js';
import { useConnection } from './hooks/use-connection.js';
import { useGlobalKeys } from './hooks/use-global-keys.js';
import { KeypressHub } from './hooks/use-keypress.js';
import { useNotice } from './hooks/use-notice.js';
import { usePlayback } from './hooks/use-playback.js';
import { usePlaybackLink } from './hooks/use-playback-link.js';
import { usePlaylistSavePrompt } from './hooks/use-playlist-save-prompt.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import type { GlobalCommand } from './keymap.js';
import { computeLayout } from './layout.js';
import { LiveLinesContext, type LiveLines } from './live-lines.js';
import { HelpOverlay } from './panes/HelpOverlay.js';
import { LibraryArea, visiblePane, type LibraryPaneKey } from './panes/LibraryArea.js';
import { NowPlayingPane } from './panes/NowPlayingPane.js';
import { ThemeContext, themeFromEnv, type Theme } from './theme.js';

export interface AppProps {
  api: Api;
  /** Colours; by default from the environment (NO_COLOR turns them off). */
  theme?: Theme;
  /** Where the clock draws its seconds without a render, on a terminal (see live-lines.ts). */
  liveLines?: LiveLines | null;
}

type PaneReports = Partial<Record<LibraryPaneKey, string | null>>;

/** The dashboard, with every key read through one hub (see use-keypress.ts). */
export function App({ liveLines = null, ...props }: AppProps) {
  return (
    <LiveLinesContext.Provider value={liveLines}>
      <KeypressHub>
        <Dashboard {...props} />
      </KeypressHub>
    </LiveLinesContext.Provider>
  );
}

/** Now playing on top, a library pane with details, the status line. Composition only. */
function Dashboard({ api, theme = themeFromEnv(process.env) }: AppProps) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const layout = useMemo(() => computeLayout(columns, rows), [columns, rows]);
  const [focus, dispatch] = useReducer(focusReducer, INITIAL_FOCUS);
  const [notice, showNotice] = useNotice();
  const playback = usePlayback(api, showNotice);
  usePlaybackLink(playback);
  const connection = useConnection(api);
  const [paneStatus, setPaneStatus] = useState<PaneReports>({});
  const [capturing, setCapturing] = useState<Partial<Record<LibraryPaneKey, boolean>>>({});
  const shownPane = visiblePane(focus);
  const savePrompt = usePlaylistSavePrompt(exit);
  // A playlist's items read digits as counts (`20K`) and do the `1`–`4` jump themselves when none follows.
  const digitsAreCounts = shownPane === 'playlistItems' && focus.focus !== 'nowPlaying' && !focus.isHelpOpen;

  const onCommand = useCallback(
    (command: GlobalCommand) => {
      if (command.type === 'quit') savePrompt.requestQuit();
      else if (command.type === 'playback') playback.run(command.command);
      else if (!(command.type === 'focus' && digitsAreCounts)) dispatch(command);
    },
    [savePrompt.requestQuit, playback.run, digitsAreCounts],
  );
  const isPaneTyping = capturing[shownPane] === true;
  useGlobalKeys({ isActive: !isPaneTyping && !savePrompt.isOpen, focus: focus.focus, isHelpOpen: focus.isHelpOpen, onCommand });

  const onStatus = useCallback((pane: LibraryPaneKey, message: string | null) => {
    setPaneStatus((previous) => (previous[pane] === message ? previous : { ...previous, [pane]: message }));
  }, []);
  const onCaptureInput = useCallback((pane: LibraryPaneKey, isCapturing: boolean) => {
    setCapturing((previous) => (previous[pane] === isCapturing ? previous : { ...previous, [pane]: isCapturing }));
  }, []);
  const onOpenPlaylist = useCallback((playlist: SimplifiedPlaylist) => dispatch({ type: 'openPlaylist', playlist }), []);
  const onClosePlaylist = useCallback(() => {
    onStatus('playlistItems', null);
    onCaptureInput('playlistItems', false);
    dispatch({ type: 'closePlaylist' });
  }, [onStatus, onCaptureInput]);
  const onCloseHelp = useCallback(() => dispatch({ type: 'toggleHelp' }), []);
  const onJump = useCallback((target: FocusTarget) => dispatch({ type: 'focus', target }), []);

  const playbackError = playback.error ? `player: ${playback.error.message}` : null;
  const message = savePrompt.message ?? notice ?? paneStatus[shownPane] ?? playbackError;
  const isError = savePrompt.message === null && (notice !== null || (message === playbackError && playbackError !== null));
  const { root, nowPlaying, library, details } = layout;
  return (
    <ThemeContext.Provider value={theme}>
      <Box flexDirection="column" width={root.width} height={root.height} overflowY="hidden">
        <NowPlayingPane
          playback={playback.data}
          receivedAt={playback.receivedAt}
          isFocused={focus.focus === 'nowPlaying' && !focus.isHelpOpen}
          width={nowPlaying.width}
          height={nowPlaying.height}
        />
        {focus.isHelpOpen ? (
          <HelpOverlay width={root.width} height={library.height + 1} isActive={!savePrompt.isOpen} onClose={onCloseHelp} />
        ) : (
          <TabLine active={focus.libraryTab} isFocused={focus.focus !== 'nowPlaying'} />
        )}
        <LibraryArea
          api={api}
          focus={focus}
          library={library}
          details={details}
          isHidden={focus.isHelpOpen}
          areKeysHeld={savePrompt.isOpen}
          onOpenPlaylist={onOpenPlaylist}
          onClosePlaylist={onClosePlaylist}
          onStatus={onStatus}
          onCaptureInput={onCaptureInput}
          onJump={onJump}
          onUnsaved={savePrompt.onUnsaved}
        />
        <StatusBar
          width={root.width}
          message={message}
          tone={isError ? 'error' : 'info'}
          connection={connection}
          staleSince={playback.staleSince}
        />
      </Box>
    </ThemeContext.Provider>
  );
}
