import { render, type Instance, type RenderOptions } from 'ink';
import type { Api } from '../api/api.js';
import type { DashboardOptions } from './command-options.js';
import { connect, type Connection } from './connect.js';
import { createKeyboard, createScreen, saysKittyGraphics, type Screen } from '../terminal/index.js';
import { defaultLogPath, openLogFile } from './log-file.js';
import { guardTerminal, requireTerminal } from './terminal-guard.js';
import { holdUntilFirstAnswer, type StartFrameSlot } from './start-frame.js';
import { keepFrameForNextStart } from './start-frame-keep.js';
import type { StartConfig } from './command-options.js';
import { App } from '../ui/app/App.js';
import { artModeFor } from '../ui/art/mode.js';
import { kittyQuestion } from './kitty-question.js';
import type { LogLine } from '../ui/context/log-context.js';
import { SaveBudgetContext, UNLIMITED_SAVE_BUDGET } from '../ui/playlist-editor/save-budget.js';
import { PlaybackLinkContext, type PlaybackLink } from '../ui/hooks/use-playback-link.js';
import { startStatusFor } from '../status/dashboard-side.js';
import { startDesktopLater } from '../desktop/start.js';
import { defaultPictureCacheDir } from './cache-dir.js';
import { describeCancelled } from '../ui/state/sleep-timer.js';
import { formatProblem } from '../config/problems.js';
import { DEFAULT_CONFIG, type Config } from '../config/schema.js';
import { watchConfig } from '../config/watch.js';
import { createTerminalEvents } from '../ui/context/terminal-events.js';
import type { UnsavedJournals } from '../ui/playlist-editor/model/unsaved-journals.js';
import { openJournals } from './journals.js';
import type { RecentPlaylists } from '../ui/playlist-editor/recent-playlists.js';
import { recentPlaylistsFile } from '../status/recent-playlists-file.js';
import { serviceKey } from '../status/target.js';
import { printable, printLine } from '../text/printed.js';
import { TOKEN_IN_PS_WARNING } from '../api/auth/token-input.js';

export interface Terminal {
  output: NodeJS.WriteStream;
  input: NodeJS.ReadStream;
}

export interface MountedDashboard {
  instance: Instance;
  /** Applies a config saved while the dashboard runs, or shows what is wrong with it (the one in force stays). */
  reconfigure(update: { config: Config } | { problem: string }): void;
  /** Where frames go on a terminal (see src/terminal/screen.ts for why); null when the output is not one. */
  screen: Screen | null;
}

export interface MountOptions {
  /** The log file's writer (src/cli/log-file.ts), for what goes wrong out of sight. */
  log?: LogLine;
  /** The environment that tells which terminal this is (cover art's drawing); the process's by default. */
  env?: NodeJS.ProcessEnv;
  /** The journals of unsaved moves, for the offers at start and the panes' writes; none where nothing is kept. */
  journals?: UnsavedJournals | null;
  /** The playlists last added to (a file of the state folder, shared with `playdeck add`). */
  recentPlaylists?: RecentPlaylists;
  /** The rows the start frame painted (src/cli/start-frame.ts): the screen holds Ink's frames over them. */
  startFrame?: readonly string[];
}

/**
 * The dashboard's tree rendered by Ink onto `terminal`, wired as on a real one: frames through a Screen with
 * the clock's live lines and pictures, keys split one per turn. `inkOptions` adds to Ink's options (the key
 * benchmark reads its render times); `link` follows the playback for the status socket.
 */
export function mountDashboard(
  api: Api, terminal: Terminal, inkOptions: Partial<RenderOptions> = {}, link: PlaybackLink | null = null,
  initial: Config = DEFAULT_CONFIG, isMouseOn = false, saveBudget?: number, { log, env = process.env, journals = null, recentPlaylists, startFrame }: MountOptions = {},
): MountedDashboard {
  const screen = terminal.output.isTTY ? createScreen(terminal.output, { maxFps: 30, mouse: isMouseOn, startFrame }) : null;
  // Whether the terminal draws kitty graphics, where nothing tells: asked once as the screen opens (by the start
  // frame, when one was painted), never waited for. Raw mode first: an answer that came while the terminal
  // still echoed input would be printed.
  const question = screen && startFrame === undefined ? kittyQuestion(terminal.input, initial.art.mode, env) : '';
  if (question !== '') terminal.input.setRawMode?.(true);
  screen?.open(question);
  let config = initial;
  let problem: string | null = null;
  let terminalSaysKitty = false;
  let instance: Instance | null = null;
  const onAnswer = (answer: string): void => {
    if (terminalSaysKitty || !saysKittyGraphics(answer)) return;
    terminalSaysKitty = true;
    instance?.rerender(tree());
  };
  const events = createTerminalEvents();
  const reports = { onMouse: isMouseOn ? events.pointer : undefined, onFocus: events.focus, onAnswer };
  const keyboard = terminal.input.isTTY ? { stdin: createKeyboard(terminal.input, reports) } : {};
  const common = { exitOnCtrlC: false, patchConsole: false, ...keyboard, ...inkOptions } as const;
  const options: RenderOptions = screen ? { ...common, stdout: screen.stream, debug: true } : { ...common, maxFps: 30 };
  const tree = () => (
    <SaveBudgetContext.Provider value={saveBudget}>
      <PlaybackLinkContext.Provider value={link}>
        <App
          api={api}
          liveLines={screen?.liveLines ?? null}
          terminalPictures={screen?.pictures ?? null}
          log={log}
          config={config}
          configProblem={problem}
          terminalEvents={events}
          artMode={artModeFor(config.art.mode, env, config.theme.name === 'none', terminalSaysKitty)}
          journals={journals}
          recentPlaylists={recentPlaylists}
        />
      </PlaybackLinkContext.Provider>
    </SaveBudgetContext.Provider>
  );
  const mounted = render(tree(), options);
  instance = mounted;
  const reconfigure: MountedDashboard['reconfigure'] = (update) => {
    if ('config' in update) config = update.config;
    problem = 'problem' in update ? update.problem : null;
    // The same tree with new props: cursors, marks and unsaved moves stay where they are.
    mounted.rerender(tree());
  };
  return { instance: mounted, screen, reconfigure };
}

