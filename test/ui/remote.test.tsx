/** The dashboard as a remote: volume keys, the devices list, up next and adding to the queue. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/ui/app/App.js';
import { COALESCE_MS } from '../../src/ui/state/volume-burst.js';
import { createFakeApi, type FakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { renderApp } from '../helpers/render.js';

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2025, 0, 1));
});

afterEach(() => {
  vi.useRealTimers();
});

async function mount(api: FakeApi = createFakeApi()) {
  const app = renderApp(<App api={api} />, { columns: 120, rows: 40 });
  await app.waitForFrame(api.playlists()[0]!.description);
  await app.waitForFrame('Study speaker');
  return { app, api };
}

const statusLine = (frame: string): string => frame.trimEnd().split('\n').at(-1) ?? '';

describe('volume keys', () => {
  it('shows three presses at once and sends one request with the final value', async () => {
    const { app, api } = await mount();
    await app.press('+', '+', '+');
    await app.waitForFrame('Speaker, 79%');
    expect(api.callsTo('setVolume')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(api.callsTo('setVolume').map((call) => call.args[0])).toEqual([79]);
    expect(api.currentPlayback()?.device.volume_percent).toBe(79);
    await app.press('-');
    await app.waitForFrame('Speaker, 74%');
  });

  it('says so and sends nothing on a device without volume', async () => {
    const api = createFakeApi();
    api.updatePlayback({ device: { ...api.currentPlayback()!.device, volume_percent: null, supports_volume: false } });
    const { app } = await mount(api);
    await app.press('+');
    await app.waitForFrame((frame) => statusLine(frame).includes('has no volume control'));
    await vi.advanceTimersByTimeAsync(COALESCE_MS * 2);
    expect(api.callsTo('setVolume')).toHaveLength(0);
  });
});

describe('devices', () => {
  it('lists the devices when opened and moves playback to the one chosen', async () => {
    const { app, api } = await mount();
    await app.press('d');
    const frame = await app.waitForFrame('Kitchen speaker');
    expect(frame).toMatch(/▶ Study speaker · Speaker · 64% · playing here/);
    expect(frame).toMatch(/Car stereo · Automobile · 40% · restricted/);
    expect(api.callsTo('getDevices')).toHaveLength(1);
    await app.press('down', 'enter');
    await app.waitForFrame((current) => statusLine(current).includes('playing on Kitchen speaker'));
    expect(api.callsTo('transferPlayback').map((call) => call.args[0])).toEqual(['device-2']);
    await app.waitForFrame('Kitchen speaker (Speaker)');
    expect(app.frame()).not.toContain('Enter plays there');
  });

  it('keeps the state and says why when a transfer is refused', async () => {
    const { app, api } = await mount();
    await app.press('d');
    await app.waitForFrame('Car stereo');
    await app.press('down', 'down', 'enter');
    await app.waitForFrame((frame) => statusLine(frame).includes('DEVICE_NOT_CONTROLLABLE'));
    expect(api.currentPlayback()?.device.name).toBe('Study speaker');
    expect(app.frame()).toContain('Enter plays there');
    await app.press('escape');
    await app.waitForFrame((frame) => !frame.includes('Enter plays there'));
  });

  it('says why when the device vanished', async () => {
    const { app, api } = await mount();
    await app.press('d');
    await app.waitForFrame('Kitchen speaker');
    api.removeDevice('device-2');
    await app.press('down', 'enter');
    await app.waitForFrame((frame) => statusLine(frame).includes('Device not found'));
    expect(api.currentPlayback()?.device.name).toBe('Study speaker');
  });
});

describe('up next', () => {
  it('shows the next two items, read once per item, and again after the item changes', async () => {
    const { app, api } = await mount();
    const next = (await api.getQueue()).queue;
    await app.waitForFrame(`Next  ${next[0]!.name}`);
    expect(app.frame()).toContain(`Then  ${next[1]!.name}`);
    const reads = api.callsTo('getQueue').length;
    await vi.advanceTimersByTimeAsync(20_000);
    await app.press('n');
    await app.waitForFrame(`Next  ${next[1]!.name}`);
    expect(api.callsTo('getQueue').length).toBe(reads + 1);
  });

  it('puts a track added with a first in up next and says so', async () => {
    const { app, api } = await mount();
    await app.press('enter');
    await app.waitForFrame('6  Northern Harbour');
    await app.press('j', 'j', 'j', 'j', 'j');
    // The last of the playlist, now fourth after the item playing.
    const queued = (await api.getQueue()).queue.at(-1)!;
    await app.press('a');
    await app.waitForFrame((frame) => statusLine(frame).includes(`added to the queue: ${queued.name}`));
    await app.waitForFrame(`Next  ${queued.name}`);
    expect(api.callsTo('addToQueue').map((call) => call.args[0])).toEqual([queued.uri]);
  });
});

describe('request budget', () => {
  it('stays within 8 requests in 30 s while playing across an item change, reading the queue once for it', async () => {
    const { app, api } = await mount();
    await app.waitForFrame('Next  ');
    await vi.advanceTimersByTimeAsync(1_000);
    const before = api.calls.length;
    const queueReads = api.callsTo('getQueue').length;
    // The item (2:30, at 0:30) ends 2 s into the window; the fake's player moves only when told.
    api.advancePlayback(118_000);
    for (let second = 0; second < 30; second++) {
      api.advancePlayback(1_000);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(api.currentPlayback()?.item?.name).not.toBe('Amber Harbour');
    expect(api.calls.length - before).toBeLessThanOrEqual(8);
    expect(api.callsTo('getQueue').length - queueReads).toBe(1);
  });
});
