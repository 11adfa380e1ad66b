import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startInTmux, type TmuxSession } from '../helpers/tmux.js';
import { findInTree } from './proc.js';
import { spawnAndRead, stop } from './processes.js';

/**
 * The real program (`dist/cli.js`, embedded service in-process) in a real terminal: tmux at 120×40.
 * Shared by the sections that measure from outside.
 */

export const COLUMNS = 120;
export const ROWS = 40;
let program = 'dist/cli.js';
let node = process.execPath;

/** The built program the bench runs (`--program`, to compare another build); dist/cli.js by default. */
export function programPath(): string {
  return program;
}

export function useProgram(path: string): void {
  program = path;
}

/** The Node that runs the program and its floors (`--node`); the bench itself runs on the project's. */
export function programNode(): string {
  return node;
}

export function useNode(path: string): void {
  node = resolve(path);
  canRunService = undefined;
}

/** `v24.21.0`: the version of a Node binary. */
export function versionOf(binary: string): string {
  return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
}

export function majorOf(binary: string): number {
  return Number(/^v(\d+)/.exec(versionOf(binary))?.[1] ?? 0);
}

let canRunService: boolean | undefined;

/**
 * Whether the program's Node loads the native SQLite driver the embedded service needs: one built for another
 * Node's ABI does not load (npm fetches a prebuilt one for people; offline it cannot be built here).
 */
export function embeddedServiceRuns(): boolean {
  canRunService ??= spawnSync(node, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { stdio: 'ignore' }).status === 0;
  return canRunService;
}

/** The Node that runs `playdeck serve`: the program's when it can, else the bench's own. */
export function serviceNode(): string {
  return embeddedServiceRuns() ? node : process.execPath;
}

/** What a figure that needs the embedded service says on a Node that cannot load its driver. */
export function notOnThisNode(): string {
  return `not run on this Node (${versionOf(node)}): the embedded service's native SQLite driver is not built for it`;
}

/**
 * The workplace's NODE_EXTRA_CA_CERTS, if set: Node 20 parses that file at every process start (tens of ms),
 * Node 22 and later only when a TLS connection first needs it. Start figures are then measured both ways.
 */
export const EXTRA_CA_CERTS = process.env.NODE_EXTRA_CA_CERTS || undefined;

/** Whether the program's Node pays for NODE_EXTRA_CA_CERTS at start, so that start figures are shown with and without it. */
export function extraCaCostsAtStart(): boolean {
  return EXTRA_CA_CERTS !== undefined && majorOf(node) < 22;
}

/** A child environment without NODE_EXTRA_CA_CERTS (startInTmux leaves out what is undefined). */
export const WITHOUT_EXTRA_CA: Record<string, undefined> = { NODE_EXTRA_CA_CERTS: undefined };

