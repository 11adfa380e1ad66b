/**
 * Issue 13's done-when for the dashboard, from outside at 120×40 on a fresh database: Enter plays the third
 * entry of a playlist in it, a show opens on its episodes and Enter plays one, `5` lists what is in progress
 * and Enter resumes it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cellPrefixOf,
  createSandbox,
  escapeRegExp,
  nowPlayingOf,
  openFirstPlaylist,
  startDashboard,
  type Sandbox,
} from '../helpers/e2e-dashboard.js';
import { firstPlaylist, playlistEntries, type ServiceAccess } from '../helpers/e2e-service.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';
import type { TmuxSession } from '../helpers/tmux.js';

const SCREEN_MS = 15_000;

let serve: ServeChild;
/** The same deterministic demo catalog the dashboard's embedded service seeds: the names to expect. */
let access: ServiceAccess;
let sandbox: Sandbox;
let session: TmuxSession | undefined;

beforeAll(async () => {
  serve = await spawnServe(['--port', '0', '--db', ':memory:']);
  access = { baseUrl: serve.baseUrl, token: serve.accessToken };
});

afterAll(async () => {
  await stopServe(serve, 'SIGTERM');
});

afterEach(() => {
  session?.kill();
  session = undefined;
  sandbox?.remove();
});

async function read(path: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const response = await fetch(`${access.baseUrl}${path}`, { headers: { authorization: `Bearer ${access.token}` } });
  return response.json();
}

describe('playing what the cursor is on', () => {
  it('plays a playlist entry in its playlist, a show episode, and resumes from Continue listening', { timeout: 120_000 }, async () => {
    const playlist = await firstPlaylist(access);
    const entries = await playlistEntries(access, playlist.id);
    const show = (await read('/me/shows?limit=1')).items[0].show as { id: string; name: string };
    const episodes = (await read(`/shows/${show.id}/episodes?limit=50`)).items as { name: string }[];
    sandbox = createSandbox();
    const dashboard = startDashboard(['--db', sandbox.db], { sandbox, columns: 120, rows: 40 });
    session = dashboard;
    await dashboard.waitFor((screen) => nowPlayingOf(screen)?.name === entries[0]!.name, SCREEN_MS);

    await openFirstPlaylist(dashboard, playlist.name, entries[0]!.name);
    dashboard.sendKeys('j', 'j', 'Enter');
    await dashboard.waitFor(
      (screen) => nowPlayingOf(screen)?.name === entries[2]!.name && screen.includes(`from ${playlist.name}`),
      SCREEN_MS,
    );

    dashboard.sendKeys('3');
    await dashboard.waitFor(new RegExp(`Saved shows · \\d+[\\s\\S]*› ${escapeRegExp(cellPrefixOf(show.name))}`), SCREEN_MS);
    dashboard.sendKeys('Enter');
    // Enter once the first episode is listed under the cursor: pressed before, it has no row to play.
    await dashboard.waitFor(new RegExp(`${escapeRegExp(show.name)} · ${episodes.length} episodes[\\s\\S]*› \\d{4}-\\d\\d-\\d\\d`), SCREEN_MS);
    dashboard.sendKeys('Enter');
    await dashboard.waitFor(
      (screen) => nowPlayingOf(screen)?.name === episodes[0]!.name && screen.includes(`${show.name} · episode`),
      SCREEN_MS,
    );

    dashboard.sendKeys('5');
    const listed = await dashboard.waitFor(/Continue listening · \d+[\s\S]*› /, SCREEN_MS);
    const underCursor = /› (.+?)\s{2,}/.exec(listed)![1]!;
    expect(underCursor.length).toBeGreaterThan(0);
    dashboard.sendKeys('Enter');
    await dashboard.waitFor(
      (screen) => nowPlayingOf(screen)?.name.startsWith(cellPrefixOf(underCursor.replace(/…$/, ''))) === true,
      SCREEN_MS,
    );

    dashboard.sendKeys('q');
    expect((await dashboard.waitForExit()).status).toBe(0);
  });
});
