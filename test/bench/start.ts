import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, round, type Figure } from './figures.js';
import { launchDashboard, NOW_PLAYING, pollUntil } from './program.js';

/** From launch to the first frame that shows the now-playing item, on a fresh database and on an existing one. */

/** Issue 21: the median of 9 starts on an existing database; fewer fresh ones (each seeds a database, ~1 s). */
const EXISTING_RUNS = 9;
const FRESH_RUNS = 5;
const START_WAIT_MS = 30_000;
const POLL_MS = 10;

/** Launches, waits for the now-playing item, quits with q; the time to the item, or null if it never came. */
async function timeToNowPlaying(db: string): Promise<number | null> {
  const launchedAt = performance.now();
  const dashboard = launchDashboard(db);
  try {
    const shownAt = await pollUntil(dashboard.session, (screen) => NOW_PLAYING.test(screen), START_WAIT_MS, POLL_MS);
    dashboard.session.sendKeys('q');
    await pollUntil(dashboard.session, () => !dashboard.session.isAlive(), 5_000, POLL_MS);
    return shownAt === null ? null : shownAt - launchedAt;
  } finally {
    dashboard.stop();
  }
}

export async function benchStart(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-start-'));
  try {
    const fresh: (number | null)[] = [];
    for (let run = 0; run < FRESH_RUNS; run++) fresh.push(await timeToNowPlaying(join(dir, `fresh-${run}.db`)));
    const existing: (number | null)[] = [];
    // The first fresh run's database, seeded and used once, is the existing one.
    for (let run = 0; run < EXISTING_RUNS; run++) existing.push(await timeToNowPlaying(join(dir, 'fresh-0.db')));
    const method = (what: string, runs: number) =>
      `median of ${runs}: tmux new-session of node dist/cli.js --db (${what}) until capture-pane shows the now-playing item (polled every ${POLL_MS} ms)`;
    const figure = (name: string, runs: (number | null)[], max: number, what: string): Figure => {
      const measured = runs.filter((value): value is number => value !== null);
      return {
        section: 'start',
        name,
        value: round(median(measured), 0),
        unit: 'ms',
        budget: { max },
        method: method(what, runs.length),
        note: `runs: ${runs.map((value) => (value === null ? 'none' : Math.round(value))).join(', ')} ms`,
      };
    };
    return [
      figure('start to now playing, existing db', existing, 250, 'a database seeded and used before'),
      figure('start to now playing, fresh db', fresh, 1_500, 'a path with no database: seeded at start'),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