/**
 * The dashboard until the user quits, once run-dashboard.ts has read the config and perhaps painted the start
 * frame: connects (starting the embedded service), mounts the tree over the start frame, and keeps the frame for
 * the next start when it quits.
 */
export async function runDashboardFrom(options: DashboardOptions, start: StartConfig, slot: StartFrameSlot | null): Promise<number> {
  const painted = slot?.painted ?? null;
  const log = openLogFile(defaultLogPath());
  let connection: Connection;
  try {
    connection = await connect(options, (line) => log.write(line));
    try {
      requireTerminal(process.stdin, process.stdout);
    } catch (error) {
      await connection.close();
      throw error;
    }
  } catch (error) {
    // A start that fails is one line on the terminal as it was: the frame painted goes first.
    painted?.abandon();
    throw error;
  }
  // Said once the start went well (a start that fails stays one line), above the screen the dashboard opens; over
  // a start frame, the alternate screen is already up: said when the terminal is given back instead.
  const warnsOfToken = options.kind === 'remote' && options.tokenOnCommandLine === true && process.stderr.isTTY;
  if (warnsOfToken && painted === null) process.stderr.write(`${TOKEN_IN_PS_WARNING}\n`);
  const status = await startStatusFor(options, connection.api, process.env);
  const journals = connection.service === null ? null : await openJournals(connection.service, (line) => log.write(line));
  const isMouseOn = start.config.mouse.enabled && options.noMouse !== true;
  const terminal = { output: process.stdout, input: process.stdin };
  // The embedded service does not rate-limit: saves start fast there (and would still slow down on a 429).
  const saveBudget = options.kind === 'embedded' ? UNLIMITED_SAVE_BUDGET : undefined;
  const { instance, screen, reconfigure } = mountDashboard(connection.api, terminal, {}, status.link, start.config, isMouseOn, saveBudget, {
    log: (line) => log.write(line),
    journals,
    recentPlaylists: recentPlaylistsFile(serviceKey(options, process.env)),
    startFrame: painted?.rows,
  });
  const releaseStartFrame = painted === null || screen === null ? () => {} : holdUntilFirstAnswer(screen, status.link);
  // Media keys, players widgets and notifications over the session bus, once the dashboard shows what plays.
  let desktopSettings = start.config.desktop;
  const desktop = startDesktopLater({
    bridge: status.link,
    env: process.env,
    settings: () => desktopSettings,
    cacheDir: defaultPictureCacheDir(),
    log: (line) => log.write(line),
  });
  const watcher = watchConfig({
    path: start.path,
    isExplicit: start.isExplicit,
    current: start.config,
    // Mouse reporting stays as it started: it is a terminal mode, set with the screen.
    onUpdate: (update) => {
      if ('config' in update) {
        desktopSettings = update.config.desktop;
        desktop.apply();
      }
      reconfigure('config' in update ? update : { problem: `config not applied: ${formatProblem(update.problems[0]!)}` });
    },
  });
  const guard = guardTerminal(log, () => {
    journals?.flush();
    screen?.close();
  });
  // A signal ends the dashboard as quitting does: unmounting writes what a journal still holds (moves are on
  // disk before they show; identities learned since may not be), then the terminal is given back below.
  const stop = (): void => instance.unmount();
  const signals = ['SIGTERM', 'SIGHUP', 'SIGINT'] as const;
  for (const signal of signals) process.once(signal, stop);
  try {
    await instance.waitUntilExit();
  } finally {
    // Unmounting ran the panes' clean-ups, or will only later: what their journals hold is written here.
    journals?.flush();
    releaseStartFrame();
    const shown = screen?.lastFrame() ?? [];
    watcher.close();
    desktop.close();
    for (const signal of signals) process.off(signal, stop);
    screen?.close();
    guard.release();
    // The timer lives in this process: said once the screen is back, so that nobody waits for a pause.
    const sleep = status.link.sleepTimer();
    if (sleep !== null) printLine(process.stderr, `playdeck: ${describeCancelled(sleep, Date.now())}`);
    if (painted !== null && warnsOfToken) process.stderr.write(`${TOKEN_IN_PS_WARNING}\n`);
    const last = status.link.snapshot();
    await status.close();
    await connection.close();
    // Kept once the service is closed: its last writes to the database come before the frame's time.
    if (slot !== null) keepFrameForNextStart(slot, shown, last, start.config.art.mode);
  }
  return 0;
}
