import { Box, useApp } from 'ink';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import type { Api } from '../api/api.js';
import type { SimplifiedPlaylist } from '../api/types.js';
import { DEFAULT_CONFIG, type Config } from '../config/schema.js';
import { ApiProvider, useApi } from './api-context.js';
import { StatusBar } from './components/StatusBar.js';
import { TabLine } from './components/TabLine.js';
import { drillsOf, focusReducer, INITIAL_FOCUS, type LibraryTab } from './focus.js';
import { useConnection } from './hooks/use-connection.js';
import { KeyLayersProvider } from './hooks/use-key-layer.js';
import { ListRefreshContext } from './hooks/list-refresh.js';
import { ListPointerContext, type ListPointerSlot } from './hooks/use-list-pointer.js';
import { useMouse } from './hooks/use-mouse.js';
import { useNotice } from './hooks/use-notice.js';
import { usePlayback } from './hooks/use-playback.js';
import { usePlaybackLink } from './hooks/use-playback-link.js';
import { useUpNext } from './hooks/use-up-next.js';
import { useVolume } from './hooks/use-volume.js';
import { usePlaylistSavePrompt } from './hooks/use-playlist-save-prompt.js';
import { useJournalOffers } from './hooks/use-journal-offers.js';
import { UnsavedJournalsContext, type UnsavedJournals } from './unsaved-journals.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { KeyBindingsContext } from './keys/bindings-context.js';
import { useGlobalKeys } from './hooks/use-global-keys.js';
import { computeLayout } from './layout.js';
import { LiveLinesContext, type LiveLines } from './live-lines.js';
import { DevicesOverlay } from './panes/DevicesOverlay.js';
import { HelpOverlay } from './panes/HelpOverlay.js';
import { LibraryArea, shownSlot, statusSlot } from './panes/LibraryArea.js';
import { NowPlayingPane } from './panes/NowPlayingPane.js';
import { contextLabel } from './play/play-request.js';
import { PlayStarterProvider, usePlayStart } from './play/play-starter.js';
import { QueueActionsContext } from './queue-context.js';
import { playlistItems } from './sections/playlists.js';
import { drilled, type Drilled } from './sections/types.js';
import { statusLine } from './status-line.js';
import { ArtModeContext } from './art/art-mode-context.js';
import type { ArtMode } from './art/mode.js';
import { LogContext, type LogLine } from './log-context.js';
import { TerminalPicturesContext, type TerminalPictures } from './terminal-pictures.js';
import { TerminalEventsContext, type TerminalEvents } from './terminal-events.js';
import { resolveTheme, ThemeContext, type Theme } from './theme.js';

export interface AppProps {
  api: Api;
  /** Colours; by default the config's theme, or from the environment (NO_COLOR turns them off). */
  theme?: Theme;
  /** Keys, theme, layout and poll intervals (a config file's, or the defaults); a new one applies at once. */
  config?: Config;
  /** What is wrong with the config file as last saved, for the status line (the config before stays). */
  configProblem?: string | null;
  /** Where the clock draws its seconds without a render, on a terminal (see live-lines.ts). */
  liveLines?: LiveLines | null;
  /** How covers are drawn (art/mode.ts); none unless told. Kitty needs `terminalPictures`, else half-blocks. */
  artMode?: ArtMode;
  /** Where pictures the terminal draws go (kitty graphics), on a terminal. */
  terminalPictures?: TerminalPictures | null;
  /** The log file's writer, for what goes wrong out of sight (a picture that cannot be drawn). */
  log?: LogLine;
  /** The terminal's mouse and focus reports; null: none (no mouse). */
  terminalEvents?: TerminalEvents | null;
  /** The journals of unsaved moves (on disk in the dashboard); null: moves are not journaled. */
  journals?: UnsavedJournals | null;
}

const NO_ART: ArtMode = { kind: 'off' };
/** Where no terminal draws pictures (output to a pipe, a test), kitty's covers are drawn with half-blocks. */
const KITTY_FALLBACK: ArtMode = { kind: 'blocks', depth: 'truecolor' };
const NO_LOG: LogLine = () => {};

/** The status line of each view, by its slot (LibraryArea's statusSlot). */
type PaneReports = Readonly<Record<string, string | null>>;

/** The dashboard, with every key read through one stack of key layers (see keys/key-layers.ts). */
export function App(props: AppProps) {
  const { api, liveLines = null, theme, config = DEFAULT_CONFIG, configProblem = null, terminalEvents = null } = props;
  const { artMode = NO_ART, terminalPictures = null, log = NO_LOG, journals = null } = props;
  const [listPointer] = useState<ListPointerSlot>(() => ({ current: null }));
  const shownTheme = useMemo(() => theme ?? resolveTheme(config.theme, process.env), [theme, config.theme]);
  const shownArt = artMode.kind === 'kitty' && terminalPictures === null ? KITTY_FALLBACK : artMode;
  return (
    <ApiProvider api={api}>
      <LogContext.Provider value={log}>
      <UnsavedJournalsContext.Provider value={journals}>
      <TerminalPicturesContext.Provider value={terminalPictures}>
      <ArtModeContext.Provider value={shownArt}>
      <LiveLinesContext.Provider value={liveLines}>
        <TerminalEventsContext.Provider value={terminalEvents}>
          <ListPointerContext.Provider value={listPointer}>
            <KeyBindingsContext.Provider value={config.keys}>
              <ListRefreshContext.Provider value={config.poll.listRefreshMs}>
                <KeyLayersProvider>
                  <Dashboard theme={shownTheme} config={config} configProblem={configProblem} />
                </KeyLayersProvider>
              </ListRefreshContext.Provider>
            </KeyBindingsContext.Provider>
          </ListPointerContext.Provider>
        </TerminalEventsContext.Provider>
      </LiveLinesContext.Provider>
      </ArtModeContext.Provider>
      </TerminalPicturesContext.Provider>
      </UnsavedJournalsContext.Provider>
      </LogContext.Provider>
    </ApiProvider>
  );
}

