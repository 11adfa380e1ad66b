import stripAnsi from 'strip-ansi';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spotOf, type ScreenSpot } from '../../src/terminal/screen-spot.js';
import { App } from '../../src/ui/app/App.js';
import type { LiveLines } from '../../src/ui/context/live-lines.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { renderApp } from '../helpers/render.js';

describe('the clock on a terminal', () => {
  beforeEach(() => {
    useFakeClock();
    vi.setSystemTime(Date.UTC(2025, 0, 1));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws its seconds as live lines over a blank spot: no frame while only time passes', async () => {
    const api = createFakeApi();
    const drawn: { text: string; spot: ScreenSpot | null }[] = [];
    const hide = vi.fn();
    const live: LiveLines = { show: (element, text) => drawn.push({ text: stripAnsi(text), spot: spotOf(element) }), hide };
    const app = renderApp(<App api={api} liveLines={live} />);
    await app.waitForFrame(api.playlists()[0]!.description);
    // The ♥ of what plays comes once the player answered (a liked song): then only time passes.
    await app.waitForFrame(/Playing {2}.+ {2}♥/);
    const frames = app.frameCount();
    const before = drawn.length;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(app.frameCount()).toBe(frames);
    expect(drawn.slice(before).map(({ text }) => text.split(' ')[0])).toEqual(['0:31', '0:32', '0:33']);
    const { text, spot } = drawn.at(-1)!;
    expect(text).toMatch(/^0:33 ━+─+ \d:\d\d$/);
    expect(spot).toEqual({ row: 4, column: 2, width: text.length });
    const row = app.frame().split('\n')[4]!;
    expect(row.slice(spot!.column, spot!.column + spot!.width).trim()).toBe('');
    expect([row[spot!.column - 2], row[spot!.column + spot!.width + 1]]).toEqual(['│', '│']);
    app.unmount();
    expect(hide).toHaveBeenCalled();
  });
});
