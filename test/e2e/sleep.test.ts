/**
 * A laptop that sleeps: the dashboard stopped for 20 s (SIGSTOP, as a closed lid stops it) and continued is
 * current within one poll, and the timers that came due together send no burst.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, nowPlayingOf, startDashboard, type Dashboard, type Sandbox } from '../helpers/e2e-dashboard.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

const SCREEN_MS = 15_000;
const STOPPED_MS = 20_000;

let serve: ServeChild;
let proxy: FaultProxy;
let sandbox: Sandbox;
let dashboard: Dashboard;

beforeAll(async () => {
  serve = await spawnServe(['--port', '0', '--db', ':memory:']);
  proxy = await startFaultProxy(serve.baseUrl);
  sandbox = createSandbox();
});
afterAll(async () => {
  dashboard?.kill();
  sandbox.remove();
  await proxy.close();
  await stopServe(serve, 'SIGTERM');
});

const seconds = (clock: string): number => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);

describe('after a sleep', () => {
  it('is current within one poll and sends at most 3 requests in the 5 s after it wakes', { timeout: 90_000 }, async () => {
    dashboard = startDashboard(['--base-url', proxy.baseUrl, '--token', serve.accessToken], { sandbox });
    const before = nowPlayingOf(await dashboard.waitFor((text) => nowPlayingOf(text)?.isPlaying === true, SCREEN_MS))!;
    const pid = dashboard.programPid();
    process.kill(pid, 'SIGSTOP');
    await new Promise<void>((resolve) => setTimeout(resolve, STOPPED_MS));
    const woke = proxy.requests.length;
    process.kill(pid, 'SIGCONT');
    const wokeAt = Date.now();
    // Current: the clock shows the time the player reached while the dashboard slept (the track may have
    // changed; then the name differs), within one 5 s poll of waking.
    await dashboard.waitFor((text) => {
      const now = nowPlayingOf(text);
      return now !== null && (now.name !== before.name || seconds(now.elapsed) >= seconds(before.elapsed) + STOPPED_MS / 1000 - 2);
    }, 6_000);
    await new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, wokeAt + 5_000 - Date.now())));
    const burst = proxy.requests.slice(woke).filter((request) => request.at <= wokeAt + 5_000);
    expect(burst.length, burst.map((request) => `${request.method} ${request.url}`).join('\n')).toBeLessThanOrEqual(3);
  });
});
