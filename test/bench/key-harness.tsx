import { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import stripAnsi from 'strip-ansi';
import { connect } from '../../src/cli/connect.js';
import { mountDashboard } from '../../src/cli/dashboard.js';
import { growHeapSlowly } from '../../src/cli/heap-flags.js';
import { ObjectTerminal } from './object-terminal.js';

/**
 * Key-to-frame latency in-process: the dashboard mounted as the program mounts it (src/cli/dashboard.tsx:
 * embedded service, the real API client, keys split, Ink's faster output, screen.ts writing changed cells),
 * on a terminal that is an object. For each key: from the terminal's 'data' event to the next write to the terminal.
 * Run as a child: `node --import tsx test/bench/key-harness.tsx DB [PROFILE.cpuprofile]`; prints one JSON line
 * (KeyRunResult). With a profile path, the key runs (not the start) are recorded there for Chrome DevTools.
 */

export interface KeySample {
  /** From the key's bytes arriving to the write that followed; null when nothing was written within the wait. */
  toWriteMs: number | null;
  /** From the key to the frame Ink built (before screen.ts compares and writes). */
  toFrameMs: number | null;
}

export interface KeyRun {
  key: string;
  samples: KeySample[];
  /** CPU (user + system) of the whole process during the run, divided by the keys. */
  cpuPerKeyMs: number;
  /** Frames written to the terminal during the run, divided by the keys. */
  writesPerKey: number;
}

export interface KeyRunResult {
  runs: KeyRun[];
  /** Ink's own time to turn the tree into text, per frame, over every run (its `onRender` metric). */
  inkRenderMs: number[];
}

const KEY_WAIT_MS = 1_000;
/** Longer than a frame at 30 fps: screen.ts then writes at once, so its throttle does not count as latency. */
const QUIET_MS = 50;

class Keys extends EventEmitter {
  readonly isTTY = true;
  setRawMode(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(db: string, profilePath?: string): Promise<void> {
  growHeapSlowly(); // as runDashboard does
  const connection = await connect({ kind: 'embedded', db });
  const terminal = new ObjectTerminal();
  const keys = new Keys();
  const inkRenderMs: number[] = [];
  const { instance, screen } = mountDashboard(
    connection.api,
    { output: terminal as unknown as NodeJS.WriteStream, input: keys as unknown as NodeJS.ReadStream },
    { onRender: ({ renderTime }) => inkRenderMs.push(renderTime) },
  );
  let frame = '';
  let frames = 0;
  let lastFrameAt = 0;
  // Ink looks up `write` at each frame: wrapped now, it sees every frame from the first data on.
  const stream = screen!.stream;
  const writeFrame = stream.write.bind(stream);
  stream.write = ((text: string) => {
    frame = text;
    frames++;
    lastFrameAt = performance.now();
    return writeFrame(text);
  }) as typeof stream.write;

  const waitForFrame = async (test: (text: string) => boolean, timeoutMs = 10_000): Promise<string> => {
    const deadline = performance.now() + timeoutMs;
    while (!test(stripAnsi(frame))) {
      if (performance.now() > deadline) throw new Error(`timed out; the last frame was:\n${stripAnsi(frame)}`);
      await sleep(10);
    }
    return stripAnsi(frame);
  };
  const press = (sequence: string): void => void keys.emit('data', Buffer.from(sequence));
  const quiet = async (): Promise<void> => {
    for (;;) {
      const idle = performance.now() - Math.max(terminal.lastWriteAt, lastFrameAt);
      if (idle >= QUIET_MS) return;
      await sleep(QUIET_MS - idle);
    }
  };
  const cursorLine = (text: string): string => text.split('\n').find((line) => /[┃│]› /.test(line)) ?? '';

  const measure = async (sequence: string): Promise<KeySample> => {
    await quiet();
    const writesBefore = terminal.writes;
    const framesBefore = frames;
    const pressedAt = performance.now();
    let frameAt: number | null = null;
    const written = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => (terminal.off('wrote', onWrite), resolve(null)), KEY_WAIT_MS);
      const onWrite = (): void => {
        terminal.off('wrote', onWrite);
        clearTimeout(timer);
        resolve(terminal.lastWriteAt);
      };
      terminal.on('wrote', onWrite);
    });
    press(sequence);
    const writeAt = await written;
    if (frames > framesBefore) frameAt = lastFrameAt; // the last one before the write, close enough when one frame
    return {
      toWriteMs: writeAt === null || terminal.writes === writesBefore ? null : writeAt - pressedAt,
      toFrameMs: frameAt === null ? null : frameAt - pressedAt,
    };
  };
  const run = async (key: string, sequence: string, count: number): Promise<KeyRun> => {
    await quiet();
    const writesBefore = terminal.writes;
    const cpuBefore = process.cpuUsage();
    const samples: KeySample[] = [];
    for (let index = 0; index < count; index++) samples.push(await measure(sequence));
    await quiet();
    const cpu = process.cpuUsage(cpuBefore);
    return {
      key,
      samples,
      cpuPerKeyMs: (cpu.user + cpu.system) / 1000 / count,
      writesPerKey: (terminal.writes - writesBefore) / count,
    };
  };

  // Paused, so that the clock does not write: every write after a key is the key's.
  await waitForFrame((text) => /(?:▶ Playing|❚❚ Paused) {2}\S/.test(text));
  if (!frame.includes('❚❚ Paused')) {
    press(' ');
    await waitForFrame((text) => text.includes('❚❚ Paused'));
  }
  await waitForFrame((text) => text.includes('Ten Thousand Songs'));
  for (let step = 0; step < 50 && !cursorLine(stripAnsi(frame)).includes('Ten Thousand Songs'); step++) {
    const before = cursorLine(stripAnsi(frame));
    press('j');
    await waitForFrame((text) => cursorLine(text) !== before);
  }
  press('\r');
  await waitForFrame((text) => text.includes('10,000 items') && /[┃│]› +1 {2}\S/.test(text));
  inkRenderMs.length = 0;

  const profiler = profilePath === undefined ? null : new Session();
  profiler?.connect();
  await profiler?.post('Profiler.enable');
  await profiler?.post('Profiler.start');
  const runs = [await run('j (cursor down)', 'j', 200), await run('J (move item down)', 'J', 50)];
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(profilePath!, JSON.stringify(profile));
    profiler.disconnect();
  }
  process.stdout.write(`${JSON.stringify({ runs, inkRenderMs } satisfies KeyRunResult)}\n`);
  instance.unmount();
  screen!.close();
  await connection.close();
}

main(process.argv[2]!, process.argv[3]).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`key harness: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
