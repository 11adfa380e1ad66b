import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { bundleOptions } from '../../scripts/bundle.mjs';
import { median, round, sleep, type Figure } from './figures.js';
import type { InkFloor } from './ink-floor.js';
import { FLOOR_LINE } from './ink-line-text.js';
import { runChild } from './keys.js';
import { cpuSeconds, findInTree, memoryOf, processTree, residentParts, type ResidentParts } from './proc.js';
import { COLUMNS, EXTRA_CA_CERTS, extraCaCostsAtStart, pollUntil, programNode, programPath, reactBuildOf, ROWS, versionOf, WITHOUT_EXTRA_CA } from './program.js';
import { startInTmux, type TmuxSession } from '../helpers/tmux.js';

/**
 * What Node and Ink cost by themselves, measured in the same run as our figures so that each of ours can be
 * read as a ratio to its floor (ratiosToFloors): a bare Node process with a one-second timer that writes a
 * few bytes, and a bare Ink app that shows one line (bundled as the program is, stock Ink), both in tmux 120×40.
 */

const BUNDLES = 'node_modules/.cache/playdeck-bench/floors';
const IDLE_WARM_UP_MS = 3_000;
const IDLE_WINDOW_MS = 30_000;
const START_RUNS = 5;
const POLL_MS = 10;

export const FLOOR = {
  timerCpu: 'bare node 1 s timer: CPU',
  timerRss: 'bare node 1 s timer: RSS',
  inkRss: 'bare Ink one line: RSS',
  inkStart: 'bare Ink one line: start to text',
  inkStartWithoutCa: 'bare Ink one line: start to text, without NODE_EXTRA_CA_CERTS',
  inkIdleCpu: 'bare Ink one line: idle CPU',
  inkFrameCpu: 'bare Ink: CPU per frame',
} as const;

