import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/**
 * Drives a real program in a real terminal: a detached tmux session of a fixed size. Used by the end-to-end
 * tests, the screenshot script and the benchmark, so the timing of "send keys, wait for the screen" lives here once.
 */
export interface TmuxSession {
  readonly name: string;
  /** The visible screen as text; with `{ escapes: true }` it keeps colours and attributes as SGR sequences. */
  capture(options?: { escapes?: boolean }): string;
  /** tmux key names: 'j', 'Enter', 'Escape', 'Tab', 'BTab', 'S-Down', 'C-r', 'Space', 'PageDown'... */
  sendKeys(...keys: string[]): void;
  /** Types text literally. */
  type(text: string): void;
  waitFor(match: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  resize(columns: number, rows: number): void;
  /** The pid of the program the session runs (its shell's child when run through `sh -c`). */
  panePid(): number;
  isAlive(): boolean;
  kill(): void;
}

export interface TmuxOptions {
  columns?: number;
  rows?: number;
  cwd?: string;
  env?: Record<string, string | undefined>;
}

function tmux(...args: string[]): string {
  return execFileSync('tmux', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * How long to wait before the next look at the screen, after `waitedMs` of waiting: 25 ms at first, so that a
 * key's answer is seen at once, growing to 100 ms over a long wait (a start, a retry's backoff). Each look runs
 * a tmux client, some milliseconds of CPU: polling every 25 ms through a 40 s wait took a good part of a core
 * from the program under test and from the tests running beside it.
 */
function pollDelayMs(waitedMs: number): number {
  return Math.min(100, 25 + waitedMs / 20);
}

export function startInTmux(command: string[], options: TmuxOptions = {}): TmuxSession {
  const name = `playdeck-${process.pid}-${randomBytes(4).toString('hex')}`;
  const columns = options.columns ?? 120;
  const rows = options.rows ?? 40;
  // Ink renders nothing while CI is set: the program must see a terminal, not a CI log.
  const env = { ...process.env, TERM: 'xterm-256color', ...options.env, CI: undefined, CONTINUOUS_INTEGRATION: undefined };
  const assignments = Object.entries(env)
    .filter(([key, value]) => value !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
    .map(([key, value]) => `${key}=${shellQuote(value as string)}`);
  const line = `exec env -i ${assignments.join(' ')} ${command.map(shellQuote).join(' ')}`;
  tmux('new-session', '-d', '-s', name, '-x', String(columns), '-y', String(rows), '-c', options.cwd ?? process.cwd(), line);
  // Keep the pane after the program exits so its last words can still be read.
  tmux('set-option', '-t', name, 'remain-on-exit', 'on');

  const session: TmuxSession = {
    name,
    capture: ({ escapes = false } = {}) => tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', name),
    sendKeys: (...keys) => void tmux('send-keys', '-t', name, ...keys),
    type: (text) => void tmux('send-keys', '-t', name, '-l', text),
    async waitFor(match, timeoutMs = 10_000) {
      const test =
        typeof match === 'function' ? match : typeof match === 'string' ? (s: string) => s.includes(match) : (s: string) => match.test(s);
      const started = Date.now();
      let screen = session.capture();
      while (!test(screen)) {
        const waited = Date.now() - started;
        if (waited > timeoutMs) {
          throw new Error(`timed out after ${timeoutMs} ms waiting for ${String(match)}; the screen was:\n${screen}`);
        }
        await new Promise((resolve) => setTimeout(resolve, pollDelayMs(waited)));
        screen = session.capture();
      }
      return screen;
    },
    resize: (newColumns, newRows) => void tmux('resize-window', '-t', name, '-x', String(newColumns), '-y', String(newRows)),
    panePid: () => Number(tmux('display-message', '-p', '-t', name, '#{pane_pid}').trim()),
    isAlive: () => tmux('display-message', '-p', '-t', name, '#{pane_dead}').trim() === '0',
    kill: () => {
      try {
        tmux('kill-session', '-t', name);
      } catch {
        // Already gone.
      }
    },
  };
  return session;
}
