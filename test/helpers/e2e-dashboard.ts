/**
 * The built dashboard in tmux, as a user runs it, for the end-to-end tests: a throw-away home (database and
 * XDG folders), the session, its exit status, and readers for what the screen shows.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import stringWidth from 'string-width';
import { startInTmux, type TmuxSession } from './tmux.js';

/** The program `npm start` runs (the test run's global setup builds it). */
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** A fresh place for one test's files, so nothing reads or writes the real home. */
export interface Sandbox {
  dir: string;
  /** A database path inside `dir` (not created). */
  db: string;
  /** XDG folders and HOME inside `dir`, and no PLAYDECK_* variables from the outside. */
  env: Record<string, string | undefined>;
  remove(): void;
}

export function createSandbox(): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-e2e-'));
  const folders = { HOME: 'home', XDG_DATA_HOME: 'data', XDG_CONFIG_HOME: 'config', XDG_STATE_HOME: 'state', XDG_CACHE_HOME: 'cache' };
  const env: Record<string, string | undefined> = { PLAYDECK_BASE_URL: undefined, PLAYDECK_TOKEN: undefined, NO_COLOR: undefined, FORCE_COLOR: undefined };
  // No session bus unless a test brings its own: a dashboard under test never shows up on the desktop's.
  env.DBUS_SESSION_BUS_ADDRESS = undefined;
  for (const [name, folder] of Object.entries(folders)) {
    env[name] = join(dir, folder);
    mkdirSync(join(dir, folder));
  }
  return { dir, db: join(dir, 'playdeck.db'), env, remove: () => removeSandbox(dir) };
}

/**
 * How long a dashboard's first screen may take on a new database: it seeds the catalog first (about 2.5 s on
 * an idle machine), many times that when the suite's first files all start at once on two cores.
 */
export const FRESH_START_MS = 45_000;

/** How long a program started in a sandbox may take to quit once its session is ended, on a loaded machine. */
const QUIT_MS = 20_000;

/**
 * Removes the sandbox once no process runs in it any more. A dashboard whose tmux session was just ended quits
 * on its SIGHUP and writes its start frame as it goes, so removing at once raced it (ENOTEMPTY). Every program
 * a test starts in a sandbox has its working directory there, and so have the services they start.
 */
function removeSandbox(dir: string): void {
  if (!existsSync(dir)) return;
  const deadline = Date.now() + QUIT_MS;
  let running = processesIn(dir);
  while (running.length > 0 && Date.now() < deadline) {
    pauseSync(50);
    running = processesIn(dir);
  }
  // Past the deadline a program is stuck rather than slow: it is the test's own, so it goes.
  for (const pid of running) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
}

/** The processes whose working directory is `dir` or inside it. */
function processesIn(dir: string): number[] {
  const real = realpathSync(dir);
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      return cwd === real || cwd.startsWith(`${real}/`) ? [Number(entry)] : [];
    } catch {
      return []; // gone meanwhile, or another user's
    }
  });
}

/** Blocks this thread for `ms` (removal runs in synchronous clean-up hooks). */
function pauseSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export interface DashboardOptions {
  sandbox: Sandbox;
  columns?: number;
  rows?: number;
  /** A file that receives every byte the program writes to its terminal, escapes and all, from its start. */
  outputLog?: string;
  /** A command the program runs under, its arguments following (`unshare …`): it ends by running them. */
  prefix?: readonly string[];
}

/** The dashboard's tmux session, and the program in it. */
export interface Dashboard extends TmuxSession {
  /** The pid of the program itself (not of the shell around it). */
  programPid(): number;
  /**
   * Waits for the program to end: its exit status (128 + N when signal N ended it) and the rows it left on
   * the screen, `[exit N]` not included.
   */
  waitForExit(timeoutMs?: number): Promise<{ status: number; rows: string[] }>;
}

const EXIT_LINE = /^\[exit (\d+)\]$/m;

/**
 * `node dist/cli.js ARGS` in a fresh tmux session (120×40 unless told), run by a shell that then prints
 * `[exit N]` (128 + N after signal N) and keeps the pane open. Why not tmux's own `remain-on-exit` and
 * `pane_dead_status`: tmux can drop the last output of a pane that dies at once, and the shared tmux server
 * sometimes reaps an ended program only when the next one ends, so its status would not be known.
 */
