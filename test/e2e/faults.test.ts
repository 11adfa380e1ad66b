/**
 * Issue 3's checks from outside: the dashboard in tmux against `serve` behind the fault-injecting proxy,
 * which counts every request the dashboard really sends.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { createSandbox, nowPlayingOf, startDashboard, statusLineOf, type Dashboard } from '../helpers/e2e-dashboard.js';
import { firstPlaylist, type ServiceAccess } from '../helpers/e2e-service.js';
import { startFaultProxy, type Fault, type FaultProxy } from '../helpers/fault-proxy.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

const SCREEN_MS = 15_000;
/** Long enough for the client's own retries to give up, so that the dashboard calls itself offline. */
const OFFLINE_MS = 40_000;

let serve: ServeChild;
let service: ServiceAccess;
let playlistName: string;

beforeAll(async () => {
  serve = await spawnServe(['--port', '0', '--db', ':memory:']);
  service = { baseUrl: serve.baseUrl, token: serve.accessToken };
  playlistName = (await firstPlaylist(service)).name;
});

afterAll(async () => {
  await stopServe(serve, 'SIGTERM');
});

interface Setup {
  /** The dashboard's own proxy: its requests are this dashboard's alone. */
  proxy: FaultProxy;
  dashboard: Dashboard;
  /** What Now playing showed once the dashboard was up. */
  playing: string;
}

/** A dashboard behind its own proxy, up and playing; torn down when the test ends. */
async function setUp(onTestFinished: (cleanup: () => Promise<void>) => void): Promise<Setup> {
  const proxy = await startFaultProxy(serve.baseUrl);
  const sandbox = createSandbox();
  const dashboard = startDashboard(['--base-url', proxy.baseUrl, '--token', service.token], { sandbox });
  onTestFinished(async () => {
    dashboard.kill();
    sandbox.remove();
    await proxy.close();
  });
  const screen = await dashboard.waitFor((text) => nowPlayingOf(text)?.isPlaying === true && text.includes(`› ${playlistName}`), SCREEN_MS);
  return { proxy, dashboard, playing: nowPlayingOf(screen)!.name };
}

const errorBody = (status: number, message: string): string => JSON.stringify({ error: { status, message } });
/** The right-hand side of the status line says online, and no data is marked old. */
const isOnline = (screen: string): boolean => / online │/.test(statusLineOf(screen)) && !/data \d+ \S+ old/.test(statusLineOf(screen));
/** The last good data is still on screen: the item playing and the playlists. */
const keepsLastData = (screen: string, playing: string): boolean => nowPlayingOf(screen)?.name === playing && screen.includes(`› ${playlistName}`);

