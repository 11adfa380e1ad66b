import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { build } from 'esbuild';
import { bundleOptions, integrityWorkerOptions } from '../../scripts/bundle.mjs';
import { percentile, round, sleep, type Figure } from './figures.js';
import type { InkFloor } from './ink-floor.js';
import type { KeyRun, KeyRunResult } from './key-harness.js';
import { launchDashboard, openBigPlaylist, pausePlayback, pollUntil, programPath, reactBuildOf } from './program.js';

/** Keystroke-to-frame latency in the 10,000-item playlist: in-process (key-harness.tsx) and from outside (tmux). */

export const CURSOR_MOVES = 200;
const REORDER_MOVES = 50;
/** A key that changes nothing on screen within this long counts as "no frame". */
const OUTSIDE_WAIT_MS = 1_000;
const OUTSIDE_GAP_MS = 60;
const HARNESS_BUNDLE = 'node_modules/.cache/playdeck-bench/key-harness';

/**
 * Runs a bench child and reads the JSON line it prints last: bundled into `bundleDir` as the program is (the
 * code that ships, Ink's replaced files included), or with `bundleDir` null under tsx (sources, stock Ink).
 */
export async function runChild<T>(script: string, args: string[], reactBuild: 'production' | 'development', bundleDir: string | null): Promise<T> {
  let command = ['--import', 'tsx', script];
  if (bundleDir !== null) {
    await build(bundleOptions([script], bundleDir));
    await build(integrityWorkerOptions(bundleDir));
    command = [join(bundleDir, `${basename(script, extname(script))}.js`)];
  }
  const child = spawn(process.execPath, [...command, ...args], {
    env: { ...process.env, CI: undefined, CONTINUOUS_INTEGRATION: undefined, NODE_ENV: reactBuild },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
  return JSON.parse(output.trim().split('\n').at(-1)!) as T;
}

function latencyFigures(name: string, latencies: (number | null)[], method: string, budgets: Partial<Record<50 | 90 | 99, Pick<Figure, 'budget' | 'floor'>>>): Figure[] {
  const measured = latencies.filter((value): value is number => value !== null);
  const missed = latencies.length - measured.length;
  const note = missed > 0 ? `${missed} of ${latencies.length} keys changed nothing on screen` : undefined;
  return ([50, 90, 99] as const).map((p) => ({
    section: 'keys',
    name: `${name} p${p}`,
    value: round(percentile(measured, p)),
    unit: 'ms',
    ...budgets[p],
    method,
    ...(note === undefined ? {} : { note }),
  }));
}

function inProcessFigures(result: KeyRunResult, reactBuild: string): Figure[] {
  const [cursor, reorder] = result.runs as [KeyRun, KeyRun];
  const method =
    `in-process (bundled as the program, React ${reactBuild} build): App on the embedded service, keyboard.ts + screen.ts ` +
    'on an object terminal; key bytes → next terminal write';
  // Issue 21's goals are for the cursor (j); a move (J) keeps the earlier budgets.
  const cursorBudgets = { 50: { budget: { max: 4 } }, 99: { budget: { max: 10 } } };
  const moveBudgets = { 50: { budget: { max: 8 } }, 99: { budget: { max: 25 } } };
  const cpuPerKey = (key: string, run: KeyRun, count: number, max: number): Figure => ({
    section: 'keys',
    name: `CPU per key repaint (${key})`,
    value: round(run.cpuPerKeyMs),
    unit: 'ms',
    budget: { max },
    method: `process.cpuUsage() over the ${count} ${key} presses (service included) ÷ keys; ${run.writesPerKey.toFixed(2)} writes per key`,
  });
  return [
    ...latencyFigures(`in-process ${CURSOR_MOVES} × j`, cursor.samples.map((s) => s.toWriteMs), method, cursorBudgets),
    ...latencyFigures(`in-process ${REORDER_MOVES} × J (move)`, reorder.samples.map((s) => s.toWriteMs), method, moveBudgets),
    cpuPerKey('j', cursor, CURSOR_MOVES, 3),
    cpuPerKey('J', reorder, REORDER_MOVES, 5),
    {
      section: 'keys',
      name: 'Ink render per frame p50',
      value: round(percentile(result.inkRenderMs, 50)),
      unit: 'ms',
      method: "Ink's onRender renderTime (layout tree → text, React excluded) over every frame of both runs",
    },
  ];
}

function floorFigures(floor: InkFloor): Figure[] {
  const method = (what: string) =>
    `a bare app on stock Ink 6.8 at 120×40 (no playdeck code, none of our replaced Ink files) with ${what}, ` +
    "re-rendered 500 times: Ink's renderTime p50; the least any frame of a plain Ink app costs here";
  return [
    { section: 'keys', name: 'Ink floor: empty screen', value: round(floor.empty.renderMs), unit: 'ms', method: method('one changing character') },
    {
      section: 'keys',
      name: 'Ink floor: full screen of ASCII',
      value: round(floor.full.renderMs),
      unit: 'ms',
      method: `${method('39 rows of 120 ASCII characters')}; CPU per frame ${floor.full.cpuMs.toFixed(1)} ms (GC threads included)`,
    },
  ];
}

async function outsideLatencies(session: ReturnType<typeof launchDashboard>['session'], key: string, count: number) {
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
    // Bundled inside the project, so that the packages left out of the bundle are found as the program finds them.
    const harness = await runChild<KeyRunResult>('test/bench/key-harness.tsx', [join(dir, 'in-process.db')], reactBuild, HARNESS_BUNDLE);
    const figures = [
      ...inProcessFigures(harness, reactBuild),
      ...floorFigures(await runChild<InkFloor>('test/bench/ink-floor.tsx', [], reactBuild, null)),
    ];
    const dashboard = launchDashboard(join(dir, 'outside.db'));
    try {
      await pausePlayback(dashboard.session);
      await openBigPlaylist(dashboard.session);
      const method = `tmux 120×40: send-keys, then capture-pane as fast as tmux answers until the screen changes; ${OUTSIDE_GAP_MS} ms between keys`;
      figures.push(
        ...latencyFigures(`outside ${CURSOR_MOVES} × j`, await outsideLatencies(dashboard.session, 'j', CURSOR_MOVES), method, {
          50: { floor: { max: 40 } },
        }),
        ...latencyFigures(`outside ${REORDER_MOVES} × J (move)`, await outsideLatencies(dashboard.session, 'J', REORDER_MOVES), method, {}),
      );
    } finally {
      dashboard.stop();
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