export function startDashboard(args: readonly string[], { sandbox, columns = 120, rows = 40, outputLog, prefix = [] }: DashboardOptions): Dashboard {
  // With a log, the shell waits for a first Enter, so that the pipe is in place before the program starts.
  // After it ends, the terminal leaves the alternate screen (a program killed with SIGKILL could not) so that
  // `[exit N]` lands on a line of its own.
  const script = `${outputLog === undefined ? '' : 'read -r _; '}"$0" "$@"; printf '\\033[?1049l\\033[?25h\\r\\n[exit %s]\\n' "$?"; read -r _`;
  const session = startInTmux(['sh', '-c', script, ...prefix, process.execPath, CLI, ...args], { columns, rows, cwd: sandbox.dir, env: sandbox.env });
  if (outputLog !== undefined) {
    execFileSync('tmux', ['pipe-pane', '-t', session.name, `cat >> '${outputLog.replaceAll("'", `'\\''`)}'`]);
    session.sendKeys('Enter');
  }
  let pid: number | undefined;
  return {
    ...session,
    programPid: () => (pid ??= childOf(session.panePid())),
    async waitForExit(timeoutMs = 15_000) {
      const screen = await session.waitFor(EXIT_LINE, timeoutMs);
      const status = Number(EXIT_LINE.exec(screen)![1]);
      // The pipe into the output log can lag the screen: a test reads the log whole, up to the shell's own line.
      if (outputLog !== undefined) await fileHolding(outputLog, `[exit ${status}]`, timeoutMs);
      return { status, rows: rowsOf(screen).filter((row) => row.trim() !== '' && !EXIT_LINE.test(row)) };
    },
  };
}

/** What the file at `path` holds, once it holds `text` (an output log can lag the screen it is piped from). */
export async function fileHolding(path: string, text: string, timeoutMs = 15_000): Promise<string> {
  const started = Date.now();
  for (let content = readFileSync(path, 'utf8'); ; content = readFileSync(path, 'utf8')) {
    if (content.includes(text)) return content;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${JSON.stringify(text)} in ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The one child process of `parentPid`, found through /proc. */
function childOf(parentPid: number): number {
  const children = readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parentPid;
    } catch {
      return false; // gone meanwhile
    }
  });
  if (children.length !== 1) throw new Error(`process ${parentPid} has ${children.length} children, not one`);
  return Number(children[0]);
}

/** The screen's rows (a capture ends with a newline after the last row). */
export function rowsOf(screen: string): string[] {
  return screen.replace(/\n$/, '').split('\n');
}

/**
 * `test`, once the screen also reads the same as on the capture before: a capture can catch tmux halfway
 * through a large frame (a help page turned: its heading new, its lower rows still the page before's).
 */
export function whenSettled(test: (screen: string) => boolean): (screen: string) => boolean {
  let previous: string | undefined;
  return (screen) => {
    const settled = screen === previous;
    previous = screen;
    return settled && test(screen);
  };
}

/** The last row that holds anything: where the status line is (the root box is one row shorter than the terminal). */
export function statusLineOf(screen: string): string {
  return rowsOf(screen).findLast((row) => row.trim() !== '') ?? '';
}

/** The rows wider than `columns` terminal columns (none when the layout holds). */
export function rowsWiderThan(screen: string, columns: number): string[] {
  return rowsOf(screen).filter((row) => stringWidth(row) > columns);
}

export interface NowPlayingView {
  isPlaying: boolean;
  name: string;
  /** The clock's elapsed part, e.g. `1:05`. */
  elapsed: string;
  total: string;
}

// The pane's border is heavy (┃) while it has focus, light (│) otherwise.
// A liked item's name is followed by its ♥.
const STATE_ROW = /(▶ Playing|❚❚ Paused) {2}(.+?)(?: {2}♥)?\s*[│┃]/;
// The cover's half-blocks (or their placeholder) may stand before the clock.
const CLOCK_ROW = /[│┃] (?:[▀░]+ {2})?(\d+:\d{2}(?::\d{2})?) [━─]+ (\d+:\d{2}(?::\d{2})?) [│┃]/;

/** What the Now playing pane shows, or null while it shows nothing playing (or is not drawn yet). */
export function nowPlayingOf(screen: string): NowPlayingView | null {
  const state = STATE_ROW.exec(screen);
  const clock = CLOCK_ROW.exec(screen);
  if (!state || !clock) return null;
  return { isPlaying: state[1] === '▶ Playing', name: state[2]!, elapsed: clock[1]!, total: clock[2]! };
}

/** The resident memory of a process in bytes, from /proc (Linux). */
export function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** The left part of the status line: what just happened ('saving 1/2…', 'saved'); '' when nothing. */
export function statusMessageOf(screen: string): string {
  const line = statusLineOf(screen);
  const right = line.search(/\s{2,}\S[^│]*│ \? help/);
  return (right === -1 ? line : line.slice(0, right)).trim();
}

/** The start of a name as a list cell shows it (long names are cut with an ellipsis). */
export function cellPrefixOf(name: string): string {
  return name.slice(0, 12);
}

/** `2`, then Enter on the first playlist: resolves once its first item is on screen under the cursor. */
export function openFirstPlaylist(dashboard: TmuxSession, playlistName: string, firstItemName: string, timeoutMs = 15_000): Promise<string> {
  return openPlaylist(dashboard, 0, playlistName, firstItemName, timeoutMs);
}

/** `2`, `j` down to the playlist at `index`, Enter: resolves once its first item is on screen under the cursor. */
export async function openPlaylist(dashboard: TmuxSession, index: number, playlistName: string, firstItemName: string, timeoutMs = 15_000): Promise<string> {
  dashboard.sendKeys('2');
  await dashboard.waitFor(/› /, timeoutMs);
  if (index > 0) dashboard.sendKeys(...Array<string>(index).fill('j'));
  await dashboard.waitFor(`› ${playlistName}`, timeoutMs);
  dashboard.sendKeys('Enter');
  return dashboard.waitFor(new RegExp(`›\\s+1\\s+${escapeRegExp(cellPrefixOf(firstItemName))}`), timeoutMs);
}

/** The name cells of the items pane's first `count` rows, in screen order (cut names end with `…`). */
export function itemRowsOf(screen: string, count: number): string[] {
  const rows = rowsOf(screen).flatMap((row) => {
    // After the cursor: the mark (▌) or an entry to add (+), then the position.
    const match = /^[┃│].\s[\s▌+]*\d+\s{2}(.+?)\s{2,}/.exec(row);
    return match ? [match[1]!] : [];
  });
  return rows.slice(0, count);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
