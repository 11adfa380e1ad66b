import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { round, type Figure } from './figures.js';
import { memoryOf, processTree } from './proc.js';
import { cursorLine, hasPlaceholders, launchDashboard, openBigPlaylist, pausePlayback } from './program.js';
import type { TmuxSession } from '../helpers/tmux.js';

/** Resident memory of the dashboard (embedded service in-process) in the 10,000-item playlist. */

/**
 * Sets the process's peak (VmHWM) back to its RSS now (Linux: /proc/<pid>/clear_refs), so that the walk's
 * peak is its own: the first start seeds a fresh database, a peak of its own that the walk would inherit.
 */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

function largestProcessMb(root: number): number {
  return Math.max(...processTree(root).map((pid) => memoryOf(pid).rssMb).filter(Number.isFinite));
}

/**
 * Pages through the whole list with `key`, one key at a time, each page of rows loaded before the next key,
 * until the cursor row is at `position`.
 */
async function walk(session: TmuxSession, key: 'PageDown' | 'PageUp', position: number): Promise<void> {
  const atEnd = (screen: string): boolean => new RegExp(`[┃│]› +${position} {2}\\S`).test(screen);
  for (let step = 0; step < 1_000; step++) {
    const screen = session.capture();
    if (atEnd(screen)) break;
    const before = cursorLine(screen);
    session.sendKeys(key);
    await session.waitFor((next) => cursorLine(next) !== before && !hasPlaceholders(next), 20_000);
  }
}

export async function benchMemory(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-memory-'));
  const dashboard = launchDashboard(join(dir, 'memory.db'));
  try {
    const { session } = dashboard;
    await pausePlayback(session);
    await openBigPlaylist(session);
    const beforeWalk = memoryOf(dashboard.pid()).peakRssMb;
    resetPeak(dashboard.pid());
    session.sendKeys('G');
    await session.waitFor((screen) => /[┃│]› +10000 {2}\S/.test(screen) && !hasPlaceholders(screen), 20_000);
    const afterG = largestProcessMb(dashboard.pid());
    session.sendKeys('g');
    await session.waitFor((screen) => /[┃│]› +1 {2}\S/.test(screen) && !hasPlaceholders(screen), 20_000);
    await walk(session, 'PageDown', 10_000);
    await walk(session, 'PageUp', 1);
    const { rssMb, peakRssMb } = memoryOf(dashboard.pid());
    return [
      {
        section: 'memory',
        name: 'peak RSS before the walk',
        value: round(beforeWalk, 1),
        unit: 'MB',
        method: 'VmHWM of the dashboard once the 10,000-item playlist is open (first start: the database is seeded meanwhile)',
      },
      {
        section: 'memory',
        name: 'largest process after G',
        value: round(afterG, 1),
        unit: 'MB',
        floor: { max: 200 },
        method: 'VmRSS of each process of the tree (/proc/<pid>/status) once row 10,000 is on screen, tmux 120×40',
      },
      {
        section: 'memory',
        name: 'peak RSS after walking 10,000 items',
        value: round(peakRssMb, 1),
        unit: 'MB',
        budget: { max: 120 },
        method:
          'VmHWM of the dashboard, reset once the playlist is open, over G, g, then PgDn to row 10,000 and PgUp to row 1 ' +
          '(one key at a time, each screen of rows loaded before the next)',
      },
      {
        section: 'memory',
        name: 'RSS at the end of the walk',
        value: round(rssMb, 1),
        unit: 'MB',
        method: 'VmRSS of the dashboard back on row 1',
      },
    ];
  } finally {
    dashboard.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
