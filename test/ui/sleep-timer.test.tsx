import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/ui/app/App.js';
import { createDashboardBridge } from '../../src/status/player-bridge.js';
import { PlaybackLinkContext } from '../../src/ui/hooks/use-playback-link.js';
import { createFakeApi, type FakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { renderApp } from '../helpers/render.js';

const START = Date.UTC(2025, 0, 1);

/** The Now playing pane's clock line, e.g. "0:31 ━━━───── 2:30 · sleep 0:59". */
function clockLine(frame: string): string {
  return frame.split('\n').find((line) => /\d:\d\d [━─]+ \d:\d\d/.test(line))?.replace(/[│┃]/g, '').trim() ?? '';
}

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
});

async function mount(api: FakeApi = createFakeApi()) {
  const bridge = createDashboardBridge(api);
  const app = renderApp(
    <PlaybackLinkContext.Provider value={bridge}>
      <App api={api} />
    </PlaybackLinkContext.Provider>,
  );
  await app.waitForFrame('▶ Playing');
  await app.waitForFrame(api.playlists()[0]!.description);
  return { api, app, bridge };
}

describe('the sleep timer', () => {
  it('asks for minutes on z, shows the time left with the clock, and pauses when it runs out', async () => {
    const { api, app } = await mount();
    await app.press('z');
    await app.waitForFrame('sleep timer: minutes _ then Enter · e end of this item · Esc cancels');
    await app.press('1', 'enter');
    await app.waitForFrame((frame) => clockLine(frame).endsWith('2:30 · sleep 1:00'));
    await vi.advanceTimersByTimeAsync(1_000);
    await app.waitForFrame((frame) => clockLine(frame).endsWith('· sleep 0:59'));
    // The pause goes out when the minute is up, and not before.
    await vi.advanceTimersByTimeAsync(55_000);
    expect(api.callsTo('pause')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5_000);
    await app.waitForFrame('❚❚ Paused');
    expect(api.callsTo('pause')).toHaveLength(1);
    expect(app.frame()).toContain('sleep timer: paused');
    expect(clockLine(app.frame())).not.toContain('sleep');
  });

  it('offers to turn a running timer off on z again', async () => {
    const { api, app } = await mount();
    await app.press('z', '4', '5', 'enter');
    await app.waitForFrame((frame) => clockLine(frame).endsWith('· sleep 45:00'));
    await app.press('z');
    await app.waitForFrame('sleep 45:00 left — o off');
    await app.press('1', 'enter'); // another in its place
    await app.waitForFrame((frame) => clockLine(frame).endsWith('· sleep 1:00'));
    await app.press('z', 'o');
    await app.waitForFrame((frame) => !clockLine(frame).includes('sleep') && !frame.includes('o off'));
    await vi.advanceTimersByTimeAsync(61_000);
    expect(api.callsTo('pause')).toHaveLength(0);
  });

  it('cancels with Esc, and lets Ctrl+C quit', async () => {
    const { app } = await mount();
    await app.press('z', '3', 'escape');
    await app.waitForFrame((frame) => !frame.includes('sleep timer:'));
    expect(clockLine(app.frame())).not.toContain('sleep');
    await app.press('z', 'ctrl-c');
    await app.exited();
  });

  it('pauses an episode just before its end with e, so that its place is kept', async () => {
    const api = createFakeApi();
    const { app } = await mount(api);
    const duration = api.currentPlayback()!.item!.duration_ms;
    api.updatePlayback({ progress_ms: duration - 10_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    await app.press('z', 'e');
    await app.waitForFrame((frame) => clockLine(frame).endsWith('· sleep at end'));
    await vi.advanceTimersByTimeAsync(10_000);
    await app.waitForFrame('❚❚ Paused');
    expect(api.callsTo('pause')).toHaveLength(1);
    expect(api.callsTo('next')).toHaveLength(0);
    const stopped = api.currentPlayback()!;
    expect(stopped.item!.duration_ms - stopped.progress_ms).toBeGreaterThan(0);
  });

  it('is set and turned off through the link, as `playdeck sleep` does', async () => {
    const { app, bridge } = await mount();
    await app.waitForFrame(() => bridge.sleep !== undefined && bridge.snapshot() !== null);
    const set = bridge.sleep!({ kind: 'for', ms: 90_000 });
    expect(set).toEqual({ ok: true, timer: { kind: 'at', at: Date.now() + 90_000 } });
    await app.waitForFrame((frame) => clockLine(frame).endsWith('· sleep 1:30'));
    await app.waitForFrame(() => bridge.sleepTimer() !== null);
    expect(bridge.sleepTimer()).toEqual(set.ok ? set.timer : 'set');
    expect(bridge.sleep!({ kind: 'off' })).toEqual({ ok: true, timer: null });
    await app.waitForFrame((frame) => !clockLine(frame).includes('sleep'));
  });
});
