import { percentile, round, type Figure } from './figures.js';
import type { InkFloor } from './ink-floor.js';
import type { ListFloor } from './ink-list-floor.js';
import { FIRST_PASS, LISTS, MOVES, STEADY, type KeyRun, type KeyRunResult } from './key-runs.js';

/** The keys section's figures from the key harness's runs and the two Ink floors, with the ratios the goals read. */

export type Pass = 'first pass' | 'steady';

/** `CPU per j, the 10,000-item playlist, steady`: the name of a harness figure, which the goals table reads. */
export function cpuPerKeyName(list: string, pass: Pass): string {
  return `CPU per ${list === LISTS.search ? '↓' : 'j'}, ${list}, ${pass}`;
}

export function keyFloorName(pass: Pass): string {
  return `key floor: CPU per j, windowed list, ${pass}`;
}

export const ratioName = (list: string, pass: Pass): string => `${cpuPerKeyName(list, pass)} ÷ key floor`;

export function latencyFigures(name: string, latencies: (number | null)[], method: string, budgets: Partial<Record<50 | 90 | 99, Pick<Figure, 'budget' | 'floor'>>>): Figure[] {
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

const passOf = (run: KeyRun): Pass => (run.key.endsWith('(first pass)') ? 'first pass' : 'steady');

export function inProcessFigures(result: KeyRunResult, reactBuild: string, where: string, floor: ListFloor): Figure[] {
  const method =
    `in-process (bundled as the program, React ${reactBuild} build): App on ${where}, keyboard.ts + screen.ts ` +
    'on an object terminal; key bytes → next terminal write';
  const floors = { 'first pass': floor.firstPassCpuMs, steady: floor.steadyCpuMs };
  const figures: Figure[] = [];
  for (const run of result.runs) {
    const keys = run.samples.filter((sample) => sample.toWriteMs !== null).length;
    if (run.key.startsWith('J')) {
      figures.push(...latencyFigures(`in-process ${MOVES} × J (move)`, run.samples.map((s) => s.toWriteMs), method, { 50: { budget: { max: 8 } }, 99: { budget: { max: 25 } } }));
      figures.push({ section: 'keys', name: 'CPU per key repaint (J)', value: round(run.cpuPerKeyMs), unit: 'ms', budget: { max: 5 }, method: `process.cpuUsage() over the ${MOVES} J presses (service included) ÷ keys; ${run.writesPerKey.toFixed(2)} writes per key` });
      continue;
    }
    const pass = passOf(run);
    const count = pass === 'steady' ? STEADY : FIRST_PASS;
    const note = keys < run.samples.length ? { note: `${run.samples.length - keys} of ${run.samples.length} keys changed nothing (the list's end): left out` } : {};
    figures.push({
      section: 'keys',
      name: cpuPerKeyName(run.list, pass),
      value: round(run.cpuPerKeyMs),
      unit: 'ms',
      method:
        `${method}; process.cpuUsage() (service included) over ${pass === 'steady' ? `the ${count} keys after the first ${FIRST_PASS}` : `the first ${count} keys in this list`} ÷ keys; ` +
        `${run.writesPerKey.toFixed(2)} writes per key${run.list === LISTS.playlist ? '' : ` (after the playlist's runs: its code is warm)`}`,
      ...note,
    });
    figures.push({
      section: 'keys',
      name: ratioName(run.list, pass),
      value: floors[pass] ? round(run.cpuPerKeyMs / floors[pass], 1) : null,
      unit: 'ratio',
      budget: { max: pass === 'steady' ? 1.5 : 2 },
      method: `÷ "${keyFloorName(pass)}" (${floors[pass].toFixed(2)} ms) of this run`,
    });
    if (run.list === LISTS.playlist) {
      figures.push(...latencyFigures(`in-process j ${pass}`, run.samples.map((s) => s.toWriteMs), method, pass === 'steady' ? { 50: { budget: { max: 4 } }, 99: { budget: { max: 10 } } } : {}));
    }
  }
  figures.push({
    section: 'keys',
    name: 'Ink render per frame p50',
    value: round(percentile(result.inkRenderMs, 50)),
    unit: 'ms',
    method: "Ink's onRender renderTime (layout tree → text, React excluded) over every frame of every run",
  });
  return figures;
}

export function listFloorFigures(floor: ListFloor, node: string): Figure[] {
  const method = (pass: Pass) =>
    `ink-list-floor.tsx on ${node}: stock Ink 6.8 bundled as the program (React production), a 10,000-row list windowed to 120×40, ` +
    `rows memoised, j typed into Ink's stdin; process.cpuUsage() over ${pass === 'steady' ? `the ${STEADY} keys after the first ${FIRST_PASS}` : `the first ${FIRST_PASS} keys`} ÷ keys, ` +
    `each key after 50 ms of quiet as in the harness`;
  return [
    { section: 'keys', name: keyFloorName('first pass'), value: round(floor.firstPassCpuMs), unit: 'ms', method: method('first pass') },
    {
      section: 'keys',
      name: keyFloorName('steady'),
      value: round(floor.steadyCpuMs),
      unit: 'ms',
      method: method('steady'),
      note: `key to write p50 ${floor.steadyToWriteMs.toFixed(2)} ms; ${floor.writesPerKey.toFixed(2)} writes per key${floor.missed > 0 ? `; ${floor.missed} keys brought no write within a second` : ''}`,
    },
  ];
}

export function inkFloorFigures(floor: InkFloor): Figure[] {
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
