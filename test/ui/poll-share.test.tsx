import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/ui/app/App.js';
import { PollShare } from '../../src/ui/state/poll-share.js';
import { createTerminalEvents } from '../../src/ui/context/terminal-events.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { renderApp } from '../helpers/render.js';

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2025, 0, 1));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the requests of a dashboard at rest', () => {
  it('stay at 6 in any 30 s while it plays and has the focus: the list read again once a minute stands for a player poll', async () => {
    const api = createFakeApi();
    const events = createTerminalEvents();
    events.focus(true);
    const app = renderApp(<App api={api} terminalEvents={events} />);
    await app.waitForFrame(api.playlists()[0]!.description);
    await vi.advanceTimersByTimeAsync(10_000);
    const from = api.calls.length;
    // Requests made by the end of each second, over three minutes.
    const madeBy: number[] = [api.calls.length];
    for (let second = 1; second <= 180; second++) {
      await vi.advanceTimersByTimeAsync(1_000);
      madeBy.push(api.calls.length);
    }
    const methods = api.calls.slice(from).map((call) => call.method);
    expect(methods.filter((method) => method === 'getMyPlaylists').length).toBeGreaterThanOrEqual(2);
    expect(methods.filter((method) => method === 'getPlaybackState').length).toBeGreaterThanOrEqual(30);
    const busiest = Math.max(...madeBy.slice(30).map((made, end) => made - madeBy[end]!));
    expect(busiest).toBeLessThanOrEqual(6);
  });
});

describe('PollShare', () => {
  it('owes the player one poll per reads made since its last, and tells its listeners of each', () => {
    const share = new PollShare();
    const told = vi.fn();
    const stop = share.onSpend(told);
    expect(share.owes).toBe(false);
    share.spend();
    share.spend();
    expect(share.owes).toBe(true);
    expect(told).toHaveBeenCalledTimes(2);
    share.settle();
    expect(share.owes).toBe(false);
    stop();
    share.spend();
    expect(told).toHaveBeenCalledTimes(2);
  });
});
