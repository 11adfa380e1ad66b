import { Box, useApp } from 'ink';
import { useContext, useMemo, useReducer, useRef, useState } from 'react';
import type { Api } from '../../api/api.js';
import { DEFAULT_CONFIG, type Config } from '../../config/schema.js';
import type { ArtMode } from '../art/mode.js';
import { StatusBar } from './StatusBar.js';
import { TabLine } from './TabLine.js';
import { focusReducer, helpPlaceOf, INITIAL_FOCUS } from './focus.js';
import { useConnection } from './use-connection.js';
import { useGlobalKeys } from './use-global-keys.js';
import { useJournalOffers } from '../playlist-editor/hooks/use-journal-offers.js';
import { KeyLayersProvider } from '../keys/use-key-layer.js';
import { useLibraryNavigation } from './use-library-navigation.js';
import type { ListPointerSlot } from '../context/use-list-pointer.js';
import { useMouse } from './use-mouse.js';
import { useMusicScan } from './use-music-scan.js';
import { useNotice } from './use-notice.js';
import { usePickers } from './use-pickers.js';
import { usePlayback } from '../hooks/use-playback.js';
import { usePlaybackLink } from '../hooks/use-playback-link.js';
import { useQuitPrompt } from '../playlist-editor/hooks/use-quit-prompt.js';
import { useSleepPrompt } from './use-sleep-prompt.js';
import { useSleepTimer } from '../hooks/use-sleep-timer.js';
import { useTerminalSize } from './use-terminal-size.js';
import { useUpNext } from './use-up-next.js';
import { useVolume } from './use-volume.js';
import { computeLayout } from '../layout.js';
import type { CursorTargetSlot } from '../context/cursor-target.js';
import { LoadedLists } from '../liked/loaded-lists.js';
import { PollShare } from '../state/poll-share.js';
import { pollIntervalsOf } from '../state/poll-pace.js';
import { likeFocused, useLikedStoreOf, usePlayingLiked } from './use-like-key.js';
import type { LiveLines } from '../context/live-lines.js';
import type { LogLine } from '../context/log-context.js';
import { LibraryArea } from './LibraryArea.js';
import { NowPlayingPane } from '../panes/NowPlayingPane.js';
import { OverlayHost, type OverlayHandlers } from '../overlays/OverlayHost.js';
import { OVERLAYS } from '../overlays/overlay-state.js';
import { OverlayProvider, useOverlay } from '../overlays/overlay-store.js';
import { messageOf } from '../prompt/question.js';
import { PromptProvider, useStatusQuestion } from '../prompt/use-prompt.js';
import { contextLabel } from '../play/play-request.js';
import { usePlayStart } from './use-play-start.js';
import { ServicesProvider, useServices, type Services } from '../context/app-services.js';
import { statusLine } from './status-line.js';
import type { TerminalEvents } from '../context/terminal-events.js';
import type { TerminalPictures } from '../context/terminal-pictures.js';
import { Signals } from '../signals.js';
import { resolveTheme, type Theme } from '../context/theme.js';
import type { UnsavedJournals } from '../playlist-editor/model/unsaved-journals.js';
import { addSourceOfPlaying } from '../add-source.js';
import { EditSessions } from '../playlist-editor/edit-sessions.js';
import type { EditorServices } from '../playlist-editor/editor-services.js';
import { usePlaylistActions } from '../playlist-editor/hooks/use-playlist-actions.js';
import type { Picking } from '../playlist-editor/hooks/use-playlist-picker.js';
import { useAddLink } from '../playlist-editor/hooks/use-add-link.js';
import { memoryRecentPlaylists, type RecentPlaylists } from '../playlist-editor/recent-playlists.js';
import { SaveBudgetContext } from '../playlist-editor/save-budget.js';

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
  /** The playlists last added to (a file of the state folder in the dashboard); by default kept in memory. */
  recentPlaylists?: RecentPlaylists;
}

const NO_ART: ArtMode = { kind: 'off' };
/** Where no terminal draws pictures (output to a pipe, a test), kitty's covers are drawn with half-blocks. */
const KITTY_FALLBACK: ArtMode = { kind: 'blocks', depth: 'truecolor' };
const NO_LOG: LogLine = () => {};

