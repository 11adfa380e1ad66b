/**
 * The desktop side on a private session bus, in process: the dashboard's tree on the fake API, linked to a
 * bridge as src/cli/dashboard.tsx links it, and playerctl and a fake notification daemon as the desktop's
 * clients. (test/e2e/desktop.test.ts does the same with the built program on the embedded service.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDesktop, type Desktop } from '../../src/desktop/desktop.js';
import { createDashboardBridge, type DashboardBridge } from '../../src/status/player-bridge.js';
import { App } from '../../src/ui/app/App.js';
import { PlaybackLinkContext } from '../../src/ui/hooks/use-playback-link.js';
import { createFakeApi, type FakeApi } from '../helpers/fake-api.js';
import { renderApp, type RenderedApp } from '../helpers/render.js';
import {
  missingBusTools, playerctl, sayWhySkipped, startFakeNotifications, startPrivateBus, watchSignals,
  type FakeNotifications, type PrivateBus,
} from '../helpers/session-bus.js';

const SUITE = 'MPRIS and notifications on a private session bus';
const missing = missingBusTools();
sayWhySkipped(SUITE, missing);

let bus: PrivateBus;
let notifications: FakeNotifications;
let api: FakeApi;
let app: RenderedApp;
let bridge: DashboardBridge;
let desktop: Desktop | null;
let cacheDir: string;
let settings = { mpris: true, notify: true };
const logged: string[] = [];

/** Real time: D-Bus answers come from other processes. */
async function until<T>(read: () => Promise<T> | T, test: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (test(value)) return value;
    if (Date.now() > deadline) throw new Error(`never: ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ctl = async (...args: string[]): Promise<string> => {
  const { code, stdout, stderr } = await playerctl(bus.address, '-p', 'playdeck', ...args);
  if (code !== 0) throw new Error(`playerctl ${args.join(' ')}: ${stderr.trim()}`);
  return stdout.trim();
};
const titleShown = () => api.currentPlayback()?.item?.name ?? '';

describe.skipIf(missing !== null)(SUITE, () => {
  beforeAll(async () => {
    bus = await startPrivateBus();
    notifications = await startFakeNotifications(bus.address);
    cacheDir = mkdtempSync(join(tmpdir(), 'playdeck-desktop-'));
  });

  // A dashboard per test: the test run unmounts what a test mounted once it ends.
  beforeEach(async () => {
    settings = { mpris: true, notify: true };
    logged.length = 0;
    notifications.calls.length = 0;
    api = createFakeApi();
    bridge = createDashboardBridge(api);
    app = renderApp(
      <PlaybackLinkContext.Provider value={bridge}>
        <App api={api} />
      </PlaybackLinkContext.Provider>,
    );
    await app.waitForFrame('▶ Playing');
    await until(() => bridge.snapshot(), (snapshot) => snapshot !== null, 'the link');
    desktop = await startDesktop({ address: bus.address, bridge, settings: () => settings, cacheDir, log: (line) => logged.push(line) });
  });

  afterEach(async () => {
    desktop?.close();
    // Gone from the bus before the next dashboard asks for the name.
    await until(() => playerctl(bus.address, '-l'), ({ stdout }) => !stdout.includes('playdeck'), 'the name released');
  });

  afterAll(() => {
    notifications?.close();
    bus?.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('owns org.mpris.MediaPlayer2.playdeck and tells what plays, with no request of its own', async () => {
    expect(desktop).not.toBeNull();
    const asked = api.callsTo('getPlaybackState').length;
    expect(await ctl('metadata', 'title')).toBe(titleShown());
    expect(await ctl('status')).toBe('Playing');
    expect(await ctl('metadata', 'mpris:length')).toBe(String(api.currentPlayback()!.item!.duration_ms * 1000));
    expect(Number(await ctl('volume'))).toBeCloseTo(api.currentPlayback()!.device.volume_percent! / 100);
    expect(api.callsTo('getPlaybackState').length - asked).toBeLessThanOrEqual(1); // the dashboard's own poll, if one fell due
    expect(logged).toEqual([]);
  });

  it('answers the position from the clock: it moves while playing', async () => {
    const first = Number(await ctl('position'));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const second = Number(await ctl('position'));
    expect(second - first).toBeGreaterThan(0.9);
    expect(second - first).toBeLessThan(3);
  });

  it('runs play-pause through the dashboard: the service pauses and the screen says so', async () => {
    await ctl('play-pause');
    await until(() => api.callsTo('pause').length, (count) => count === 1, 'the pause');
    await app.waitForFrame('❚❚ Paused');
    expect(await until(() => ctl('status'), (status) => status === 'Paused', 'Paused over the bus')).toBe('Paused');
    await ctl('play-pause');
    await app.waitForFrame('▶ Playing');
  });

  it('goes to the next item on next, the title follows, and one notification replaces the one before', async () => {
    const first = titleShown();
    expect(notifications.calls).toEqual([]); // none at start
    await ctl('next');
    await until(() => titleShown(), (title) => title !== first, 'the next item on the service');
    const second = titleShown();
    expect(await until(() => ctl('metadata', 'title'), (title) => title === second, 'the title over the bus')).toBe(second);
    await until(() => notifications.calls.length, (count) => count === 1, 'a notification');
    expect(notifications.calls[0]).toMatchObject({ appName: 'playdeck', replacesId: 0, summary: second });
    await ctl('next');
    await until(() => notifications.calls.length, (count) => count === 2, 'the second notification');
    expect(notifications.calls[1]).toMatchObject({ replacesId: 1, summary: titleShown() });
  });

  it('signals only what changes: nothing while the clock runs on, PropertiesChanged on a pause, Seeked on a jump', async () => {
    const watcher = await watchSignals(bus.address);
    try {
      await new Promise((resolve) => setTimeout(resolve, 6_000)); // a poll of the dashboard falls in here
      expect(watcher.signals).toEqual([]);
      await ctl('position', '30');
      await until(() => watcher.signals.map((signal) => signal.member), (members) => members.includes('Seeked'), 'Seeked');
      await ctl('pause');
      const changed = await until(
        () => watcher.signals.filter((signal) => signal.member === 'PropertiesChanged'),
        (signals) => signals.length > 0,
        'PropertiesChanged',
      );
      expect(changed[0]!.body[0]).toBe('org.mpris.MediaPlayer2.Player');
      expect(Object.keys(changed[0]!.body[1] as object)).toContain('PlaybackStatus');
      expect(Object.keys(changed[0]!.body[1] as object)).not.toContain('Position');
    } finally {
      watcher.close();
      await ctl('play');
    }
  });

  it('sends no notification with notify off', async () => {
    settings = { mpris: true, notify: false };
    const before = notifications.calls.length;
    await ctl('next');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(notifications.calls.length).toBe(before);
  });

  it('gives the name up when the config turns MPRIS off, and takes it again when turned on', async () => {
    settings = { mpris: false, notify: false };
    desktop!.apply();
    await until(() => playerctl(bus.address, '-l'), ({ stdout }) => !stdout.includes('playdeck'), 'the name given up');
    settings = { mpris: true, notify: false };
    desktop!.apply();
    await until(() => playerctl(bus.address, '-l'), ({ stdout }) => stdout.includes('playdeck'), 'the name taken again');
  });
});
