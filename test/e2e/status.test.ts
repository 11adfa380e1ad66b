/**
 * Issue 16's done-when from outside: a dashboard in tmux against `serve` behind the fault proxy, and the built
 * `playdeck status` and `playdeck next` run as a status bar and a key binding run them.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, nowPlayingOf, startDashboard, type Dashboard, type Sandbox } from '../helpers/e2e-dashboard.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const SCREEN_MS = 15_000;
/**
 * The command line's token differs from the dashboard's, and the service would refuse it: a request from
 * `status` or `next` that reached the service would show in the proxy's record with it, and fail.
 */
const COMMAND_LINE_TOKEN = 'not-the-dashboards-token';

let serve: ServeChild;
let proxy: FaultProxy;
let sandbox: Sandbox;
let dashboard: Dashboard;

beforeAll(async () => {
  serve = await spawnServe(['--port', '0', '--db', ':memory:']);
  proxy = await startFaultProxy(serve.baseUrl);
  sandbox = createSandbox();
  dashboard = startDashboard(['--base-url', proxy.baseUrl, '--token', serve.accessToken], { sandbox });
  await dashboard.waitFor((screen) => nowPlayingOf(screen) !== null, SCREEN_MS);
});

afterAll(async () => {
  dashboard?.kill();
  sandbox?.remove();
  await proxy?.close();
  await stopServe(serve, 'SIGTERM');
});

function playdeck(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, ...sandbox.env, CI: undefined, NO_COLOR: undefined };
  const all = [CLI, ...args, '--base-url', proxy.baseUrl, '--token', COMMAND_LINE_TOKEN];
  return new Promise((resolve) => {
    execFile(process.execPath, all, { env, cwd: sandbox.dir }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const fromCommandLine = () => proxy.requests.filter((request) => request.headers.authorization === `Bearer ${COMMAND_LINE_TOKEN}`);

describe('status and commands while a dashboard runs', () => {
  it('answers status 20 times with the title on screen, and not one request reaches the service', { timeout: 60_000 }, async () => {
    for (let call = 0; call < 20; call++) {
      const shown = nowPlayingOf(dashboard.capture());
      const { code, stdout, stderr } = await playdeck('status');
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(/^(▶|❚❚) .+ \d+:\d{2}\/\d+:\d{2}\n$/);
      if (shown) expect(stdout).toContain(shown.name);
    }
    expect(fromCommandLine()).toEqual([]);
  });

  it("moves the dashboard to the next item with playdeck next, through the dashboard's own path", { timeout: 60_000 }, async () => {
    const before = nowPlayingOf(await dashboard.waitFor((screen) => nowPlayingOf(screen) !== null, SCREEN_MS))!;
    const { code, stderr } = await playdeck('next');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const after = nowPlayingOf(await dashboard.waitFor((screen) => { const now = nowPlayingOf(screen); return now !== null && now.name !== before.name; }, SCREEN_MS))!;
    expect((await playdeck('status', '--format', '{title}')).stdout).toBe(`${after.name}\n`);
    expect(fromCommandLine()).toEqual([]);
  });
});