/** The dashboard, with every key read through one stack of key layers (see keys/key-layers.ts). */
export function App(props: AppProps) {
  const { api, liveLines = null, theme, config = DEFAULT_CONFIG, configProblem = null, terminalEvents = null } = props;
  const { artMode = NO_ART, terminalPictures = null, log = NO_LOG, journals = null } = props;
  const [listPointer] = useState<ListPointerSlot>(() => ({ current: null }));
  const [cursorTarget] = useState<CursorTargetSlot>(() => ({ current: null }));
  const [loaded] = useState(() => new LoadedLists());
  const [pollShare] = useState(() => new PollShare());
  const [signals] = useState(() => new Signals());
  const shownTheme = useMemo(() => theme ?? resolveTheme(config.theme, process.env), [theme, config.theme]);
  const shownArt = artMode.kind === 'kitty' && terminalPictures === null ? KITTY_FALLBACK : artMode;
  const { keys: bindings } = config;
  const { listRefreshMs } = pollIntervalsOf(config.poll);
  const services = useMemo(
    (): Partial<Services> => ({
      api, log, journals, terminalPictures, artMode: shownArt, liveLines, terminalEvents, listPointer, bindings,
      listRefreshMs, theme: shownTheme, cursorTarget, loaded, pollShare, signals,
    }),
    [api, log, journals, terminalPictures, shownArt, liveLines, terminalEvents, listPointer, bindings, listRefreshMs, shownTheme, cursorTarget, loaded, pollShare, signals],
  );
  return (
    <ServicesProvider services={services}>
      <KeyLayersProvider>
        <PromptProvider>
          <OverlayProvider>
            <Dashboard api={api} config={config} configProblem={configProblem} recentPlaylists={props.recentPlaylists} cursorTarget={cursorTarget} />
          </OverlayProvider>
        </PromptProvider>
      </KeyLayersProvider>
    </ServicesProvider>
  );
}

interface DashboardProps {
  api: Api;
  config: Config;
  configProblem: string | null;
  recentPlaylists?: RecentPlaylists;
  cursorTarget: CursorTargetSlot;
}

