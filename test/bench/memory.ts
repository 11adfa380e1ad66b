import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { round, type Figure } from './figures.js';
import { memoryOf, processTree, residentParts } from './proc.js';
import { stop } from './processes.js';
import { cursorLine, embeddedServiceRuns, hasPlaceholders, launchDashboard, launchProgram, NOW_PLAYING, notOnThisNode, openBigPlaylist, pausePlayback, startService, type RunningDashboard } from './program.js';
import type { TmuxSession } from '../helpers/tmux.js';
import { askDashboard } from '../../src/status/socket-client.js';
import { statusPaths } from '../../src/status/target.js';

/**
 * Resident memory over a walk of the 10,000-item playlist: of the dashboard with its embedded service (one
 * process), and of the dashboard alone on `playdeck serve` (--base-url).
 */

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

/** The walk over the 10,000-item playlist in `dashboard`: its peaks before and over it, and the largest process after G. */
async function walkFigures(dashboard: RunningDashboard): Promise<{ beforeWalk: number; afterG: number; rssMb: number; peakRssMb: number }> {
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
  return { beforeWalk, afterG, ...memoryOf(dashboard.pid()) };
}

const WALK =
  'G, g, then PgDn to row 10,000 and PgUp to row 1 (one key at a time, each screen of rows loaded before the next), tmux 120×40';

const MB = 1_048_576;

/**
 * Where the resident megabytes of the dashboard go: by kind of mapping from /proc/<pid>/smaps (pages of files,
 * malloc's heap, anonymous memory), the anonymous part split by what the dashboard tells of its heap over the
 * status socket (objects, compiled code, what V8 holds free).
 */
async function breakdown(pid: number, socket: string, when: string): Promise<Figure[]> {
  const reply = await askDashboard(socket, { v: 1, op: 'memory' }, 2_000);
  if (reply.kind !== 'answer' || !('memory' in reply.answer)) return [];
  const { heapUsed, heapTotal, code } = reply.answer.memory;
  const { files, mallocHeap, anonymous } = residentParts(pid);
  const parts: [string, number, string][] = [
    ['node binary and libraries', files, 'resident pages of files (smaps): mostly the node binary itself, then the SQLite driver and the C libraries'],
    ['malloc heap', mallocHeap, "smaps [heap]: SQLite's page cache, V8's parser and compiler zones, ICU, Node's own buffers"],
    ['JS objects', heapUsed - code, "process.memoryUsage().heapUsed less V8's code spaces"],
    ['compiled code', code, "v8.getHeapSpaceStatistics(): the code spaces' physical size"],
    ['JS heap held free by V8', heapTotal - heapUsed, 'heapTotal − heapUsed: room V8 keeps for the next allocations'],
    ['other anonymous memory', anonymous - heapTotal, "anonymous mappings (smaps) less the JS heap: Yoga's WebAssembly memory, malloc's large blocks, thread stacks"],
  ];
  return parts.map(([name, bytes, method]): Figure => ({
    section: 'memory',
    name: `${when}: ${name}`,
    value: round(bytes / MB, 1),
    unit: 'MB',
    method: `${method}; read right after the RSS above`,
  }));
}

/**
 * Pages through a list that shows no row numbers (Liked songs) until a key moves the cursor no more: each key
 * waits for the cursor row to change with its rows loaded, and a key that changes nothing within `settleMs` is the end.
 */
async function walkToEnd(session: TmuxSession, key: 'PageDown' | 'PageUp', settleMs = 2_000): Promise<number> {
  let keys = 0;
  for (; keys < 2_000; keys++) {
    const before = cursorLine(session.capture());
    session.sendKeys(key);
    try {
      await session.waitFor((next) => cursorLine(next) !== before && !hasPlaceholders(next), settleMs);
    } catch {
      if (!hasPlaceholders(session.capture())) break; // at the end
      await session.waitFor((next) => !hasPlaceholders(next), 20_000);
    }
  }
  return keys;
}

export const LIKED_WALK = 'peak RSS after walking 10,000 Liked songs';

