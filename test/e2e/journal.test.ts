/**
 * Issue 14, "nothing the screen showed is ever lost", and issue 15's signals, from outside: the dashboard in
 * tmux against `serve` (behind a fault proxy), its journal under the sandbox's XDG_STATE_HOME, what was saved
 * read from the service with fetch.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sayWhySkipped } from '../helpers/system-tools.js';
import { textCollator } from '../../src/ui/playlist-editor/model/sort.js';
import { planMoves } from '../../src/ui/playlist-editor/model/save-plan.js';
import {
  cellPrefixOf,
  createSandbox,
  escapeRegExp,
  itemRowsOf,
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

const journalDir = (sandbox: Sandbox): string => join(sandbox.env.XDG_STATE_HOME!, 'playdeck', 'journal');
const journalFiles = (sandbox: Sandbox): string[] => {
  try {
    return readdirSync(journalDir(sandbox)).filter((name) => name.endsWith('.journal.json'));
  } catch {
    return [];
  }
};

function dashboardIn(sandbox: Sandbox, outputLog?: string): Dashboard {
  const dashboard = startDashboard(['--base-url', served.proxy.baseUrl, '--token', served.service.token], { sandbox, outputLog });
  sessions.push(dashboard);
  return dashboard;
}

/** A sandbox whose dashboard opened the playlist at `index`, pressed J and showed the move (saves refused, in case one comes early). */
async function moveShown(index: number, withOutputLog = false) {
  const playlist = served.playlists[index]!;
  const before = await playlistEntries(served.service, playlist.id);
  const sandbox = createSandbox();
  sandboxes.push(sandbox);
  const outputLog = withOutputLog ? join(sandbox.dir, 'terminal.log') : undefined;
  const dashboard = dashboardIn(sandbox, outputLog);
  await openPlaylist(dashboard, index, playlist.name, before[0]!.name);
  const pid = dashboard.programPid();
  served.proxy.inject({ kind: 'status', status: 500, body: '{"error":{"status":500,"message":"injected"}}' }, { match: isPut });
  dashboard.sendKeys('J');
  const shown = [before[1]!, before[0]!].map((entry) => cellPrefixOf(entry.name));
  await dashboard.waitFor((screen) => itemRowsOf(screen, 2).every((cell, row) => cell.startsWith(shown[row]!)), SCREEN_MS);
  return { playlist, before, sandbox, dashboard, pid, outputLog };
}

const offerOf = (name: string): RegExp => new RegExp(`^1 unsaved move in ${escapeRegExp(name)} from \\d\\d:\\d\\d — s save, d discard, Esc later`);

/**
 * A full disk without root: the dashboard runs in a user and mount namespace of its own (`unshare`), where the
 * journal's folder is a 16 KiB tmpfs filled to the brim. Why not, where such a namespace cannot be made.
 */