/** Now playing on top, a library pane with details, the status line. Composition only. */
function Dashboard({ api, config, configProblem, recentPlaylists, cursorTarget }: DashboardProps) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const layout = useMemo(() => computeLayout(columns, rows, config.layout), [columns, rows, config.layout]);
  const [focus, dispatch] = useReducer(focusReducer, INITIAL_FOCUS);
  const { open: overlay, dispatch: dispatchOverlay } = useOverlay();
  const question = useStatusQuestion();
  const isOverlayFocused = overlay !== null && OVERLAYS[overlay.kind].takesFocus;
  const [notice, showNotice] = useNotice();
  const intervals = useMemo(() => pollIntervalsOf(config.poll), [config.poll]);
  const playback = usePlayback(api, showNotice, intervals);
  const sleep = useSleepTimer(playback, showNotice);
  const askSleep = useSleepPrompt(sleep, showNotice);
  usePlaybackLink(playback, sleep);
  const { starter, started } = usePlayStart(api, playback, showNotice);
  useMouse({ layout, focus, dispatch, isOverlayFocused, playback: playback.data, receivedAt: playback.receivedAt, run: playback.run, sleep: sleep.timer });
  const connection = useConnection(api);
  // The playlists being changed, their panes open or not: one session each (playlist-editor/edit-sessions.ts).
  const { journals, signals } = useServices();
  const budget = useContext(SaveBudgetContext);
  const noticeTo = useRef(showNotice);
  noticeTo.current = showNotice;
  const [sessions] = useState(() => new EditSessions({ api, journals, budget, notice: (message) => noticeTo.current(message) }));
  const [recent] = useState(() => recentPlaylists ?? memoryRecentPlaylists());
  const requestQuit = useQuitPrompt(exit, sessions);
  const volume = useVolume(api, playback.data, showNotice);
  const upNext = useUpNext(api, playback.data === undefined ? undefined : (playback.data?.item?.id ?? null), showNotice);
  const liked = useLikedStoreOf(api, showNotice, signals);
  const scanning = useMusicScan(api, showNotice);
  const isPlayingLiked = usePlayingLiked(liked, playback.data?.item, upNext.items);
  const navigation = useLibraryNavigation(focus, dispatch);
  // Unsaved changes left by an earlier run are offered first; a playlist whose changes wait opens with them.
  const offers = useJournalOffers(api, navigation.openPlaylist, showNotice);
  const pickers = usePickers({ api, player: starter, focus, dispatch, isOverlayOpen: overlay !== null, openPlaylist: offers.open, say: showNotice });
  const pick = (picking: Picking): void => dispatchOverlay({ type: 'open', overlay: { kind: 'playlistPicker', ...picking } });
  const playlists = usePlaylistActions({ api, sessions, recent, notice: showNotice, open: offers.open, pick });
  useAddLink(api, sessions, recent, playback.data?.item);
  useGlobalKeys({
    isNowPlayingFocused: focus.focus === 'nowPlaying',
    dispatch,
    quit: requestQuit,
    play: playback.run,
    volume: volume.press,
    openOverlay: (opened) => dispatchOverlay({ type: 'open', overlay: opened }),
    addPlaying: () => playlists.actions.add(addSourceOfPlaying(playback.data?.item)),
    like: () => {
      if (overlay !== null) return;
      likeFocused({ store: liked, isNowPlayingFocused: focus.focus === 'nowPlaying', playing: playback.data?.item, cursorTarget, say: showNotice });
    },
    sleep: askSleep,
  });

  // The player's side of the services, for the panes: stable but for the playlists renamed here.
  const { add: addToQueue } = upNext;
  const { actions: playlistActions, names } = playlists;
  const editor = useMemo(
    (): EditorServices => ({ sessions, actions: playlistActions, names }),
    [sessions, playlistActions, names],
  );
  const player = useMemo(
    (): Partial<Services> => ({ player: starter, queue: { add: addToQueue }, editor, liked }),
    [starter, addToQueue, editor, liked],
  );
  const helpPlace = useMemo(() => helpPlaceOf(focus), [focus]);
  const { refresh: onTransferred } = playback;
  const { chooseFound, chooseEntry } = pickers;
  const overlayHandlers = useMemo(
    (): OverlayHandlers => ({ chooseFound, chooseEntry, onTransferred, onNotice: showNotice, helpPlace }),
    [chooseFound, chooseEntry, onTransferred, showNotice, helpPlace],
  );

  const status = statusLine({
    prompt: question.asked === null ? offers.restoring : messageOf(question.asked),
    notice,
    pane: navigation.shownStatus,
    playbackError: playback.error ? `player: ${playback.error.message}` : null,
    config: configProblem,
    scan: scanning,
  });
  const { root, nowPlaying, library, details } = layout;
  return (
    <ServicesProvider services={player}>
      <Box flexDirection="column" width={root.width} height={root.height} overflowY="hidden">
        <NowPlayingPane
          playback={volume.shown}
          receivedAt={playback.receivedAt}
          isFocused={focus.focus === 'nowPlaying' && !isOverlayFocused}
          width={nowPlaying.width}
          height={nowPlaying.height}
          contextLabel={contextLabel(playback.data, started)}
          upNext={upNext.items}
          isLiked={isPlayingLiked}
          sleep={sleep.timer}
        />
        {overlay === null ? (
          <TabLine active={focus.libraryTab} isFocused={focus.focus !== 'nowPlaying'} width={root.width} />
        ) : (
          <OverlayHost open={overlay} width={root.width} height={library.height + 1} handlers={overlayHandlers} />
        )}
        <LibraryArea
          focus={focus}
          library={library}
          details={details}
          onOpenPlaylist={offers.open}
          onDrill={navigation.onDrill}
          onBack={navigation.onBack}
          onStatus={navigation.onStatus}
        />
        <StatusBar
          width={root.width}
          message={status.message}
          tone={status.tone}
          connection={connection}
          staleSince={playback.staleSince}
        />
      </Box>
    </ServicesProvider>
  );
}
