import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ArtSetting as ArtMode } from '../../src/ui/art/mode.js';
import { coverPng } from '../../src/service/images/cover-picture.js';
import { coverCells } from '../../src/ui/art/cover-cells.js';
import { decodeImage } from '../../src/ui/art/decode.js';
import { picturePng } from '../../src/ui/art/picture-png.js';
import { kittyImage } from '../../src/terminal/kitty.js';
import type { ArtChange, ArtRunResult } from './art-harness.js';
import { median, percentile, round, sleep, type Figure } from './figures.js';
import { terminalOutput } from './idle.js';
import { runChild } from './keys.js';
import { cpuSeconds, processTree } from './proc.js';
import { launchDashboard, programPath, reactBuildOf } from './program.js';

/**
 * Cover art's costs: a track change with a picture (requests, CPU, bytes; in-process, art-harness.tsx), the
 * decoding, scaling and encoding alone, and the dashboard left alone while one item plays with art on and off
 * (from outside, as the idle section measures).
 */

const MODES: readonly ArtMode[] = ['off', 'blocks', 'kitty'];
const CHANGES = 8;
const HARNESS_BUNDLE = 'node_modules/.cache/playdeck-bench/art-harness';
const PLAYING = /▶ Playing {2}\S/;
const BOX = { columns: 10, rows: 5 };

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

function changeFigures(result: ArtRunResult, reactBuild: string): Figure[] {
  const where = `in-process (bundled, React ${reactBuild} build) at 120×40 on the embedded service, art mode ${result.mode}`;
  const rounds: [string, ArtChange[], string][] = [
    ['not cached', result.cold, `${CHANGES} presses of n, each to a new item`],
    ['cached', result.cached, `${CHANGES} presses of p back over the same items, their pictures on disk`],
  ];
  return rounds.flatMap(([label, changes, how]): Figure[] => [
    {
      section: 'art',
      name: `track change CPU, ${result.mode}, ${label}`,
      value: round(median(changes.map((change) => change.cpuMs)), 1),
      unit: 'ms',
      method: `median CPU (user+system) of the whole process (service included) from the key to the new item's picture written and 80 ms quiet; ${how}; ${where}`,
    },
    {
      section: 'art',
      name: `image requests per track change, ${result.mode}, ${label}`,
      value: round(Math.max(...changes.map((change) => change.imageRequests)), 0),
      unit: 'count',
      ...(result.mode === 'off' || label === 'cached' ? { budget: { max: 0 } } : { budget: { max: 1 } }),
      method: `most picture requests that left for the network in one change (${sum(changes.map((change) => change.imageRequests))} in all); ${how}`,
    },
    {
      section: 'art',
      name: `bytes to the terminal per track change, ${result.mode}, ${label}`,
      value: round(median(changes.map((change) => change.bytes)), 0),
      unit: 'B',
      method: `median bytes written for the change (frame and picture; ${sum(changes.map((change) => change.pictures))} kitty pictures sent in ${changes.length} changes); ${how}`,
    },
  ]);
}

/**
 * Median and 90th percentile of the CPU time (user + system, ms) of `run` over pictures of many ids, after a
 * warm-up pass: CPU rather than wall time, which other work on the machine stretches.
 */
function timed<T>(inputs: readonly T[], run: (input: T) => unknown): { p50: number | null; p90: number | null } {
  for (const input of inputs) run(input);
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const input of inputs) {
      const start = process.cpuUsage();
      run(input);
      const cpu = process.cpuUsage(start);
      times.push((cpu.user + cpu.system) / 1000);
    }
  }
  return { p50: median(times), p90: percentile(times, 90) };
}