function whyNoFullDisk(): string | null {
  try {
    execFileSync('unshare', ['-rm', 'true'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'unshare cannot make a user and mount namespace here (a full disk needs a small tmpfs of its own)';
  }
}

const fullDiskUnder = (folder: string): string[] => [
  'unshare', '-rm', 'sh', '-c',
  `mount -t tmpfs -o size=16k tmpfs '${folder}' && { cat /dev/zero > '${folder}/.fill'; } 2>/dev/null; exec "$@"`, 'full-disk',
];
const noFullDisk = whyNoFullDisk();
sayWhySkipped('a full disk', noFullDisk);

describe('the journal of unsaved moves', () => {
  it.skipIf(noFullDisk !== null)('on a full disk: J is refused with the reason on the status line, nothing moves, nothing is sent', { timeout: 60_000 }, async () => {
    const index = served.playlists.findLastIndex((candidate) => candidate.total >= 2 && candidate.total <= 50);
    const playlist = served.playlists[index]!;
    const before = await playlistEntries(served.service, playlist.id);
    const sandbox = createSandbox();
    sandboxes.push(sandbox);
    const folder = journalDir(sandbox);
    mkdirSync(folder, { recursive: true });
    const dashboard = startDashboard(['--base-url', served.proxy.baseUrl, '--token', served.service.token], { sandbox, prefix: fullDiskUnder(folder) });
    sessions.push(dashboard);
    await openPlaylist(dashboard, index, playlist.name, before[0]!.name);
    const putsBefore = served.proxy.count(isPut);
    dashboard.sendKeys('J');
    const screen = await dashboard.waitFor((text) => statusMessageOf(text).startsWith('not changed: the disk is full'), SCREEN_MS);
    expect(itemRowsOf(screen, 2).map((cell, row) => cell.startsWith(cellPrefixOf(before[row]!.name)))).toEqual([true, true]);
    // Nothing waits to be saved: w says so.
    dashboard.sendKeys('w');
    await dashboard.waitFor((text) => statusMessageOf(text) === 'nothing to save', SCREEN_MS);
    expect(served.proxy.count(isPut)).toBe(putsBefore);
    expect(identities(await playlistEntries(served.service, playlist.id))).toEqual(identities(before));
  });


  it('J, then SIGKILL at once: the next start offers the move, s saves it, once', { timeout: 60_000 }, async () => {
    const { playlist, before, sandbox, dashboard, pid } = await moveShown(2);
    process.kill(pid, 'SIGKILL');
    expect((await dashboard.waitForExit()).status).toBe(SIGKILL_STATUS);
    // Killed before any save reached the service; the move is on disk, for the user alone.
    expect(identities(await playlistEntries(served.service, playlist.id))).toEqual(identities(before));
    const [file] = journalFiles(sandbox);
    expect(file).toBeDefined();
    expect(statSync(join(journalDir(sandbox), file!)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(journalDir(sandbox), file!), 'utf8')).change_count).toBe(1);

    served.proxy.clear();
    const putsBefore = served.proxy.count(isPut);
    const again = dashboardIn(sandbox);
    await again.waitFor((screen) => offerOf(playlist.name).test(statusMessageOf(screen)), SCREEN_MS);
    again.sendKeys('s');
    await again.waitFor((screen) => /^saved\b/.test(statusMessageOf(screen)), SCREEN_MS);
    expect(identities(await playlistEntries(served.service, playlist.id))).toEqual(identities([before[1]!, before[0]!, ...before.slice(2)]));
    expect(served.proxy.count(isPut) - putsBefore).toBe(1);
    expect(journalFiles(sandbox)).toEqual([]);
  });

  it('SIGTERM with a move unsaved: exits 0 with the terminal given back and the journal kept; d then y discards it', { timeout: 60_000 }, async () => {
    const { playlist, before, sandbox, dashboard, pid, outputLog } = await moveShown(3, true);
    process.kill(pid, 'SIGTERM');
    expect((await dashboard.waitForExit()).status).toBe(0);
    // The program itself gave the terminal back (focus reports off, cursor shown, main screen), before the
    // shell around it wrote its own `[exit 0]` line.
    const written = readFileSync(outputLog!, 'utf8');
    expect(written.indexOf('\u001b[?1004l\u001b[?25h\u001b[?1049l')).toBeGreaterThan(-1);
    expect(written.indexOf('\u001b[?1004l\u001b[?25h\u001b[?1049l')).toBeLessThan(written.indexOf('[exit 0]'));
    expect(journalFiles(sandbox)).toHaveLength(1);

    served.proxy.clear();
    const again = dashboardIn(sandbox);
    await again.waitFor((screen) => offerOf(playlist.name).test(statusMessageOf(screen)), SCREEN_MS);
    again.sendKeys('d');
    await again.waitFor((screen) => /^Discard 1 unsaved move in .*\? y discards them, n keeps them/.test(statusMessageOf(screen)), SCREEN_MS);
    again.sendKeys('y');
    await again.waitFor((screen) => !statusMessageOf(screen).includes('unsaved move'), SCREEN_MS);
    expect(journalFiles(sandbox)).toEqual([]);
    expect(identities(await playlistEntries(served.service, playlist.id))).toEqual(identities(before));
  });

  it('o t, killed while the 4th request of its save is out (it landed): a restart finishes the sort, every entry once, added_at kept', { timeout: 90_000 }, async () => {
    const index = served.playlists.findIndex((candidate, at) => at > 3 && candidate.total >= 12 && candidate.total <= 50);
    const playlist = served.playlists[index]!;
    const before = await playlistEntries(served.service, playlist.id);
    const collator = textCollator();
    const sorted = before.map((entry, row) => ({ entry, row })).sort((a, b) => collator.compare(a.entry.name, b.entry.name) || a.row - b.row).map(({ entry }) => entry);
    const planned = planMoves(identities(before), identities(sorted)).length;
    expect(planned, 'a sort that takes several requests, fewer than the 50 that ask first').toBeGreaterThan(4);
    expect(planned).toBeLessThanOrEqual(50);

    const sandbox = createSandbox();
    sandboxes.push(sandbox);
    const dashboard = dashboardIn(sandbox);
    await openPlaylist(dashboard, index, playlist.name, before[0]!.name);
    const pid = dashboard.programPid();
    const putsBefore = served.proxy.count(isPut);
    // The 4th request reaches the service; its answer never reaches the dashboard.
    let puts = 0;
    served.proxy.inject({ kind: 'delay', ms: 60_000 }, { match: (method, url) => isPut(method, url) && ++puts === 4 });
    dashboard.sendKeys('o', 't');
    await dashboard.waitFor((screen) => /^saving 4\//.test(statusMessageOf(screen)), SCREEN_MS);
    for (const deadline = Date.now() + SCREEN_MS; !served.proxy.requests.some((request) => request.fault === 'delay'); ) {
      if (Date.now() > deadline) throw new Error('the 4th request never came');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    process.kill(pid, 'SIGKILL');
    expect((await dashboard.waitForExit()).status).toBe(SIGKILL_STATUS);
    expect(served.proxy.count(isPut) - putsBefore).toBe(4);

    served.proxy.clear();
    const again = dashboardIn(sandbox);
    await again.waitFor((screen) => new RegExp(`^1 unsaved move in ${escapeRegExp(playlist.name)} from`).test(statusMessageOf(screen)), SCREEN_MS);
    again.sendKeys('s');
    await again.waitFor((screen) => /^saved\b/.test(statusMessageOf(screen)), SCREEN_MS);
    const after = await playlistEntries(served.service, playlist.id);
    expect(identities(after)).toEqual(identities(sorted));
    // Nothing sent twice: the request that landed unanswered counted as done.
    expect(served.proxy.count(isPut) - putsBefore).toBe(planned);
    expect(journalFiles(sandbox)).toEqual([]);
  });
});