// Each test has its own dashboard and proxy. They run one after another: six dashboards starting at once behind
// six proxies left the first requests of some unanswered on this 2-core machine (also with the code before this
// round), and a test must not depend on that.
describe('the dashboard behind a faulty network', () => {
  it('idle and playing, it sends at most 8 requests in 30 s', { timeout: 90_000 }, async ({ expect, onTestFinished }) => {
    const { proxy, dashboard } = await setUp(onTestFinished);
    // The window opens at the first player poll after the start-up reads (up next, what is liked): on a loaded
    // machine they are still on their way when the screen first shows what plays, and they are no part of rest.
    const from = await vi.waitFor(
      () => {
        const queue = proxy.requests.findIndex((request) => request.url.startsWith('/v1/me/player/queue'));
        expect(queue).toBeGreaterThan(-1);
        const poll = proxy.requests.findIndex((request, index) => index > queue && request.url.startsWith('/v1/me/player?'));
        expect(poll).toBeGreaterThan(-1);
        return poll + 1;
      },
      { timeout: SCREEN_MS, interval: 100 },
    );
    // The window is the measurement itself: nothing is pressed, and whatever the dashboard sends is counted.
    await sleep(30_000);
    const sent = proxy.requests.slice(from);
    expect(sent.length, sent.map((request) => `${request.method} ${request.url}`).join('\n')).toBeLessThanOrEqual(8);
    expect(sent.length).toBeGreaterThan(0); // it does keep polling
    expect(nowPlayingOf(dashboard.capture())?.isPlaying).toBe(true);
  });

  it('after a 429 with Retry-After: 4 it sends nothing for 4 s, then catches up', { timeout: 90_000 }, async ({ expect, onTestFinished }) => {
    const { proxy, dashboard } = await setUp(onTestFinished);
    // Refused: a player poll once the start-up reads are out, which goes alone. A request already on its way when
    // the 429 comes cannot be called back, and one of the start-up reads once came 2 ms after the refusal.
    await vi.waitFor(() => expect(proxy.requests.some((request) => request.url.startsWith('/v1/me/player/queue'))).toBe(true), { timeout: SCREEN_MS, interval: 100 });
    const isPoll = (method: string, url: string) => method === 'GET' && url.startsWith('/v1/me/player?');
    proxy.inject({ kind: 'status', status: 429, headers: { 'retry-after': '4' }, body: errorBody(429, 'API rate limit exceeded') }, { times: 1, match: isPoll });
    await dashboard.waitFor((screen) => /rate-limited, retrying in \d s/.test(statusLineOf(screen)), SCREEN_MS);
    // Asking for more while the gate is closed: the saved shows must wait too.
    dashboard.sendKeys('3');
    await dashboard.waitFor((screen) => /Saved shows · \d+/.test(screen) && isOnline(screen), SCREEN_MS);

    const refusedAt = proxy.requests.findIndex((request) => request.status === 429);
    const refused = proxy.requests[refusedAt]!;
    const after = proxy.requests.slice(refusedAt + 1);
    expect(after.map((request) => request.at - refused.at).filter((gap) => gap < 4_000)).toEqual([]);
    expect(after.some((request) => request.url.startsWith('/v1/me/shows'))).toBe(true);
  });

  it.for<[string, Fault, RegExp, number]>([
    ['429s', { kind: 'status', status: 429, body: errorBody(429, 'API rate limit exceeded') }, /rate-limited, retrying/, SCREEN_MS],
    // The failure's words stand once: on the left when a failed poll says them there, else beside the state.
    ['500s', { kind: 'status', status: 500, body: errorBody(500, 'injected failure') }, /injected failure \(500.* retrying |retrying: injected failure \(500/, SCREEN_MS],
    ['dropped connections', { kind: 'drop' }, /Cannot reach the service.* offline |offline: Cannot reach the service/, OFFLINE_MS],
  ])('during %s it keeps the last data, says what is wrong, and clears the notice after recovery', { timeout: 120_000 }, async ([, fault, notice, noticeMs], { expect, onTestFinished }) => {
    const { proxy, dashboard, playing } = await setUp(onTestFinished);
    proxy.inject(fault);
    const troubled = await dashboard.waitFor((screen) => notice.test(statusLineOf(screen)), noticeMs);
    expect(keepsLastData(troubled, playing)).toBe(true);

    proxy.clear();
    const recovered = await dashboard.waitFor(isOnline, SCREEN_MS);
    expect(statusLineOf(recovered)).not.toMatch(notice);
    // Fresh data now (the item may have changed meanwhile), the playlists still there.
    expect(nowPlayingOf(recovered)).not.toBeNull();
    expect(recovered).toContain(`› ${playlistName}`);
  });

  it('a 401 it cannot refresh (a fixed --token) says the token was refused, keeping the last data', { timeout: 90_000 }, async ({ expect, onTestFinished }) => {
    const { proxy, dashboard, playing } = await setUp(onTestFinished);
    proxy.inject({ kind: 'status', status: 401, body: errorBody(401, 'The access token expired') });
    const screen = await dashboard.waitFor((text) => /The access token expired \(401/.test(statusLineOf(text)), SCREEN_MS);
    expect(keepsLastData(screen, playing)).toBe(true);
    expect(statusLineOf(screen)).not.toMatch(/ online │/);
  });
});
