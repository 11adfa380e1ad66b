import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { build } from 'esbuild';
import { bundleOptions, integrityWorkerOptions } from '../../scripts/bundle.mjs';
import { sleep, type Figure } from './figures.js';
import type { InkFloor } from './ink-floor.js';
import type { ListFloor } from './ink-list-floor.js';
import { inkFloorFigures, inProcessFigures, latencyFigures, listFloorFigures } from './key-figures.js';
import { MOVES, type HarnessSpec, type KeyRunResult } from './key-runs.js';
import { stop } from './processes.js';
import { embeddedServiceRuns, launchDashboard, openBigPlaylist, pausePlayback, pollUntil, programNode, programPath, reactBuildOf, serviceApartNote, startService, versionOf } from './program.js';

/**
 * Keystroke-to-frame latency and CPU per key: in-process (key-harness.tsx) in the 10,000-item playlist, Liked
 * songs (10,000) and search results, first pass and steady state apart, beside the key floor (ink-list-floor.tsx,
 * stock Ink moving a cursor down a windowed list, warmed alike); and from outside (tmux).
 */

export const CURSOR_MOVES = 200;
const LIKED_SONGS = 10_000;
const LIST_FLOOR_BUNDLE = 'node_modules/.cache/playdeck-bench/list-floor';
let profilePath: string | undefined;

/** `--cpu-profile FILE`: the harness records its key runs there (Chrome DevTools' .cpuprofile). */
export function setKeyProfile(path: string): void {
  profilePath = path;
}
/** A key that changes nothing on screen within this long counts as "no frame". */
const OUTSIDE_WAIT_MS = 1_000;
const OUTSIDE_GAP_MS = 60;
const HARNESS_BUNDLE = 'node_modules/.cache/playdeck-bench/key-harness';

/**
 * Runs a bench child on the program's Node and reads the JSON line it prints last: bundled into `bundleDir` as
 * the program is (the code that ships, Ink's replaced files included; with `stockInk`, none of them: a floor), or
 * with `bundleDir` null under tsx (sources, stock Ink).
 */
export async function runChild<T>(
  script: string,
  args: string[],
  reactBuild: 'production' | 'development',
  bundleDir: string | null,
  { stockInk = false, nodeFlags = [] }: { stockInk?: boolean; nodeFlags?: string[] } = {},
): Promise<T> {
  let command = ['--import', 'tsx', script];
  if (bundleDir !== null) {
    const options = bundleOptions([script], bundleDir);
    if (stockInk) options.plugins = (options.plugins ?? []).filter((plugin: { name: string }) => plugin.name !== 'faster-ink');
    await build(options);
    await build(integrityWorkerOptions(bundleDir));
    command = [join(bundleDir, `${basename(script, extname(script))}.js`)];
  }
  const child = spawn(programNode(), [...nodeFlags, ...command, ...args], {
    env: { ...process.env, CI: undefined, CONTINUOUS_INTEGRATION: undefined, NODE_ENV: reactBuild },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
  return JSON.parse(output.trim().split('\n').at(-1)!) as T;
}

async function outsideLatencies(session: Awaited<ReturnType<typeof launchDashboard>>['session'], key: string, count: number) {
  const latencies: (number | null)[] = [];
  let misses = 0;
  for (let index = 0; index < count; index++) {
    const before = session.capture();
    const pressedAt = performance.now();
    session.sendKeys(key);
    const changedAt = await pollUntil(session, (screen) => screen !== before, OUTSIDE_WAIT_MS);
    latencies.push(changedAt === null ? null : changedAt - pressedAt);
    misses = changedAt === null ? misses + 1 : 0;
    if (misses >= 5) break; // The key does nothing here: waiting out the rest would only take time.
    await sleep(OUTSIDE_GAP_MS);
  }
  return latencies;
}

export async function benchKeys(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-keys-'));
  try {
    // With the React build the program runs, so that the figures are the program's.
    const reactBuild = reactBuildOf(programPath());
    // A database with 10,000 liked songs, seeded by serve; the harness runs on it embedded, or on that service
    // where the program's Node cannot load the native driver.
    const db = join(dir, 'in-process.db');
    const service = await startService(['--db', db, '--liked-songs', String(LIKED_SONGS)]);
    const embedded = embeddedServiceRuns();
    if (embedded) await stop(service.child);
    const spec: HarnessSpec = embedded ? { db } : { baseUrl: service.values.base_url!, token: service.values.access_token! };
    if (profilePath !== undefined) spec.profile = profilePath;
    const where = embedded ? 'the embedded service' : `playdeck serve on ${process.version} (the native driver is not built for ${versionOf(programNode())})`;
    let harness: KeyRunResult;
    try {
      // Bundled inside the project, so that the packages left out of the bundle are found as the program finds them.
      harness = await runChild<KeyRunResult>('test/bench/key-harness.tsx', [JSON.stringify(spec)], reactBuild, HARNESS_BUNDLE);
    } finally {
      if (!embedded) await stop(service.child);
    }
    const listFloor = await runChild<ListFloor>('test/bench/ink-list-floor.tsx', [], 'production', LIST_FLOOR_BUNDLE, { stockInk: true });
    const figures = [
      ...listFloorFigures(listFloor, versionOf(programNode())),
      ...inProcessFigures(harness, reactBuild, where, listFloor),
      ...inkFloorFigures(await runChild<InkFloor>('test/bench/ink-floor.tsx', [], reactBuild, null)),
    ];
    const dashboard = await launchDashboard(join(dir, 'outside.db'));
    try {
      await pausePlayback(dashboard.session);
      await openBigPlaylist(dashboard.session);
      const apart = serviceApartNote(dashboard);
      const method = `tmux 120×40: send-keys, then capture-pane as fast as tmux answers until the screen changes; ${OUTSIDE_GAP_MS} ms between keys${apart ? `; ${apart}` : ''}`;
      figures.push(
        ...latencyFigures(`outside ${CURSOR_MOVES} × j`, await outsideLatencies(dashboard.session, 'j', CURSOR_MOVES), method, {
          50: { floor: { max: 40 } },
        }),
        ...latencyFigures(`outside ${MOVES} × J (move)`, await outsideLatencies(dashboard.session, 'J', MOVES), method, {}),
      );
    } finally {
      dashboard.stop();
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