/** The dashboard with its embedded service on a database of 10,000 liked songs: the peak over a walk of Liked songs. */
async function likedWalk(dir: string): Promise<Figure[]> {
  const db = join(dir, 'liked.db');
  const seeding = await startService(['--db', db, '--liked-songs', '10000']);
  await stop(seeding.child);
  const dashboard = await launchDashboard(db);
  try {
    const { session } = dashboard;
    await pausePlayback(session);
    session.sendKeys('6');
    await session.waitFor((screen) => screen.includes('Liked songs · 10,000') && /[┃│]› \S/.test(screen) && !hasPlaceholders(screen), 20_000);
    resetPeak(dashboard.pid());
    const down = await walkToEnd(session, 'PageDown');
    const up = await walkToEnd(session, 'PageUp');
    const { peakRssMb } = memoryOf(dashboard.pid());
    return [
      {
        section: 'memory',
        name: LIKED_WALK,
        value: round(peakRssMb, 1),
        unit: 'MB',
        budget: { max: 120 },
        method:
          `VmHWM of the dashboard (embedded service included) on a database seeded by serve --liked-songs 10000, reset once 6 shows Liked songs, ` +
          `over PgDn to the last song and PgUp to the first (${down} and ${up} keys, each screen of rows loaded before the next), tmux 120×40`,
      },
    ];
  } finally {
    dashboard.stop();
  }
}

/** The dashboard with its embedded service, in one process. */
async function embedded(dir: string): Promise<Figure[]> {
  const db = join(dir, 'memory.db');
  const env = { XDG_RUNTIME_DIR: dir };
  const dashboard = await launchDashboard(db, { env });
  try {
    const { beforeWalk, afterG, rssMb, peakRssMb } = await walkFigures(dashboard);
    const atEnd = await breakdown(dashboard.pid(), statusPaths({ kind: 'embedded', db }, env).socket, 'at the end of the walk');
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
        method: `VmHWM of the dashboard (embedded service included), reset once the playlist is open, over ${WALK}`,
      },
      {
        section: 'memory',
        name: 'RSS at the end of the walk',
        value: round(rssMb, 1),
        unit: 'MB',
        method: 'VmRSS of the dashboard back on row 1',
      },
      ...atEnd,
    ];
  } finally {
    dashboard.stop();
  }
}

/** The dashboard alone (`--base-url`), its service `playdeck serve` in another process. */
async function alone(dir: string): Promise<Figure[]> {
  const { child: service, values } = await startService(['--db', join(dir, 'serve.db')]);
  const target = { kind: 'remote', baseUrl: values.base_url!, token: values.access_token! } as const;
  const env = { XDG_RUNTIME_DIR: dir };
  const dashboard = launchProgram(['--base-url', target.baseUrl, '--token', target.token], { env });
  try {
    await dashboard.session.waitFor(NOW_PLAYING, 20_000);
    const atStart = memoryOf(dashboard.pid()).rssMb;
    const socket = statusPaths(target, env).socket;
    const startParts = await breakdown(dashboard.pid(), socket, 'dashboard alone at start');
    const { peakRssMb } = await walkFigures(dashboard);
    const endParts = await breakdown(dashboard.pid(), socket, 'dashboard alone at the end of the walk');
    return [
      {
        section: 'memory',
        name: 'dashboard alone (--base-url): RSS at start',
        value: round(atStart, 1),
        unit: 'MB',
        method: 'VmRSS of the dashboard on playdeck serve (another process) once now playing shows',
      },
      ...startParts,
      {
        section: 'memory',
        name: 'dashboard alone (--base-url): peak RSS over the walk',
        value: round(peakRssMb, 1),
        unit: 'MB',
        method: `VmHWM of the dashboard on playdeck serve, reset once the playlist is open, over ${WALK}`,
      },
      ...endParts,
    ];
  } finally {
    dashboard.stop();
    await stop(service);
  }
}

export async function benchMemory(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'playdeck-bench-memory-'));
  try {
    if (!embeddedServiceRuns()) {
      const none = (name: string): Figure => ({ section: 'memory', name, value: null, unit: 'MB', budget: { max: 120 }, method: 'not run', note: notOnThisNode() });
      return [none('peak RSS after walking 10,000 items'), none(LIKED_WALK), ...(await alone(dir))];
    }
    return [...(await embedded(dir)), ...(await likedWalk(dir)), ...(await alone(dir))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
