import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import stringWidth from 'string-width';
import { App } from '../../src/ui/app/App.js';
import { nowPlayingRows } from '../../src/ui/layout.js';
import { createFakeApi, type FakeApi } from '../helpers/fake-api.js';
import { renderApp, type RenderedApp } from '../helpers/render.js';
import { useFakeClock } from '../helpers/fake-clock.js';

const START = Date.UTC(2025, 0, 1);

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
});

async function mount(api: FakeApi = createFakeApi(), size?: { columns: number; rows: number }) {
  const app = renderApp(<App api={api} />, size);
  await app.waitForFrame(api.playlists()[0]!.description);
  return { app, api };
}

/** The title of the pane drawn with the heavy (focused) border. */
function focusedPane(frame: string): string | undefined {
  return /┏━ (.+?) ━/.exec(frame)?.[1];
}

function statusLine(app: RenderedApp): string {
  return app.frame().split('\n').at(-1) ?? '';
}

describe('App layout', () => {
  it.each([
    [120, 40],
    [80, 24],
  ])('fills %i×%i but the last row, every line within the width', async (columns, rows) => {
    const { app } = await mount(undefined, { columns, rows });
    const lines = app.frame().split('\n');
    expect(lines).toHaveLength(rows - 1);
    expect(Math.max(...lines.map((line) => stringWidth(line)))).toBe(columns);
    expect(lines[0]).toContain('Now playing');
    // Now playing grows on a tall terminal (a line or two for up next).
    expect(lines[nowPlayingRows(rows)]).toContain('2 Playlists');
    expect(lines.at(-1)).toContain('? help · q quit');
  });

  it('follows the terminal when it is resized', async () => {
    const { app } = await mount();
    app.resize(80, 24);
    const frame = await app.waitForFrame((current) => current.split('\n').length === 23);
    expect(Math.max(...frame.split('\n').map((line) => stringWidth(line)))).toBe(80);
  });
});

describe('App focus', () => {
  it('starts on Playlists, cycles with Tab and Shift+Tab through the eight sections, and jumps with their digits', async () => {
    const { app } = await mount();
    expect(focusedPane(app.frame())).toMatch(/^Playlists/);
    await app.press('1');
    await app.waitForFrame((frame) => focusedPane(frame) === '1 Now playing');
    await app.press('tab');
    await app.waitForFrame((frame) => focusedPane(frame)?.startsWith('Playlists') === true);
    await app.press('tab');
    await app.waitForFrame((frame) => frame.includes('[3 Saved shows]') && focusedPane(frame)?.startsWith('Saved shows') === true);
    await app.press('4');
    await app.waitForFrame('[4 Audiobooks]');
    await app.press('tab');
    await app.waitForFrame('[5 Continue listening]');
    await app.press('tab');
    await app.waitForFrame((frame) => frame.includes('[6 Liked songs]') && focusedPane(frame)?.startsWith('Liked songs') === true);
    await app.press('8');
    await app.waitForFrame((frame) => frame.includes('[8 Artists]') && focusedPane(frame)?.startsWith('Artists') === true);
    await app.press('tab');
    await app.waitForFrame((frame) => focusedPane(frame) === '1 Now playing');
    await app.press('shift-tab');
    await app.waitForFrame((frame) => focusedPane(frame)?.startsWith('Artists') === true);
    await app.press('shift-tab');
    await app.waitForFrame('[7 Albums]');
  });

  it('leaves every key to a pane while its filter takes text', async () => {
    const { app } = await mount();
    await app.press('/');
    await app.type('q1n');
    await app.waitForFrame('q1n');
    expect(focusedPane(app.frame())).toMatch(/^Playlists/);
    expect(app.frame()).not.toContain('can\'t');
  });
});

