/**
 * Issue 5's done-when, from outside: the dashboard in tmux against `serve` on a temporary database, behind
 * a fault proxy; what was saved is read from the service with fetch and the token.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cellPrefixOf,
  createSandbox,
  itemRowsOf,
  openFirstPlaylist,
  startDashboard,
  statusMessageOf,
  type Dashboard,
  type Sandbox,
} from '../helpers/e2e-dashboard.js';
import { firstPlaylist, movedEntry, playlistEntries, reorderByApi, type Entry, type ServiceAccess } from '../helpers/e2e-service.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { identities } from '../helpers/e2e-served.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

const SCREEN_MS = 15_000;
/** A failed save retries with a growing backoff: recovery can take a few of its steps on a busy machine. */
const RECOVERY_MS = 40_000;

let serveHome: Sandbox;
let serve: ServeChild;
let proxy: FaultProxy;
let service: ServiceAccess;
let sandbox: Sandbox;
let dashboard: Dashboard | undefined;
let playlist: { id: string; name: string };
/** The service's order when the test began. */
let before: Entry[];

beforeAll(async () => {
  serveHome = createSandbox();
  serve = await spawnServe(['--port', '0', '--db', serveHome.db]);
  service = { baseUrl: serve.baseUrl, token: serve.accessToken };
  proxy = await startFaultProxy(serve.baseUrl);
  playlist = await firstPlaylist(service);
});

afterAll(async () => {
  await proxy.close();
  await stopServe(serve, 'SIGTERM');
  serveHome.remove();
});

beforeEach(async () => {
  before = await playlistEntries(service, playlist.id);
  sandbox = createSandbox();
  dashboard = startDashboard(['--base-url', proxy.baseUrl, '--token', service.token], { sandbox });
  await openFirstPlaylist(dashboard, playlist.name, before[0]!.name);
});

afterEach(() => {
  proxy.clear();
  dashboard?.kill();
  dashboard = undefined;
  sandbox.remove();
});

/** 'saved', or 'saved · merged with a change made elsewhere'; never 'unsaved'. */
const isSaved = (screen: string): boolean => /^saved\b/.test(statusMessageOf(screen));
const touchesPlaylists = (_method: string, url: string): boolean => url.includes('/playlists/');

describe('reordering a playlist by keyboard', () => {
  it('J then w moves the first item down one place on the service; u then w brings the old order back', { timeout: 60_000 }, async () => {
    const screen = dashboard!;
    screen.sendKeys('J');
    await screen.waitFor((text) => statusMessageOf(text).includes('unsaved'), SCREEN_MS);
    screen.sendKeys('w');
    await screen.waitFor(isSaved, SCREEN_MS);
    // Read right when 'saved' shows: it must already be true.
    expect(identities(await playlistEntries(service, playlist.id))).toEqual(identities(movedEntry(before, 0, 2)));

    screen.sendKeys('u');
    await screen.waitFor((text) => statusMessageOf(text).includes('unsaved'), SCREEN_MS);
    screen.sendKeys('w');
    await screen.waitFor(isSaved, SCREEN_MS);
    expect(identities(await playlistEntries(service, playlist.id))).toEqual(identities(before));
  });

  it('a move made while the service answers 500 reaches it after recovery', { timeout: 90_000 }, async () => {
    const screen = dashboard!;
    proxy.inject({ kind: 'status', status: 500, body: '{"error":{"status":500,"message":"injected"}}' }, { match: touchesPlaylists });
    screen.sendKeys('J', 'w');
    await screen.waitFor((text) => /save failed/.test(statusMessageOf(text)), SCREEN_MS);
    expect(proxy.requests.some((request) => request.fault === 'status' && touchesPlaylists(request.method, request.url))).toBe(true);
    expect(identities(await playlistEntries(service, playlist.id))).toEqual(identities(before));

    proxy.clear();
    await screen.waitFor(isSaved, RECOVERY_MS);
    expect(identities(await playlistEntries(service, playlist.id))).toEqual(identities(movedEntry(before, 0, 2)));
  });

  it('a change made through the API meanwhile is kept: merged, not overwritten', { timeout: 90_000 }, async () => {
    const screen = dashboard!;
    // Hold the dashboard's save back (it retries) until someone else has changed the playlist.
    proxy.inject({ kind: 'status', status: 500, body: '{"error":{"status":500,"message":"injected"}}' }, { match: touchesPlaylists });
    screen.sendKeys('J', 'w');
    await waitUntil(() => proxy.requests.some((request) => request.fault === 'status'), SCREEN_MS);
    const last = before.length - 1;
    await reorderByApi(service, playlist.id, last, 0);

    proxy.clear();
    await screen.waitFor((text) => isSaved(text) && statusMessageOf(text).includes('merged'), RECOVERY_MS);
    // Theirs (the last item now first) and ours (the first item after the second) both hold.
    const [first, second, ...rest] = before;
    const merged = [before[last]!, second!, first!, ...rest.slice(0, -1)];
    expect(identities(await playlistEntries(service, playlist.id))).toEqual(identities(merged));
    await screen.waitFor((text) => itemRowsOf(text, 3).every((cell, row) => cell.startsWith(cellPrefixOf(merged[row]!.name))), SCREEN_MS);
  });
});

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
