import { describe, expect, it } from 'vitest';
import { startDesktopLater } from '../../src/desktop/start.js';
import { createDashboardBridge } from '../../src/status/player-bridge.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { playback } from '../status/playback-fixture.js';

describe('the desktop side without a session bus', () => {
  it('does nothing and says so in one line of the log, and nothing when both are turned off', async () => {
    const bridge = createDashboardBridge(createFakeApi());
    const logged: string[] = [];
    const handle = startDesktopLater({ bridge, env: {}, settings: () => ({ mpris: true, notify: false }), cacheDir: null, log: (line) => logged.push(line) });
    bridge.update({ playback: playback(), receivedAt: Date.now(), run: () => undefined });
    handle.apply();
    await new Promise((resolve) => setImmediate(resolve));
    handle.close();
    expect(logged).toEqual(['desktop: no session bus (DBUS_SESSION_BUS_ADDRESS is unset): no media keys, players widgets or notifications']);
    const quiet: string[] = [];
    startDesktopLater({ bridge, env: {}, settings: () => ({ mpris: false, notify: false }), cacheDir: null, log: (line) => quiet.push(line) });
    expect(quiet).toEqual([]);
  });

  it('logs a bus it cannot reach, once the dashboard shows what plays, and never throws', async () => {
    const bridge = createDashboardBridge(createFakeApi());
    const logged: string[] = [];
    const env = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/playdeck-test-bus;unix:path=/also/not' };
    startDesktopLater({ bridge, env, settings: () => ({ mpris: true, notify: true }), cacheDir: null, log: (line) => logged.push(line) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logged).toEqual([]); // not before the first playback
    bridge.update({ playback: playback(), receivedAt: Date.now(), run: () => undefined });
    const deadline = Date.now() + 5_000;
    while (logged.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^desktop: the session bus \(unix:path=\/nonexistent\/playdeck-test-bus\) cannot be reached: .+; no media keys or notifications$/);
  });
});
