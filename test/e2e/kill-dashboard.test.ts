/**
 * Issue 8, the dashboard's side of durability: "moves not yet saved when the dashboard is killed are lost
 * only if never acknowledged to the user as saved; the status line never says 'saved' before the service
 * has answered 200." The dashboard runs in tmux against `serve` on a temporary database and is killed with
 * SIGKILL at chosen moments; the service is read with fetch.
 */
import { describe, expect, it } from 'vitest';
import { applyMoves, planMoves } from '../../src/ui/playlist-editor/model/save-plan.js';
import {
  createSandbox,
  itemRowsOf,
  cellPrefixOf,
  openPlaylist,
  startDashboard,
  statusMessageOf,
  type Dashboard,
  type Sandbox,
} from '../helpers/e2e-dashboard.js';
import { identities, isPut, serveBehindProxy } from '../helpers/e2e-served.js';
import { playlistEntries, type Entry } from '../helpers/e2e-service.js';

const SCREEN_MS = 15_000;
const SIGKILL_STATUS = 128 + 9;

const served = serveBehindProxy(12);
const { sessions, sandboxes } = served;

const isSaved = (screen: string): boolean => /^saved\b/.test(statusMessageOf(screen));

/** A fresh dashboard on the service with the playlist at `index` open. */
async function openOn(index: number): Promise<{ dashboard: Dashboard; before: Entry[] }> {
  const playlist = served.playlists[index]!;
  expect(playlist.total, 'a small playlist, read whole in a moment').toBeLessThanOrEqual(200);
  const before = await playlistEntries(served.service, playlist.id);
  const sandbox = createSandbox();
  sandboxes.push(sandbox);
  const dashboard = startDashboard(['--base-url', served.proxy.baseUrl, '--token', served.service.token], { sandbox });
  sessions.push(dashboard);
  await openPlaylist(dashboard, index, playlist.name, before[0]!.name);
  dashboard.programPid();
  return { dashboard, before };
}

async function kill(dashboard: Dashboard): Promise<void> {
  process.kill(dashboard.programPid(), 'SIGKILL'); // found when the dashboard opened: no delay here
  expect((await dashboard.waitForExit()).status).toBe(SIGKILL_STATUS);
}

describe('killing the dashboard', () => {
  it('keeps what it said was saved: SIGKILL after "saved", and a restart shows the order the service has', { timeout: 60_000 }, async () => {
    const { dashboard, before } = await openOn(0);
    dashboard.sendKeys('J', 'J');
    await dashboard.waitFor(isSaved, SCREEN_MS); // the autosave after the idle
    const expected = identities([before[1]!, before[2]!, before[0]!, ...before.slice(3)]);
    // Read as soon as the screen says so: the 200 came first.
    expect(identities(await playlistEntries(served.service, served.playlists[0]!.id))).toEqual(expected);

    await kill(dashboard);
    expect(identities(await playlistEntries(served.service, served.playlists[0]!.id))).toEqual(expected);
    const again = await openOn(0);
    const names = [before[1]!, before[2]!, before[0]!].map((entry) => cellPrefixOf(entry.name));
    await again.dashboard.waitFor((screen) => itemRowsOf(screen, 3).every((cell, row) => cell.startsWith(names[row]!)), SCREEN_MS);
  });

  /**
   * Each case makes a change and kills the dashboard at a moment of its save. A change of one range is one
   * request: the service holds the old order or the new one. A change of two separate ranges is two chained
   * requests, each landing whole: the old order with the first k planned moves applied, never a move half
   * made, never an entry lost or doubled. The screen never said 'saved' before the kill in these cases.
   */
  it('one range, killed before its save: the old order (or, on a slow day, the new one)', { timeout: 60_000 }, async () => {
    const { old, desired, held, lastScreen } = await moveAndKill(1, ['J', 'J', 'J'], async () => {});
    expect(statusMessageOf(lastScreen)).not.toMatch(/^saved/);
    expect([old, desired]).toContainEqual(await held());
  });

  it('one range, killed just after w: the old order or the new one', { timeout: 60_000 }, async () => {
    const { old, desired, held } = await moveAndKill(3, ['J', 'J'], async (dashboard) => dashboard.sendKeys('w'));
    expect([old, desired]).toContainEqual(await held());
  });

  it('one range, killed while the answer to its save is held: the service has the new order, the screen never said saved', { timeout: 60_000 }, async () => {
    // Forwarded at once; only the answer waits, so the service acts and the dashboard cannot know yet.
    served.proxy.inject({ kind: 'delay', ms: 20_000 }, { match: isPut, times: 1 });
    const { desired, held, lastScreen } = await moveAndKill(4, ['J'], async (dashboard) => {
      dashboard.sendKeys('w');
      await dashboard.waitFor((screen) => statusMessageOf(screen).startsWith('saving 1/1'), SCREEN_MS);
      await waitUntil(() => served.proxy.requests.some((request) => request.fault === 'delay'));
    });
    expect(statusMessageOf(lastScreen)).toMatch(/^saving 1\/1/);
    expect(await held()).toEqual(desired);
  });

  it('two ranges, killed while the second request is refused: the first move alone, whole', { timeout: 60_000 }, async () => {
    let puts = 0;
    served.proxy.inject({ kind: 'status', status: 500, body: '{"error":{"status":500,"message":"injected"}}' }, { match: (method, url) => isPut(method, url) && ++puts >= 2 });
    const { old, desired, held, lastScreen } = await moveAndKill(5, ['J', 'j', 'j', 'j', 'J'], async (dashboard) => {
      dashboard.sendKeys('w');
      await waitUntil(() => served.proxy.requests.some((request) => request.fault === 'status'));
    });
    expect(statusMessageOf(lastScreen)).not.toMatch(/^saved/);
    const moves = planMoves(old, desired);
    expect(moves).toHaveLength(2);
    expect(await held()).toEqual(applyMoves(old, moves.slice(0, 1)));
  });
});


/**
 * Opens the playlist at `index`, presses `keys` and waits until the screen shows the order they make, runs
 * `beforeKill`, then SIGKILLs the dashboard. Orders are lists of entry identities.
 */
async function moveAndKill(index: number, keys: string[], beforeKill: (dashboard: Dashboard) => Promise<void>) {
  const { dashboard, before } = await openOn(index);
  dashboard.sendKeys(...keys);
  const desired = afterKeys(before, keys);
  const names = desired.slice(0, 8).map((entry) => cellPrefixOf(entry.name));
  await dashboard.waitFor((screen) => itemRowsOf(screen, 8).every((cell, row) => cell.startsWith(names[row]!)), SCREEN_MS);
  await beforeKill(dashboard);
  const lastScreen = dashboard.capture();
  await kill(dashboard);
  return {
    old: identities(before),
    desired: identities(desired),
    lastScreen,
    held: async () => identities(await playlistEntries(served.service, served.playlists[index]!.id)),
  };
}

async function waitUntil(condition: () => boolean, timeoutMs = SCREEN_MS): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !condition(); ) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What `J` (move the item down, the cursor follows) and `j` (cursor down) make of `before`, from the top. */
function afterKeys(before: readonly Entry[], keys: readonly string[]): Entry[] {
  const order = [...before];
  let cursor = 0;
  for (const key of keys) {
    if (key === 'J') [order[cursor], order[cursor + 1]] = [order[cursor + 1]!, order[cursor]!];
    cursor++;
  }
  return order;
}
