/**
 * Issue 30's done-when from outside: the built dashboard in tmux on the embedded service, on a private session
 * bus with a fake notification daemon; playerctl as the desktop's media keys, and the built `playdeck sleep`
 * and `playdeck status --follow` as a person and a status bar run them.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, FRESH_START_MS, nowPlayingOf, startDashboard, type Dashboard, type Sandbox } from '../helpers/e2e-dashboard.js';
import {
  missingBusTools, playerctl, sayWhySkipped, startFakeNotifications, startPrivateBus, type FakeNotifications, type PrivateBus,
} from '../helpers/session-bus.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const SCREEN_MS = 15_000;
const SUITE = 'the dashboard on a private session bus';
const missing = missingBusTools();
sayWhySkipped(SUITE, missing);

let bus: PrivateBus;
let notifications: FakeNotifications;
let sandbox: Sandbox;
let dashboard: Dashboard;

const shown = () => nowPlayingOf(dashboard.capture());
const ctl = async (...args: string[]): Promise<string> => {
  const { code, stdout, stderr } = await playerctl(bus.address, '-p', 'playdeck', ...args);
  if (code !== 0) throw new Error(`playerctl ${args.join(' ')}: ${stderr.trim()}`);
  return stdout.trim();
};

function playdeck(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, ...sandbox.env, CI: undefined, NO_COLOR: undefined };
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args, '--db', sandbox.db], { env, cwd: sandbox.dir }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function until<T>(read: () => Promise<T> | T, test: (value: T) => boolean, what: string, timeoutMs = SCREEN_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (test(value)) return value;
    if (Date.now() > deadline) throw new Error(`never: ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(missing !== null)(SUITE, () => {
  beforeAll(async () => {
    bus = await startPrivateBus();
    notifications = await startFakeNotifications(bus.address);
    sandbox = createSandbox();
    sandbox.env.DBUS_SESSION_BUS_ADDRESS = bus.address;
    mkdirSync(join(sandbox.env.XDG_CONFIG_HOME!, 'playdeck'));
    writeFileSync(join(sandbox.env.XDG_CONFIG_HOME!, 'playdeck', 'config.toml'), '[desktop]\nnotify = true\n');
    dashboard = startDashboard(['--db', sandbox.db], { sandbox });
    await dashboard.waitFor((screen) => nowPlayingOf(screen)?.isPlaying === true, FRESH_START_MS);
    await until(() => playerctl(bus.address, '-l'), ({ stdout }) => stdout.includes('playdeck'), 'playdeck on the bus');
  }, FRESH_START_MS + 30_000);

  afterAll(() => {
    dashboard?.kill();
    notifications?.close();
    bus?.stop();
    sandbox?.remove();
  });

  it('reads the title the service plays, and a position that moves', { timeout: 30_000 }, async () => {
    expect(await ctl('metadata', 'title')).toBe(shown()!.name);
    expect(await ctl('status')).toBe('Playing');
    const first = Number(await ctl('position'));
    const second = await until(() => ctl('position').then(Number), (position) => position > first + 1, 'the position moving');
    expect(second).toBeGreaterThan(first);
    expect(notifications.calls).toEqual([]); // none at start
  });

  it('pauses and plays on play-pause: the service, the screen and the bus agree', { timeout: 30_000 }, async () => {
    await ctl('play-pause');
    await dashboard.waitFor('❚❚ Paused', SCREEN_MS);
    expect((await playdeck('status')).stdout).toMatch(/^❚❚ /);
    expect(await until(() => ctl('status'), (status) => status === 'Paused', 'Paused on the bus')).toBe('Paused');
    await ctl('play-pause');
    await dashboard.waitFor('▶ Playing', SCREEN_MS);
  });

  it('goes to the next item on next: the title follows, and a notification tells it', { timeout: 30_000 }, async () => {
    const before = shown()!.name;
    await ctl('next');
    const after = (await until(() => shown(), (now) => now !== null && now.name !== before, 'the next item on screen'))!.name;
    expect(await until(() => ctl('metadata', 'title'), (title) => title === after, 'the title on the bus')).toBe(after);
    await until(() => notifications.calls.length, (count) => count >= 1, 'the notification');
    expect(notifications.calls[0]).toMatchObject({ appName: 'playdeck', replacesId: 0, summary: after });
  });

  it('status --follow prints a line a second while playing and one at once on a change', { timeout: 30_000 }, async () => {
    const env = { ...process.env, ...sandbox.env, CI: undefined, NO_COLOR: undefined };
    const follower = spawn(process.execPath, [CLI, 'status', '--follow', '--format', '{title} {elapsed}', '--db', sandbox.db], { env });
    const lines: string[] = [];
    follower.stdout.setEncoding('utf8');
    follower.stdout.on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
    try {
      await until(() => lines.length, (count) => count >= 4, 'four lines, a second apart');
      expect(new Set(lines.slice(0, 4)).size).toBe(4);
      const before = shown()!.name;
      expect(lines.at(-1)).toContain(before);
      await ctl('next');
      const after = (await until(() => shown(), (now) => now !== null && now.name !== before, 'the next item'))!.name;
      await until(() => lines.at(-1) ?? '', (line) => line.startsWith(after), 'the line of the new item');
    } finally {
      follower.kill('SIGTERM');
    }
  });

  it('pauses the player when playdeck sleep 5s runs out', { timeout: 40_000 }, async () => {
    await dashboard.waitFor('▶ Playing', SCREEN_MS);
    const set = await playdeck('sleep', '5s');
    expect(set.stderr).toBe('');
    expect(set.stdout).toMatch(/^sleep timer: pauses in 0:0[45], at \d\d:\d\d \(quitting the dashboard cancels it\)\n$/);
    // Counting down beside the clock, still playing...
    await dashboard.waitFor(/▶ Playing[\s\S]* · sleep 0:0[1-5]/, SCREEN_MS);
    // ...then paused by the timer, on the service too.
    await dashboard.waitFor('❚❚ Paused', SCREEN_MS);
    expect(dashboard.capture()).toContain('sleep timer: paused');
    expect((await playdeck('status')).stdout).toMatch(/^❚❚ /);
    expect(await until(() => ctl('status'), (status) => status === 'Paused', 'Paused on the bus')).toBe('Paused');
  });
});