describe('App playback keys', () => {
  it('plays and pauses with Space, showing the result at once', async () => {
    const { app, api } = await mount();
    expect(app.frame()).toContain('▶ Playing');
    await app.press('space');
    await app.waitForFrame('❚❚ Paused');
    expect(api.callsTo('pause')).toHaveLength(1);
    await app.press('space');
    await app.waitForFrame('▶ Playing');
    expect(api.callsTo('play')).toHaveLength(1);
  });

  it('skips, goes back, shuffles and cycles repeat', async () => {
    const { app, api } = await mount();
    const first = api.currentPlayback()!.item!.name;
    await app.press('n');
    await app.waitForFrame((frame) => !frame.includes(first));
    await app.press('p', 'p', 's', 'r');
    await app.waitForFrame(`▶ Playing  ${first}`);
    await app.waitForFrame('shuffle on · repeat all');
    const reads = ['getPlaybackState', 'getQueue', 'libraryContains'];
    expect(api.calls.map((call) => call.method).filter((method) => !reads.includes(method) && !method.startsWith('getMy')))
      .toEqual(['next', 'previous', 'previous', 'setShuffle', 'setRepeat']);
  });

  it('seeks 10 s with the arrows only while Now playing has the focus', async () => {
    const { app, api } = await mount();
    await app.press('right');
    expect(api.callsTo('seek')).toHaveLength(0);
    await app.press('1', 'right');
    await app.waitForFrame('0:40 ');
    await app.press('left', 'left');
    await app.waitForFrame('0:20 ');
    expect(api.callsTo('seek').map((call) => call.args[0])).toEqual([40_000, 30_000, 20_000]);
  });

  it('says why a key the service does not permit does nothing, and sends nothing', async () => {
    const api = createFakeApi({ playback: { actions: { skipping_next: false, pausing: false } } });
    const { app } = await mount(api);
    await app.press('n');
    await app.waitForFrame("can't skip: nothing next");
    await app.press('space');
    await app.waitForFrame("can't pause: not allowed now");
    expect(api.callsTo('next')).toHaveLength(0);
    expect(api.callsTo('pause')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5_000);
    await app.waitForFrame((frame) => !frame.includes("can't pause"));
  });

  it('quits on q', async () => {
    const { app } = await mount();
    await app.press('q');
    await app.exited();
  });

  it('quits on Ctrl+C', async () => {
    const { app } = await mount();
    await app.press('ctrl-c');
    await app.exited();
  });
});

describe('App status line', () => {
  it('shows the connection, counting down a rate limit', async () => {
    const { app, api } = await mount();
    expect(statusLine(app)).toContain('online');
    api.setConnection({ state: 'rate-limited', until: Date.now() + 12_000 });
    await app.waitForFrame('rate-limited, retrying in 12 s');
    await vi.advanceTimersByTimeAsync(1_000);
    await app.waitForFrame('rate-limited, retrying in 11 s');
    api.setConnection({ state: 'offline', message: 'cannot reach 127.0.0.1:9' });
    await app.waitForFrame('offline: cannot reach 127.0.0.1:9');
    api.setConnection({ state: 'online' });
    await app.waitForFrame((frame) => (frame.split('\n').at(-1) ?? '').includes('online │'));
  });

  it('keeps the last playback through failed polls and says how old it is', async () => {
    const { app, api } = await mount();
    api.failNext('unavailable', { method: 'getPlaybackState', times: 3, message: 'Service unavailable' });
    await vi.advanceTimersByTimeAsync(5_000);
    await app.waitForFrame('player: Service unavailable');
    expect(app.frame()).toContain('▶ Playing');
    expect(statusLine(app)).toContain('data 5 s old');
    // A second at a time: the age arms its next second in an effect, which React runs on a turn of the real loop.
    for (const age of [6, 7, 8]) {
      await vi.advanceTimersByTimeAsync(1_000);
      await app.waitForFrame(`data ${age} s old`);
    }
  });

  it('makes at most 8 requests in 30 s while idle and playing', async () => {
    const { api } = await mount();
    await vi.advanceTimersByTimeAsync(1_000);
    const before = api.calls.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.calls.length - before).toBeLessThanOrEqual(8);
  });

  it('keeps to it with a playlist\'s items open, checking the playlist for changes every 15 s', async () => {
    const { app, api } = await mount();
    const playlist = api.playlists()[0]!;
    await app.press('enter');
    await app.waitForFrame(`${playlist.name} · ${playlist.tracks.total} items`);
    await vi.advanceTimersByTimeAsync(1_000);
    const checksBefore = api.callsTo('getPlaylistSnapshot').length;
    for (let window = 0; window < 4; window++) {
      const before = api.calls.length;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(api.calls.length - before).toBeLessThanOrEqual(8);
    }
    expect(api.callsTo('getPlaylistSnapshot').length - checksBefore).toBe(8);
  });
});
