import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/ui/app/App.js';
import { PlaybackLinkContext } from '../../src/ui/hooks/use-playback-link.js';
import { createDashboardBridge } from '../../src/status/player-bridge.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { renderApp } from '../helpers/render.js';

const START = Date.UTC(2025, 0, 1);

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
});

/** The dashboard's tree with a bridge linked in, as src/cli/dashboard.tsx mounts it. */
async function mount() {
  const api = createFakeApi();
  const bridge = createDashboardBridge(api);
  const app = renderApp(
    <PlaybackLinkContext.Provider value={bridge}>
      <App api={api} />
    </PlaybackLinkContext.Provider>,
  );
  await app.waitForFrame(`▶ Playing  ${api.currentPlayback()!.item!.name}`);
  // The link is filled by an effect, just after the frame that shows the playback.
  await app.waitForFrame(() => bridge.snapshot() !== null);
  return { api, app, bridge };
}

describe('the dashboard linked to the status socket', () => {
  it('hands over the playback it shows', async () => {
    const { api, bridge } = await mount();
    expect(bridge.snapshot()?.playback?.item?.name).toBe(api.currentPlayback()!.item!.name);
  });

  it('runs a command from the socket as its own keys do: sent once, and shown on screen', async () => {
    const { api, app, bridge } = await mount();
    const first = api.currentPlayback()!.item!.name;
    expect(await bridge.run({ type: 'next' })).toEqual({ ok: true });
    await app.waitForFrame((frame) => frame.includes('▶ Playing') && !frame.includes(first));
    expect(api.callsTo('next')).toHaveLength(1);
    await app.waitForFrame(() => bridge.snapshot()?.playback?.item?.name !== first);
  });
});
