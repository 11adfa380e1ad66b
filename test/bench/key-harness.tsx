import { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import stripAnsi from 'strip-ansi';
import { connect } from '../../src/cli/connect.js';
import { mountDashboard } from '../../src/cli/dashboard.js';
import { growHeapSlowly } from '../../src/cli/heap-flags.js';
import { FIRST_PASS, LISTS, MOVES, STEADY, type HarnessSpec, type KeyRun, type KeyRunResult, type KeySample } from './key-runs.js';
import { ObjectTerminal } from './object-terminal.js';

/**
 * Key-to-frame latency in-process: the dashboard mounted as the program mounts it (src/cli/dashboard.tsx:
 * embedded service, the real API client, keys split, Ink's faster output, screen.ts writing changed cells),
 * on a terminal that is an object. For each key: from the terminal's 'data' event to the next write to the terminal.
 * Run as a child: `node key-harness.js '{"db":"DB"}'` (or `{"baseUrl":…,"token":…}` for a dashboard on a
 * service), `"profile":"FILE.cpuprofile"` to record the key runs (not the start) for Chrome DevTools; prints one
 * JSON line (KeyRunResult). Each list is walked with `FIRST_PASS` keys, then `STEADY` more, reported apart: the
 * first pass carries the JIT's warm-up, the steady state is what a key costs all day.
 */

const KEY_WAIT_MS = 1_000;
/** A list at its end changes nothing: after this many keys in a row without a write the run stops. */
const MISSES_TO_STOP = 5;
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

async function main(spec: HarnessSpec): Promise<void> {
  growHeapSlowly(); // as runDashboard does
  const connection = await connect(spec.baseUrl === undefined ? { kind: 'embedded', db: spec.db } : { kind: 'remote', baseUrl: spec.baseUrl, token: spec.token! });
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
  const run = async (list: string, key: string, sequence: string, count: number): Promise<KeyRun> => {
    await quiet();
    const writesBefore = terminal.writes;
    const cpuBefore = process.cpuUsage();
    const samples: KeySample[] = [];
    let misses = 0;
    for (let index = 0; index < count && misses < MISSES_TO_STOP; index++) {
      const sample = await measure(sequence);
      samples.push(sample);
      misses = sample.toWriteMs === null ? misses + 1 : 0;
    }
    await quiet();
    const cpu = process.cpuUsage(cpuBefore);
    // Keys that changed nothing (the end of a list) are left out of the CPU per key, and their wait too.
    const keys = Math.max(1, samples.filter((sample) => sample.toWriteMs !== null).length);
    return { list, key, samples, cpuPerKeyMs: (cpu.user + cpu.system) / 1000 / keys, writesPerKey: (terminal.writes - writesBefore) / keys };
  };
  /** The first pass, then the steady state, of `key` in `list`. */
  const walk = async (list: string, key: string, sequence: string): Promise<KeyRun[]> => [
    await run(list, `${key} (first pass)`, sequence, FIRST_PASS),
    await run(list, `${key} (steady)`, sequence, STEADY),
  ];

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

  const profiler = spec.profile === undefined ? null : new Session();
  profiler?.connect();
  await profiler?.post('Profiler.enable');
  await profiler?.post('Profiler.start');
  const runs = [...(await walk(LISTS.playlist, 'j', 'j')), await run(LISTS.playlist, 'J (move item down)', 'J', MOVES)];
  // 6: Liked songs, the cursor on its first row.
  press('6');
  await waitForFrame((text) => /Liked songs · [\d,]+/.test(text) && /[┃│]› \S/.test(text) && !/[┃│][› ] …\s/.test(text), 20_000);
  runs.push(...(await walk(LISTS.liked, 'j', 'j')));
  // f and a query: the results grouped by kind, walked by ↓ (every other key types into the query).
  press('f');
  for (const char of spec.query ?? 'the') press(char);
  await waitForFrame((text) => text.includes('Tracks · ') && /[┃│]› /.test(text), 20_000);
  runs.push(...(await walk(LISTS.search, '↓', '\x1b[B')));
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(spec.profile!, JSON.stringify(profile));
    profiler.disconnect();
  }
  process.stdout.write(`${JSON.stringify({ runs, inkRenderMs } satisfies KeyRunResult)}\n`);
  instance.unmount();
  screen!.close();
  await connection.close();
}

main(JSON.parse(process.argv[2]!) as HarnessSpec).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`key harness: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