/** The program's own default when NODE_ENV is unset (src/cli.tsx sets it before React loads). */
const DEFAULTS_TO_PRODUCTION = /process\.env(?:\.NODE_ENV|\[["']NODE_ENV["']\])\s*\?\?=\s*["']production["']/;

/**
 * The React build the program runs: a bundle that inlines React names the file it took; one that imports
 * React from node_modules gets the build NODE_ENV names, the program's own default when it is unset.
 */
export function reactBuildOf(path: string): 'production' | 'development' {
  const source = readFileSync(path, 'utf8');
  if (source.includes('react-reconciler.production')) return 'production';
  if (source.includes('react-reconciler.development')) return 'development';
  const fromEnvironment = process.env.NODE_ENV;
  if (fromEnvironment !== undefined) return fromEnvironment === 'production' ? 'production' : 'development';
  return DEFAULTS_TO_PRODUCTION.test(source) ? 'production' : 'development';
}

/** The now-playing line once the first playback answer is on screen: state, two spaces, the item's name. */
export const NOW_PLAYING = /(?:▶ Playing|❚❚ Paused) {2}\S/;
/** A row whose page has not arrived: the gutter and a lone `…`. */
const PLACEHOLDER_ROW = /[┃│][› ] …\s/;
const BIG_PLAYLIST = 'Ten Thousand Songs';

export interface RunningDashboard {
  session: TmuxSession;
  /** The node process of the dashboard (embedded service included). */
  pid(): number;
  /** The `playdeck serve` process beside it, when the dashboard runs on a service of its own (see launchDashboard). */
  servicePid?: number;
  /** How `playdeck status` names the dashboard's service: `--db DB`, or `--base-url URL`. */
  statusArgs: string[];
  stop(): void;
}

export interface LaunchOptions {
  /** Under `script -f -T`: every byte written to the terminal lands in `output`, each write with its time in `timing`. */
  script?: { output: string; timing: string };
  /** Added to the environment (e.g. XDG_RUNTIME_DIR for the status socket); undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** More arguments (`--config FILE`). */
  args?: string[];
}

/**
 * Starts `node <program> --db <db>` in tmux (the embedded service in the same process). On a Node that cannot
 * load the native driver (embeddedServiceRuns), the service runs as `playdeck serve --db <db>` under the bench's
 * Node and the dashboard on it (`--base-url`): the figure's note must say so (dashboard.servicePid is set).
 */
export async function launchDashboard(db: string, options: LaunchOptions = {}): Promise<RunningDashboard> {
  if (embeddedServiceRuns()) return launchProgram(['--db', db, ...(options.args ?? [])], options, ['--db', db]);
  const { child, values } = await startService(['--db', db]);
  const dashboard = launchProgram(['--base-url', values.base_url!, '--token', values.access_token!, ...(options.args ?? [])], options, [
    '--base-url',
    values.base_url!,
    '--token',
    values.access_token!,
  ]);
  return {
    ...dashboard,
    pid: dashboard.pid,
    servicePid: child.pid!,
    stop() {
      dashboard.stop();
      void stop(child);
    },
  };
}

/** `playdeck serve --port 0 ARGS` under serviceNode(), once it printed its base URL and token. */
export function startService(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; values: Record<string, string> }> {
  return spawnAndRead(serviceNode(), [program, 'serve', '--port', '0', ...args], ['base_url', 'access_token'], env);
}

/** What a figure measured on a dashboard from launchDashboard says when its service ran apart. */
export function serviceApartNote(dashboard: RunningDashboard): string | undefined {
  return dashboard.servicePid === undefined ? undefined : `the dashboard on ${versionOf(node)} against playdeck serve on ${process.version} (${notOnThisNode().replace(/^not run on this Node \([^)]*\): /, '')})`;
}

/** Starts `node <program> ARGS` in tmux at 120×40 (`--base-url URL --token T` for a dashboard alone). */
export function launchProgram(args: string[], { script, env }: LaunchOptions = {}, statusArgs: string[] = []): RunningDashboard {
  const line = [node, program, ...args];
  const command = script
    ? ['script', '-q', '-f', '-T', script.timing, '-c', line.map((part) => `'${part}'`).join(' '), script.output]
    : line;
  const session = startInTmux(command, { columns: COLUMNS, rows: ROWS, ...(env ? { env } : {}) });
  let pid: number | null = null;
  return {
    session,
    statusArgs,
    pid() {
      pid ??= findInTree(session.panePid(), program);
      if (pid === null) throw new Error(`no ${program} process in the pane; the screen was:\n${session.capture()}`);
      return pid;
    },
    stop() {
      // `script` outlives its tmux session (it ignores the hang-up) and keeps the program's terminal open, so
      // the program is ended by its pid first.
      try {
        process.kill(this.pid(), 'SIGTERM');
      } catch {
        // Already gone, or never found.
      }
      session.kill();
    },
  };
}

/**
 * Polls the screen until `test` holds and returns when it did (performance.now()), or null after `timeoutMs`.
 * Without `intervalMs`, as fast as tmux answers (a capture takes a few ms).
 */
export async function pollUntil(
  session: TmuxSession,
  test: (screen: string) => boolean,
  timeoutMs: number,
  intervalMs = 0,
): Promise<number | null> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (test(session.capture())) return performance.now();
    await new Promise((resolve) => (intervalMs > 0 ? setTimeout(resolve, intervalMs) : setImmediate(resolve)));
  }
  return null;
}

export function cursorLine(screen: string): string {
  return screen.split('\n').find((line) => /[┃│]› /.test(line)) ?? '';
}

export function hasPlaceholders(screen: string): boolean {
  return PLACEHOLDER_ROW.test(screen);
}

/** From the playlists, opens the 10,000-item playlist and waits for its first rows. */
export async function openBigPlaylist(session: TmuxSession): Promise<void> {
  await session.waitFor(BIG_PLAYLIST);
  for (let step = 0; step < 50 && !cursorLine(session.capture()).includes(BIG_PLAYLIST); step++) {
    const before = cursorLine(session.capture());
    session.sendKeys('j');
    await session.waitFor((screen) => cursorLine(screen) !== before, 5_000);
  }
  session.sendKeys('Enter');
  await session.waitFor((screen) => screen.includes('10,000 items') && /[┃│]› +1 {2}\S/.test(screen) && !hasPlaceholders(screen));
}

/** Pauses playback with Space, so that the clock stops and every later change on screen comes from a key. */
export async function pausePlayback(session: TmuxSession): Promise<void> {
  await session.waitFor(NOW_PLAYING);
  if (session.capture().includes('❚❚ Paused')) return;
  session.sendKeys('Space');
  await session.waitFor('❚❚ Paused');
}
