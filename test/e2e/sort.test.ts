/**
 * Issue 14, sort and save: `o t` in a playlist's items sorts it by title on the screen and on the service, by
 * range moves only, so every entry keeps its `added_at`. The dashboard runs in tmux against `serve`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { textCollator } from '../../src/ui/playlist-editor/model/sort.js';
import { createSandbox, openPlaylist, startDashboard, statusMessageOf, type Dashboard, type Sandbox } from '../helpers/e2e-dashboard.js';
import { listPlaylists, playlistEntries, type ServiceAccess } from '../helpers/e2e-service.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

const SCREEN_MS = 20_000;

let serveHome: Sandbox;
let serve: ServeChild;
let service: ServiceAccess;
const sessions: Dashboard[] = [];
const sandboxes: Sandbox[] = [];

beforeAll(async () => {
  serveHome = createSandbox();
  serve = await spawnServe(['--port', '0', '--db', serveHome.db]);
  service = { baseUrl: serve.baseUrl, token: serve.accessToken };
});

afterAll(async () => {
  await stopServe(serve, 'SIGTERM');
  serveHome.remove();
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
  for (const sandbox of sandboxes.splice(0)) sandbox.remove();
});

describe('sorting a playlist', () => {
  it('o t ends with the service sorted by title, every entry kept with its added_at', { timeout: 60_000 }, async () => {
    const playlists = await listPlaylists(service, 12);
    // The first small playlist (the 10,000-item one is the bench's).
    const index = playlists.findIndex((candidate) => candidate.total > 2 && candidate.total <= 200);
    const playlist = playlists[index]!;
    const before = await playlistEntries(service, playlist.id);
    const collator = textCollator();
    const sorted = before.map((entry, row) => ({ entry, row })).sort((a, b) => collator.compare(a.entry.name, b.entry.name) || a.row - b.row);
    expect(sorted.map(({ row }) => row), 'a playlist the sort changes').not.toEqual(before.map((_, row) => row));

    const sandbox = createSandbox();
    sandboxes.push(sandbox);
    const dashboard = startDashboard(['--base-url', service.baseUrl, '--token', service.token], { sandbox });
    sessions.push(dashboard);
    await openPlaylist(dashboard, index, playlist.name, before[0]!.name);
    dashboard.sendKeys('o', 't');
    const asksOrSaved = (screen: string): boolean => /^(saved\b|saving takes)/.test(statusMessageOf(screen));
    // More than 50 requests ask first; fewer save after the idle pause.
    if (/^saving takes/.test(statusMessageOf(await dashboard.waitFor(asksOrSaved, SCREEN_MS)))) dashboard.sendKeys('y');
    await dashboard.waitFor((screen) => /^saved\b/.test(statusMessageOf(screen)), SCREEN_MS);

    const after = await playlistEntries(service, playlist.id);
    expect(after.map((entry) => entry.name)).toEqual(sorted.map(({ entry }) => entry.name));
    const key = (entry: { uri: string; addedAt: string }): string => `${entry.uri}@${entry.addedAt}`;
    expect(after.map(key)).toEqual(sorted.map(({ entry }) => key(entry)));
  });
});