function decodeFigures(): Figure[] {
  const ids = Array.from({ length: 40 }, (_, index) => `album-${index}`);
  const small = ids.map((id) => coverPng(id, 64));
  const large = ids.map((id) => coverPng(id, 300));
  const blocks = timed(small, (png) => coverCells(decodeImage(png), BOX.columns, BOX.rows, 'truecolor'));
  const kitty = timed(large, (png) => kittyImage(picturePng(decodeImage(png), BOX.columns, BOX.rows), BOX.columns, BOX.rows, 1));
  const sizes = large.map((png) => kittyImage(picturePng(decodeImage(png), BOX.columns, BOX.rows), BOX.columns, BOX.rows, 1).length);
  const method = (what: string) => `CPU time of ${what}, the service's pictures of 40 ids × 5 rounds after a warm-up, in the bench's process (tsx)`;
  return [
    { section: 'art', name: 'decode+scale+encode, half-blocks p50', value: round(blocks.p50, 3), unit: 'ms', method: method('64 px PNG decoded, scaled to 10×10 pixels, 10×5 cells of half-blocks in 24-bit colour') },
    { section: 'art', name: 'decode+scale+encode, half-blocks p90', value: round(blocks.p90, 3), unit: 'ms', method: method('the same work') },
    { section: 'art', name: 'decode+scale+encode, kitty p50', value: round(kitty.p50, 3), unit: 'ms', method: method('300 px PNG decoded, scaled to 160×160, encoded as PNG and as the kitty sequence') },
    { section: 'art', name: 'decode+scale+encode, kitty p90', value: round(kitty.p90, 3), unit: 'ms', method: method('the same work') },
    { section: 'art', name: 'kitty picture size p50', value: round(median(sizes), 0), unit: 'B', method: 'the escape sequences of one picture (10×5 cells, 160×160 PNG in base64), median over the 40 ids' },
  ];
}

async function idleFigures(dir: string, mode: ArtMode, warmUpMs: number, windowMs: number): Promise<Figure[]> {
  const config = join(dir, `${mode}.toml`);
  writeFileSync(config, `[art]\nmode = "${mode}"\n`);
  const script = { output: join(dir, `${mode}.typescript`), timing: join(dir, `${mode}.timing`) };
  const env = { XDG_CACHE_HOME: join(dir, 'cache'), XDG_STATE_HOME: join(dir, 'state') };
  const dashboard = await launchDashboard(join(dir, `${mode}.db`), { script, args: ['--config', config], env });
  try {
    await dashboard.session.waitFor(PLAYING, 20_000);
    await sleep(warmUpMs);
    const tree = processTree(dashboard.pid());
    const cpuBefore = cpuSeconds(tree);
    const outputBefore = terminalOutput(script.output, script.timing);
    const startedAt = performance.now();
    await sleep(windowMs);
    const cpu = cpuSeconds(tree) - cpuBefore;
    const output = terminalOutput(script.output, script.timing);
    const seconds = (performance.now() - startedAt) / 1000;
    const note = PLAYING.test(dashboard.session.capture()) ? {} : { note: 'the item was no longer playing at the end of the window' };
    const where = `${Math.round(seconds)} s at 120×40 in tmux (blocks: 256 colours) after ${warmUpMs / 1000} s of warm-up, one item playing, [art] mode = "${mode}"`;
    return [
      { section: 'art', name: `idle CPU, art ${mode}`, value: round((cpu / seconds) * 100, 3), unit: '%', budget: { max: 0.5 }, method: `utime+stime of the process tree, ${where}; % of one core`, ...note },
      { section: 'art', name: `idle bytes to the terminal, art ${mode}`, value: round((output.bytes - outputBefore.bytes) / seconds, 1), unit: 'B/s', budget: { max: 400 }, method: `growth of the typescript of script -f, ${where}`, ...note },
    ];
  } finally {
    dashboard.stop();
  }
}

export async function benchArt({ warmUpMs = 5_000, windowMs = 20_000 } = {}): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-art-'));
  try {
    const reactBuild = reactBuildOf(programPath());
    const figures: Figure[] = [];
    for (const mode of MODES) {
      const args = [join(dir, `harness-${mode}.db`), join(dir, `harness-cache-${mode}`), mode, String(CHANGES)];
      figures.push(...changeFigures(await runChild<ArtRunResult>('test/bench/art-harness.tsx', args, reactBuild, HARNESS_BUNDLE), reactBuild));
    }
    figures.push(...decodeFigures());
    for (const mode of MODES) figures.push(...(await idleFigures(dir, mode, warmUpMs, windowMs)));
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