interface DashboardProps {
  theme: Theme;
  config: Config;
  configProblem: string | null;
}

/** Now playing on top, a library pane with details, the status line. Composition only. */
function Dashboard({ theme, config, configProblem }: DashboardProps) {
  const api = useApi();
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const layout = useMemo(() => computeLayout(columns, rows, config.layout), [columns, rows, config.layout]);
  const [focus, dispatch] = useReducer(focusReducer, INITIAL_FOCUS);
  const [notice, showNotice] = useNotice();
  const playback = usePlayback(api, showNotice, config.poll);
  usePlaybackLink(playback);
  const { starter, started } = usePlayStart(api, playback, showNotice);
  useMouse({ layout, focus, dispatch, playback: playback.data, receivedAt: playback.receivedAt, run: playback.run });
  const connection = useConnection(api);
  const [paneStatus, setPaneStatus] = useState<PaneReports>({});
  const savePrompt = usePlaylistSavePrompt(exit);
  const volume = useVolume(api, playback.data, showNotice);
  const [isDevicesOpen, setDevicesOpen] = useState(false);
  const upNext = useUpNext(api, playback.data === undefined ? undefined : (playback.data?.item?.id ?? null), showNotice);

  useGlobalKeys({
    isNowPlayingFocused: focus.focus === 'nowPlaying',
    dispatch,
    quit: savePrompt.requestQuit,
    play: playback.run,
    volume: volume.press,
    toggleDevices: () => setDevicesOpen((open) => !open),
  });

  const onStatus = useCallback((tab: LibraryTab, depth: number, message: string | null) => {
    const slot = statusSlot(tab, depth);
    setPaneStatus((previous) => (previous[slot] === message ? previous : { ...previous, [slot]: message }));
  }, []);
  const openPlaylist = useCallback(
    (playlist: SimplifiedPlaylist) => dispatch({ type: 'drill', tab: 'playlists', drilled: drilled(playlistItems, playlist), isFromRoot: true }),
    [],
  );
  // Unsaved moves left by an earlier run are offered first; a playlist whose moves wait opens with them.
  const offers = useJournalOffers(api, openPlaylist, showNotice);
  const onDrill = useCallback((tab: LibraryTab, next: Drilled) => dispatch({ type: 'drill', tab, drilled: next }), []);
  // The view that goes takes its status line with it, in the same render.
  const drills = useRef(focus.drills);
  drills.current = focus.drills;
  const onBack = useCallback(
    (tab: LibraryTab) => {
      onStatus(tab, drillsOf({ drills: drills.current }, tab).length, null);
      dispatch({ type: 'back', tab });
    },
    [onStatus],
  );
  const onCloseHelp = useCallback(() => dispatch({ type: 'toggleHelp' }), []);
  const onCloseDevices = useCallback(() => setDevicesOpen(false), []);
  const { refresh: refreshPlayback } = playback;
  const onTransferred = useCallback(() => {
    setDevicesOpen(false);
    refreshPlayback();
  }, [refreshPlayback]);

  const status = statusLine({
    prompt: savePrompt.message ?? offers.message,
    notice,
    pane: paneStatus[shownSlot(focus)] ?? null,
    playbackError: playback.error ? `player: ${playback.error.message}` : null,
    config: configProblem,
  });
  const { root, nowPlaying, library, details } = layout;
  return (
    <ThemeContext.Provider value={theme}>
      <QueueActionsContext.Provider value={upNext}>
        <Box flexDirection="column" width={root.width} height={root.height} overflowY="hidden">
          <NowPlayingPane
            playback={volume.shown}
            receivedAt={playback.receivedAt}
            isFocused={focus.focus === 'nowPlaying' && !focus.isHelpOpen}
            width={nowPlaying.width}
            height={nowPlaying.height}
            contextLabel={contextLabel(playback.data, started)}
            upNext={upNext.items}
          />
          {focus.isHelpOpen ? (
            <HelpOverlay width={root.width} height={library.height + 1} onClose={onCloseHelp} />
          ) : isDevicesOpen ? (
            // The overlay's own box is only as tall as its list: this one keeps the status line at the bottom.
            <Box height={library.height + 1} flexDirection="column" flexShrink={0}>
              <DevicesOverlay
                width={root.width}
                maxHeight={library.height + 1}
                onClose={onCloseDevices}
                onTransferred={onTransferred}
                onNotice={showNotice}
              />
            </Box>
          ) : (
            <TabLine active={focus.libraryTab} isFocused={focus.focus !== 'nowPlaying'} width={root.width} />
          )}
          <PlayStarterProvider value={starter}>
            <LibraryArea
              focus={focus}
              library={library}
              details={details}
              isHidden={focus.isHelpOpen || isDevicesOpen}
              onOpenPlaylist={offers.open}
              onDrill={onDrill}
              onBack={onBack}
              onStatus={onStatus}
              onUnsaved={savePrompt.onUnsaved}
              listeningEnded={playback.listeningEnded}
            />
          </PlayStarterProvider>
          <StatusBar
            width={root.width}
            message={status.message}
            tone={status.tone}
            connection={connection}
            staleSince={playback.staleSince}
          />
        </Box>
      </QueueActionsContext.Provider>
    </ThemeContext.Provider>
  );
}
