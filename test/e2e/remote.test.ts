/**
 * Issue 17's checks from outside, as a new user: the built dashboard in tmux at 120×40 on a fresh embedded
 * database, behind the fault proxy that counts what it sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, nowPlayingOf, startDashboard, statusLineOf, type Dashboard, type Sandbox } from '../helpers/e2e-dashboard.js';
import { firstPlaylist, playingName, playlistEntries, type ServiceAccess } from '../helpers/e2e-service.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

const SCREEN_MS = 15_000;

let serve: ServeChild;
let service: ServiceAccess;
let proxy: FaultProxy;
let sandbox: Sandbox;
let dashboard: Dashboard;

interface PlayerView {
  device: { name: string; volume_percent: number | null };
}

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${service.baseUrl}${path}`, { headers: { authorization: `Bearer ${service.token}` } });
  return (await response.json()) as T;
}

/** Asks the service until `check` holds (each answer is a fresh read, no fixed wait). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = SCREEN_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`the service never agreed: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const player = () => get<PlayerView>('/me/player');

beforeAll(async () => {
  serve = await spawnServe(['--port', '0', '--db', ':memory:']);
  service = { baseUrl: serve.baseUrl, token: serve.accessToken };
  proxy = await startFaultProxy(serve.baseUrl);
  sandbox = createSandbox();
  dashboard = startDashboard(['--base-url', proxy.baseUrl, '--token', service.token], { sandbox, columns: 120, rows: 40 });
  const playlist = await firstPlaylist(service);
  await dashboard.waitFor((text) => nowPlayingOf(text)?.isPlaying === true && text.includes(`› ${playlist.name}`), SCREEN_MS);
});

afterAll(async () => {
  dashboard?.kill();
  sandbox?.remove();
  await proxy?.close();
  await stopServe(serve, 'SIGTERM');
});

describe('the dashboard as a remote', () => {
  it('+ three times raises the volume by 15 with one or two requests', { timeout: 30_000 }, async () => {
    const before = (await player()).device.volume_percent!;
    const from = proxy.requests.length;
    dashboard.sendKeys('+', '+', '+');
    await until(player, (state) => state.device.volume_percent === before + 15);
    const sent = proxy.requests.slice(from).filter((request) => request.url.includes('/me/player/volume'));
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(2);
    await dashboard.waitFor(`, ${before + 15}%)`, SCREEN_MS);
  });

  it('d, the speaker and Enter make the speaker the active device', { timeout: 30_000 }, async () => {
    dashboard.sendKeys('d');
    await dashboard.waitFor('Kitchen speaker', SCREEN_MS);
    dashboard.sendKeys('Down', 'Enter');
    await until(player, (state) => state.device.name === 'Kitchen speaker');
    await dashboard.waitFor((screen) => statusLineOf(screen).includes('playing on Kitchen speaker'), SCREEN_MS);
    await dashboard.waitFor('Kitchen speaker (Speaker', SCREEN_MS);
    // No volume there: the keys say so.
    dashboard.sendKeys('+');
    await dashboard.waitFor((screen) => statusLineOf(screen).includes('has no volume control'), SCREEN_MS);
  });

  it('a on a track puts it first in up next, and the service plays it next', { timeout: 30_000 }, async () => {
    const playlist = await firstPlaylist(service);
    const entries = await playlistEntries(service, playlist.id);
    const chosen = entries[3]!;
    dashboard.sendKeys('Enter');
    // Rows cut long names: its start is enough to know the items are there.
    await dashboard.waitFor(`4  ${chosen.name.slice(0, 12)}`, SCREEN_MS);
    dashboard.sendKeys('j', 'j', 'j', 'a');
    await dashboard.waitFor((screen) => statusLineOf(screen).includes(`added to the queue: ${chosen.name}`), SCREEN_MS);
    await dashboard.waitFor(`Next  ${chosen.name}`, SCREEN_MS);
    const queue = await get<{ queue: { uri: string }[] }>('/me/player/queue');
    expect(queue.queue[0]!.uri).toBe(chosen.uri);
    dashboard.sendKeys('n');
    await until(() => playingName(service), (name) => name === chosen.name);
  });
});
