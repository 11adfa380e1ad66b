import { render, type Instance, type RenderOptions } from 'ink';
import type { Api } from '../api/api.js';
import type { DashboardOptions } from './args.js';
import { connect } from './connect.js';
import { growHeapSlowly } from './heap-flags.js';
import { createKeyboard, createScreen, type Screen } from '../terminal/index.js';
import { defaultLogPath, openLogFile } from './log-file.js';
import { guardTerminal, requireTerminal } from './terminal-guard.js';
import { App } from '../ui/App.js';
import { artModeFor } from '../ui/art/mode.js';
import { SaveBudgetContext, UNLIMITED_SAVE_BUDGET } from '../ui/save-budget.js';
import { PlaybackLinkContext, type PlaybackLink } from '../ui/hooks/use-playback-link.js';
import { startStatusFor } from '../status/dashboard-side.js';

export interface Terminal {
  output: NodeJS.WriteStream;
  input: NodeJS.ReadStream;
}

export interface MountedDashboard {
  instance: Instance;
  /** Where frames go on a terminal (see src/terminal/screen.ts for why); null when the output is not one. */
  screen: Screen | null;
}

/**
 * The dashboard's tree rendered by Ink onto `terminal`, wired as on a real one: frames through a Screen with
 * the clock's live lines, keys split one per turn. `inkOptions` adds to Ink's options (the key benchmark reads
 * its render times); `link` follows the playback for the status socket.
 */
export function mountDashboard(
  api: Api, terminal: Terminal, inkOptions: Partial<RenderOptions> = {}, link: PlaybackLink | null = null, saveBudget?: number,
): MountedDashboard {
  const screen = terminal.output.isTTY ? createScreen(terminal.output, { maxFps: 30 }) : null;
  screen?.open();
  const keyboard = terminal.input.isTTY ? { stdin: createKeyboard(terminal.input) } : {};
  const common = { exitOnCtrlC: false, patchConsole: false, ...keyboard, ...inkOptions } as const;
  const options: RenderOptions = screen ? { ...common, stdout: screen.stream, debug: true } : { ...common, maxFps: 30 };
  const app = <App api={api} liveLines={screen?.liveLines ?? null} artMode={artModeFor('auto', process.env, false)} />;
  const instance = render(
    <SaveBudgetContext.Provider value={saveBudget}>
      <PlaybackLinkContext.Provider value={link}>{app}</PlaybackLinkContext.Provider>
    </SaveBudgetContext.Provider>,
    options,
  );
  return { instance, screen };
}

/** The dashboard until the user quits: on the embedded service, or on the one `options` name. */
export async function runDashboard(options: DashboardOptions): Promise<number> {
  // Before the embedded service starts (and creates a database); another service's answer is checked first,
  // since a wrong URL or token says more than the missing terminal.
  if (options.kind === 'embedded') requireTerminal(process.stdin, process.stdout);
  growHeapSlowly();
  const log = openLogFile(defaultLogPath());
  const connection = await connect(options, (line) => log.write(line));
  try {
    requireTerminal(process.stdin, process.stdout);
  } catch (error) {
    await connection.close();
    throw error;
  }
  const status = await startStatusFor(options, connection.api, process.env);
  // The embedded service does not rate-limit: saves start fast there (and would still slow down on a 429).
  const saveBudget = options.kind === 'embedded' ? UNLIMITED_SAVE_BUDGET : undefined;
  const { instance, screen } = mountDashboard(connection.api, { output: process.stdout, input: process.stdin }, {}, status.link, saveBudget);
  const guard = guardTerminal(log, () => screen?.close());
  const stop = (): void => instance.unmount();
  process.once('SIGTERM', stop);
  process.once('SIGHUP', stop);
  try {
    await instance.waitUntilExit();
  } finally {
    process.off('SIGTERM', stop);
    process.off('SIGHUP', stop);
    screen?.close();
    guard.release();
    await status.close();
    await connection.close();
  }
  return 0;
}