async function bundle(script: string, withOurInk: boolean): Promise<string> {
  const options = bundleOptions([script], BUNDLES);
  if (!withOurInk) options.plugins = (options.plugins ?? []).filter((plugin: { name: string }) => plugin.name !== 'faster-ink');
  await build(options);
  return join(BUNDLES, script.replace(/^.*\//, '').replace(/\.tsx?$/, '.js'));
}

function launch(script: string, env: Record<string, string | undefined> = {}): { session: TmuxSession; pid(): number } {
  const session = startInTmux([programNode(), script], { columns: COLUMNS, rows: ROWS, env: { NODE_ENV: 'production', ...env } });
  return {
    session,
    pid() {
      const pid = findInTree(session.panePid(), script);
      if (pid === null) throw new Error(`no ${script} process in the pane`);
      return pid;
    },
  };
}

/** CPU % of one core of the process over the window, after a warm-up, and its RSS at the end. */
async function idleOf(pid: number): Promise<{ cpuPercent: number; rssMb: number; parts: ResidentParts }> {
  await sleep(IDLE_WARM_UP_MS);
  const tree = processTree(pid);
  const before = cpuSeconds(tree);
  const startedAt = performance.now();
  await sleep(IDLE_WINDOW_MS);
  const seconds = (performance.now() - startedAt) / 1000;
  return { cpuPercent: ((cpuSeconds(tree) - before) / seconds) * 100, rssMb: memoryOf(pid).rssMb, parts: residentParts(pid) };
}

export async function benchFloors(): Promise<Figure[]> {
  const timerScript = await bundle('test/bench/bare-timer.ts', false);
  const inkScript = await bundle('test/bench/ink-line.tsx', false);
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-floors-'));
  try {
    const startsOf = async (env: Record<string, string | undefined>): Promise<(number | null)[]> => {
      const starts: (number | null)[] = [];
      for (let run = 0; run < START_RUNS; run++) {
        const launchedAt = performance.now();
        const app = launch(inkScript, env);
        try {
          const shownAt = await pollUntil(app.session, (screen) => screen.includes(FLOOR_LINE), 10_000, POLL_MS);
          starts.push(shownAt === null ? null : shownAt - launchedAt);
        } finally {
          app.session.kill();
        }
      }
      return starts;
    };
    const starts = await startsOf({});
    const startsWithoutCa = extraCaCostsAtStart() ? await startsOf(WITHOUT_EXTRA_CA) : null;
    // The two idle floors run side by side: each is a few ticks of CPU over the window, and the wait is the same.
    const timer = launch(timerScript);
    const ink = launch(inkScript);
    let timerIdle: Awaited<ReturnType<typeof idleOf>>;
    let inkIdle: Awaited<ReturnType<typeof idleOf>>;
    try {
      await ink.session.waitFor(FLOOR_LINE);
      [timerIdle, inkIdle] = await Promise.all([idleOf(timer.pid()), idleOf(ink.pid())]);
    } finally {
      timer.session.kill();
      ink.session.kill();
    }
    const frame = await runChild<InkFloor>('test/bench/ink-floor.tsx', [], reactBuildOf(programPath()), null);
    const window = `${IDLE_WINDOW_MS / 1000} s after ${IDLE_WARM_UP_MS / 1000} s, tmux 120×40; utime+stime from /proc, % of one core`;
    const node = versionOf(programNode());
    const startFigure = (name: string, runs: (number | null)[], ca: string): Figure => ({
      section: 'floors',
      name,
      value: round(median(runs.filter((value): value is number => value !== null)), 0),
      unit: 'ms',
      method: `median of ${START_RUNS}: tmux new-session of ${node} ink-line.js (one <Text>, useInput; bundled as the program, stock Ink, React production) until capture-pane shows the line (polled every ${POLL_MS} ms)`,
      note: `runs: ${runs.map((value) => (value === null ? 'none' : Math.round(value))).join(', ')} ms${ca}`,
    });
    const caSet = EXTRA_CA_CERTS === undefined ? '' : `; NODE_EXTRA_CA_CERTS set (${EXTRA_CA_CERTS})${extraCaCostsAtStart() ? '' : `, which ${node} reads only when TLS needs it`}`;
    return [
      { section: 'floors', name: FLOOR.timerCpu, value: round(timerIdle.cpuPercent, 3), unit: '%', method: `node bare-timer.js (setInterval 1 s writing 2 bytes), ${window}` },
      { section: 'floors', name: FLOOR.timerRss, value: round(timerIdle.rssMb, 1), unit: 'MB', method: 'VmRSS of the same process at the end of the window' },
      startFigure(FLOOR.inkStart, starts, caSet),
      ...(startsWithoutCa === null ? [] : [startFigure(FLOOR.inkStartWithoutCa, startsWithoutCa, '; NODE_EXTRA_CA_CERTS removed from the environment')]),
      { section: 'floors', name: FLOOR.inkRss, value: round(inkIdle.rssMb, 1), unit: 'MB', method: 'VmRSS of the bare Ink app at the end of its idle window' },
      ...(['files', 'mallocHeap', 'anonymous'] as const).map((kind): Figure => ({
        section: 'floors',
        name: `bare Ink one line: RSS in ${{ files: 'pages of files (the node binary, libraries)', mallocHeap: "malloc's heap", anonymous: 'anonymous memory (the JS heap, Yoga, stacks)' }[kind]}`,
        value: round(inkIdle.parts[kind] / 1_048_576, 1),
        unit: 'MB',
        method: 'the same process at the same moment, by kind of mapping (/proc/<pid>/smaps)',
      })),
      { section: 'floors', name: FLOOR.inkIdleCpu, value: round(inkIdle.cpuPercent, 3), unit: '%', method: `the bare Ink app left alone (no timer: nothing to redraw), ${window}` },
      {
        section: 'floors',
        name: FLOOR.inkFrameCpu,
        value: round(frame.empty.cpuMs),
        unit: 'ms',
        method: 'ink-floor.tsx: stock Ink 6.8 at 120×40 re-rendering one changing character 500 times; process.cpuUsage() ÷ frames',
        note: `a full screen of ASCII: ${frame.full.cpuMs.toFixed(2)} ms per frame, Ink renderTime p50 ${frame.empty.renderMs.toFixed(2)} / ${frame.full.renderMs.toFixed(2)} ms`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Our figure (section/name) ÷ its floor (a name of FLOOR); with `overFloor`, also our figure − the floor,
 * against that budget (the dashboard alone: no more than the bare Ink app plus 40 MB, issue 31).
 */
const RATIOS: { section: Figure['section']; name: RegExp; floor: string; overFloor?: { max: number } }[] = [
  { section: 'idle', name: /^CPU, whole process tree$/, floor: FLOOR.timerCpu },
  { section: 'idle', name: /^CPU per repaint/, floor: FLOOR.inkFrameCpu },
  { section: 'memory', name: /^peak RSS after walking/, floor: FLOOR.inkRss },
  { section: 'memory', name: /^dashboard alone .*: RSS at start$/, floor: FLOOR.inkRss, overFloor: { max: 40 } },
  { section: 'memory', name: /^dashboard alone .*: peak RSS/, floor: FLOOR.inkRss, overFloor: { max: 40 } },
  { section: 'start', name: /^start to now playing.*without NODE_EXTRA_CA_CERTS$/, floor: FLOOR.inkStartWithoutCa },
  { section: 'start', name: /^start to now playing/, floor: FLOOR.inkStart },
  { section: 'keys', name: /^in-process j steady p(50|99)$/, floor: FLOOR.inkFrameCpu },
  { section: 'keys', name: /^CPU per key repaint/, floor: FLOOR.inkFrameCpu },
  { section: 'soak', name: /^RSS/, floor: FLOOR.inkRss },
  { section: 'soak', name: /^idle CPU/, floor: FLOOR.timerCpu },
];

/** Each of our figures that has a floor measured in this run, followed by its ratio to that floor. */
export function withRatiosToFloors(figures: readonly Figure[]): Figure[] {
  const floors = new Map(figures.filter((figure) => figure.section === 'floors').map((figure) => [figure.name, figure]));
  if (floors.size === 0) return [...figures];
  return figures.flatMap((figure) => {
    const rule = RATIOS.find((each) => each.section === figure.section && each.name.test(figure.name));
    const floor = rule && floors.get(rule.floor);
    if (!rule || !floor || figure.value === null) return [figure];
    const ratio: Figure = {
      section: figure.section,
      name: `${figure.name} ÷ floor`,
      value: floor.value ? round(figure.value / floor.value, 1) : null,
      unit: 'ratio',
      method: `÷ "${rule.floor}" (${floor.value ?? 'n/a'} ${floor.unit}) from this run's floors section`,
      ...(floor.value ? {} : { note: 'the floor measured 0 at this resolution: no ratio' }),
    };
    if (rule.overFloor === undefined) return [figure, ratio];
    const difference: Figure = {
      section: figure.section,
      name: `${figure.name} − floor`,
      value: floor.value === null ? null : round(figure.value - floor.value, 1),
      unit: figure.unit,
      budget: rule.overFloor,
      method: `− "${rule.floor}" (${floor.value ?? 'n/a'} ${floor.unit}) from this run's floors section`,
    };
    return [figure, ratio, difference];
  });
}
