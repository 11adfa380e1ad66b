import { EventEmitter } from 'node:events';
import stripAnsi from 'strip-ansi';
import { createApi } from '../../src/api/index.js';
import { mountDashboard } from '../../src/cli/dashboard.js';
import { startOrJoin } from '../../src/cli/embedded.js';
import { growHeapSlowly } from '../../src/cli/heap-flags.js';
import { DEFAULT_CONFIG } from '../../src/config/schema.js';
import type { ArtSetting as ArtMode } from '../../src/ui/art/mode.js';
import { COLUMNS, ROWS } from './program.js';

/**
 * What a track change costs with cover art, in-process: the dashboard mounted as the program mounts it, on the
 * embedded service, with the real API client (its picture cache in a folder of the bench's), on a terminal
 * that is an object. `n` moves to the next item CHANGES times (pictures not yet cached), then `p` as many times
 * back over the same items (cached: `p` within 3 s of an item's start goes to the one before).
 * Run as a child: `node art-harness.js DB CACHE_DIR MODE CHANGES`; prints one JSON line (ArtRunResult).
 */

export interface ArtChange {
  /** CPU (user + system) of the whole process from the key to the new item's picture written, and quiet. */
  cpuMs: number;
  /** Picture requests that left for the network (the disk cache answers the rest). */
  imageRequests: number;
  /** Bytes written to the terminal for the change (frame, picture). */
  bytes: number;
  /** Pictures sent for the terminal to draw (kitty graphics). */
  pictures: number;
}

export interface ArtRunResult {
  mode: ArtMode;
  cold: ArtChange[];
  cached: ArtChange[];
}

const NOW_PLAYING = /(?:▶ Playing|❚❚ Paused) {2}(\S.*?) *│/;
/** A frame with no writes this long after it is taken as finished (the clock ticks once a second). */
const QUIET_MS = 80;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class CountingTerminal extends EventEmitter {
  readonly isTTY = true;
  readonly columns = COLUMNS;
  readonly rows = ROWS;
  bytes = 0;
  pictures = 0;
  lastWriteAt = 0;
  write(data: string): boolean {
    this.bytes += Buffer.byteLength(data);
    this.pictures += data.split('\u001b_Ga=T,').length - 1;
    this.lastWriteAt = performance.now();
    return true;
  }
}

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

async function main(db: string, cacheDir: string, mode: ArtMode, changes: number): Promise<void> {
  growHeapSlowly(); // as runDashboard does
  const embedded = await startOrJoin({ db });
  let imageRequests = 0;
  const api = createApi({
    baseUrl: embedded.baseUrl,
    tokens: embedded.tokens,
    pictures: { cacheDir },
    onRequest: (_method, url) => void (url.includes('/images/') && imageRequests++),
  });
  const terminal = new CountingTerminal();
  const keys = new Keys();
  const { instance, screen } = mountDashboard(
    api,
    { output: terminal as unknown as NodeJS.WriteStream, input: keys as unknown as NodeJS.ReadStream },
    {}, null, { ...DEFAULT_CONFIG, art: { mode } }, false, undefined,
    // A terminal with 24-bit colour that names nothing else: auto would draw half-blocks.
    { env: { TERM: 'xterm-256color', COLORTERM: 'truecolor' } },
  );
  let frame = '';
  let frameAt = 0;
  const stream = screen!.stream;
  const writeFrame = stream.write.bind(stream);
  stream.write = ((text: string) => {
    frame = stripAnsi(text);
    frameAt = performance.now();
    return writeFrame(text);
  }) as typeof stream.write;

  const titleOf = (text: string): string | null => NOW_PLAYING.exec(text)?.[1] ?? null;
  // The new item's picture is in: no placeholder left (half-blocks drawn, or the terminal's box blank).
  const isSettled = (text: string): boolean => titleOf(text) !== null && (mode === 'off' || !text.includes('░'));
  const waitFor = async (test: () => boolean, what: string, timeoutMs = 10_000): Promise<void> => {
    const deadline = performance.now() + timeoutMs;
    while (!test()) {
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}; the last frame was:\n${frame}`);
      await sleep(5);
    }
  };
  const quiet = async (): Promise<void> => {
    for (;;) {
      const idle = performance.now() - terminal.lastWriteAt;
      if (idle >= QUIET_MS) return;
      await sleep(QUIET_MS - idle);
    }
  };
  const change = async (key: string): Promise<ArtChange> => {
    await quiet();
    const title = titleOf(frame);
    const before = { cpu: process.cpuUsage(), requests: imageRequests, bytes: terminal.bytes, pictures: terminal.pictures };
    keys.emit('data', Buffer.from(key));
    await waitFor(() => titleOf(frame) !== title && isSettled(frame), `the item after "${title}"`);
    // The screen writer draws a frame up to a frame time later (30 a second), the terminal's picture with it.
    await waitFor(() => terminal.lastWriteAt >= frameAt, 'the frame on the terminal');
    await quiet();
    const cpu = process.cpuUsage(before.cpu);
    return {
      cpuMs: (cpu.user + cpu.system) / 1000,
      imageRequests: imageRequests - before.requests,
      bytes: terminal.bytes - before.bytes,
      pictures: terminal.pictures - before.pictures,
    };
  };

  await waitFor(() => isSettled(frame), 'the first item and its picture', 20_000);
  const cold: ArtChange[] = [];
  for (let index = 0; index < changes; index++) cold.push(await change('n'));
  const cached: ArtChange[] = [];
  for (let index = 0; index < changes; index++) cached.push(await change('p'));
  process.stdout.write(`${JSON.stringify({ mode, cold, cached } satisfies ArtRunResult)}\n`);
  instance.unmount();
  screen!.close();
  await embedded.close();
}

const [db, cacheDir, mode, changes] = process.argv.slice(2);
main(db!, cacheDir!, mode as ArtMode, Number(changes)).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`art harness: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
