/**
 * `playdeck serve` as a real child process (the built `dist/cli.js`, as users run it), for tests that need
 * one: SIGKILL, signals, what it prints, what it listens on. The test run's global setup builds it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface ServeChild {
  child: ChildProcess;
  /** From the `base_url=` line, e.g. `http://127.0.0.1:PORT/v1`. */
  baseUrl: string;
  /** From the `access_token=` line. */
  accessToken: string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Everything written to stdout after the first two lines so far. */
  laterStdout(): string;
  /** Resolves when the process has exited, with its code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `serve ARGS` and resolves once it has printed its two lines; rejects (with stderr) if it exits first. */
export function spawnServe(args: readonly string[]): Promise<ServeChild> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let laterStdout = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const firstLines: string[] = [];
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (firstLines.length === 2) {
        laterStdout += `${line}\n`;
        return;
      }
      firstLines.push(line);
      if (firstLines.length < 2) return;
      const [baseLine, tokenLine] = firstLines as [string, string];
      if (!baseLine.startsWith('base_url=') || !tokenLine.startsWith('access_token=')) {
        child.kill('SIGKILL');
        reject(new Error(`serve printed ${JSON.stringify(firstLines)}`));
        return;
      }
      resolve({
        child,
        baseUrl: baseLine.slice('base_url='.length),
        accessToken: tokenLine.slice('access_token='.length),
        stderr: () => stderr,
        laterStdout: () => laterStdout,
        exited,
      });
    });
    void exited.then(({ code, signal }) => reject(new Error(`serve exited (${code ?? signal}) before it was ready: ${stderr}`)));
  });
}

/** Stops a child started by `spawnServe` (by its own pid) and waits for it to be gone. */
export async function stopServe(serve: ServeChild | undefined, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!serve || serve.child.exitCode !== null || serve.child.signalCode !== null) return;
  serve.child.kill(signal);
  await serve.exited;
}
