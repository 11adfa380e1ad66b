import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, round, type Figure } from './figures.js';
import { stop } from './processes.js';
import {
  embeddedServiceRuns,
  EXTRA_CA_CERTS,
  extraCaCostsAtStart,
  launchDashboard,
  launchProgram,
  NOW_PLAYING,
  notOnThisNode,
  pollUntil,
  programNode,
  startService,
  versionOf,
  WITHOUT_EXTRA_CA,
  type RunningDashboard,
} from './program.js';

/**
 * From launch to the first frame that shows the now-playing item: with the embedded service on a fresh database
 * and on an existing one, and the dashboard alone on a service already running (`--base-url`). Where the program's
 * Node pays for NODE_EXTRA_CA_CERTS at start (Node 20), each is measured with it, as this machine starts
 * programs, and without it, as most machines do.
 */

/** Issue 21: the median of 9 starts on an existing database; fewer fresh ones (each seeds a database, ~1 s). */
const EXISTING_RUNS = 9;
const FRESH_RUNS = 5;
const START_WAIT_MS = 30_000;
const POLL_MS = 10;

export const START = {
  existing: 'start to now playing, existing db',
  fresh: 'start to now playing, fresh db',
  onService: 'start to now playing, dashboard on a service',
} as const;
export const WITHOUT_CA_SUFFIX = ', without NODE_EXTRA_CA_CERTS';

/** Launches, waits for the now-playing item, quits with q; the time to the item, or null if it never came. */
async function timeToNowPlaying(launch: () => RunningDashboard | Promise<RunningDashboard>): Promise<number | null> {
  const launchedAt = performance.now();
  const dashboard = await launch();
  try {
    const shownAt = await pollUntil(dashboard.session, (screen) => NOW_PLAYING.test(screen), START_WAIT_MS, POLL_MS);
    dashboard.session.sendKeys('q');
    await pollUntil(dashboard.session, () => !dashboard.session.isAlive(), 5_000, POLL_MS);
    return shownAt === null ? null : shownAt - launchedAt;
  } finally {
    dashboard.stop();
  }
}

function figure(name: string, runs: (number | null)[], max: number, method: string, note = ''): Figure {
  const measured = runs.filter((value): value is number => value !== null);
  return {
    section: 'start',
    name,
    value: round(median(measured), 0),
    unit: 'ms',
    budget: { max },
    method,
    note: `runs: ${runs.map((value) => (value === null ? 'none' : Math.round(value))).join(', ')} ms${note}`,
  };
}

async function startFigures(dir: string, env: Record<string, string | undefined>, suffix: string): Promise<Figure[]> {
  const node = versionOf(programNode());
  const caNote = EXTRA_CA_CERTS === undefined ? '' : suffix === '' ? `; NODE_EXTRA_CA_CERTS set (${EXTRA_CA_CERTS})` : '; NODE_EXTRA_CA_CERTS removed from the environment';
  const method = (what: string, runs: number) =>
    `median of ${runs}: tmux new-session of ${node} dist/cli.js ${what} until capture-pane shows the now-playing item (polled every ${POLL_MS} ms)`;
  const figures: Figure[] = [];
  if (embeddedServiceRuns()) {
    const fresh: (number | null)[] = [];
    for (let run = 0; run < FRESH_RUNS; run++) fresh.push(await timeToNowPlaying(() => launchDashboard(join(dir, `fresh${suffix === '' ? '' : '-no-ca'}-${run}.db`), { env })));
    const existing: (number | null)[] = [];
    // The first fresh run's database, seeded and used once, is the existing one.
    const db = join(dir, `fresh${suffix === '' ? '' : '-no-ca'}-0.db`);
    for (let run = 0; run < EXISTING_RUNS; run++) existing.push(await timeToNowPlaying(() => launchDashboard(db, { env })));
    figures.push(
      figure(`${START.existing}${suffix}`, existing, 250, method('--db (a database seeded and used before)', EXISTING_RUNS), caNote),
      figure(`${START.fresh}${suffix}`, fresh, 1_500, method('--db (a path with no database: seeded at start)', FRESH_RUNS), caNote),
    );
  } else {
    for (const name of [START.existing, START.fresh]) figures.push({ section: 'start', name: `${name}${suffix}`, value: null, unit: 'ms', method: 'not run', note: notOnThisNode() });
  }
  const service = await startService(['--db', join(dir, 'served.db')]);
  try {
    const args = ['--base-url', service.values.base_url!, '--token', service.values.access_token!];
    const onService: (number | null)[] = [];
    for (let run = 0; run < EXISTING_RUNS; run++) onService.push(await timeToNowPlaying(() => launchProgram(args, { env })));
    figures.push(figure(`${START.onService}${suffix}`, onService, 250, method(`--base-url (playdeck serve already running, on ${process.version})`, EXISTING_RUNS), caNote));
  } finally {
    await stop(service.child);
  }
  return figures;
}

export async function benchStart(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-start-'));
  try {
    const figures = await startFigures(dir, {}, '');
    if (extraCaCostsAtStart()) figures.push(...(await startFigures(dir, WITHOUT_EXTRA_CA, WITHOUT_CA_SUFFIX)));
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
