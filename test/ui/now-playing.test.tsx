import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackState } from '../../src/api/types.js';
import { App } from '../../src/ui/app/App.js';
import { NowPlayingPane } from '../../src/ui/panes/NowPlayingPane.js';
import { createFakeApi, type FakeApi } from '../helpers/fake-api.js';
import { renderApp } from '../helpers/render.js';
import { useFakeClock } from '../helpers/fake-clock.js';

const START = Date.UTC(2025, 0, 1);

/** The Now playing pane's clock line, e.g. "0:31 ━━━───── 2:30". */
function clockLine(frame: string): string {
  return frame.split('\n').find((line) => /\d:\d\d [━─]+ \d:\d\d/.test(line))?.replace(/[│┃]/g, '').trim() ?? '';
}

function elapsed(frame: string): string {
  return clockLine(frame).split(' ')[0] ?? '';
}

/**
 * Waits until the library and the details of its first playlist are in, and the ♥ of what plays (the fake's
 * first track is a liked song, asked about once the player answered): from then on only the clock moves.
 */
async function settled(app: ReturnType<typeof renderApp>, api: FakeApi): Promise<void> {
  await app.waitForFrame(api.playlists()[0]!.description);
  await app.waitForFrame(/(Playing|Paused) {2}.+ {2}♥/);
}

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Now playing', () => {
  it('shows the track, its artists and album, the device, shuffle and repeat', async () => {
    const api = createFakeApi();
    const { item } = api.currentPlayback()!;
    const track = item as Extract<PlaybackState['item'], { type: 'track' }>;
    const app = renderApp(<App api={api} />);
    const frame = await app.waitForFrame('▶ Playing');
    expect(frame).toContain(track.name);
    expect(frame).toContain(`${track.artists.map((artist) => artist.name).join(', ')} · ${track.album.name}`);
    expect(frame).toContain('Study speaker (Speaker, 64%) · shuffle off · repeat off');
    expect(clockLine(frame)).toMatch(/^0:30 ━+─+ 2:30$/);
  });

  it('moves the clock every second while playing, and only the clock line changes', async () => {
    const api = createFakeApi();
    const app = renderApp(<App api={api} />);
    await settled(app, api);
    expect(elapsed(app.frame())).toBe('0:30');
    for (const second of ['0:31', '0:32', '0:33']) {
      const before = app.frame().split('\n');
      await vi.advanceTimersByTimeAsync(1_000);
      const after = (await app.waitForFrame(`${second} `)).split('\n');
      const changed = after.filter((line, index) => line !== before[index]);
      expect(changed).toEqual([after.find((line) => line.includes(`${second} `))]);
    }
  });

  it('freezes while paused and writes nothing while nothing changes', async () => {
    const api = createFakeApi({ playback: { is_playing: false, progress_ms: 61_000 } });
    const app = renderApp(<App api={api} />);
    await app.waitForFrame('❚❚ Paused');
    await settled(app, api);
    const frames = app.frameCount();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.callsTo('getPlaybackState').length).toBeGreaterThanOrEqual(4);
    expect(elapsed(app.frame())).toBe('1:01');
    expect(app.frameCount()).toBe(frames);
  });

  it('snaps to the position each poll reports', async () => {
    const api = createFakeApi();
    const app = renderApp(<App api={api} />);
    await settled(app, api);
    expect(elapsed(app.frame())).toBe('0:30');
    api.updatePlayback({ progress_ms: 90_000 });
    // Until the next poll (5 s after the last) the clock runs on what it had...
    for (const second of ['0:31', '0:32', '0:33', '0:34']) {
      await vi.advanceTimersByTimeAsync(1_000);
      await app.waitForFrame(`${second} `);
    }
    // ...then snaps to what the service says.
    await vi.advanceTimersByTimeAsync(1_000);
    await app.waitForFrame('1:30 ');
  });

  it('is a calm empty state when nothing plays', async () => {
    const app = renderApp(<App api={createFakeApi({ playback: null })} />);
    const frame = await app.waitForFrame('Nothing is playing.');
    expect(frame).not.toMatch(/error|couldn't/i);
    expect(clockLine(frame)).toBe('');
  });

  it('names the show of an episode and the audiobook and chapter number of a chapter', async () => {
    const api = createFakeApi();
    const episode = api.catalog.episodes[3]!;
    const chapter = api.catalog.chaptersByAudiobook.get(api.catalog.audiobooks[1]!.id)![2]!;
    const playback = api.currentPlayback()!;
    const app = renderApp(<NowPlayingPane playback={{ ...playback, item: episode }} receivedAt={START} isFocused={false} width={120} height={6} />);
    await app.waitForFrame(`${episode.show!.name} · ${episode.show!.publisher}`);
    app.rerender(<NowPlayingPane playback={{ ...playback, item: chapter }} receivedAt={START} isFocused={false} width={120} height={6} />);
    await app.waitForFrame(`${chapter.audiobook!.name} · Chapter 3`);
  });

  it('lists the controls the service does not permit', async () => {
    const api = createFakeApi({ playback: { actions: { skipping_next: false, seeking: false } } });
    const app = renderApp(<App api={api} />);
    await app.waitForFrame('unavailable: next, seek');
  });

  it('shows hostile names as harmless text', async () => {
    const api = createFakeApi();
    const playback = api.currentPlayback()!;
    api.setPlayback({ ...playback, item: { ...playback.item!, name: 'Evil\u001b]52;c;aGVsbG8=\u0007\u001b[2J Song' } as PlaybackState['item'] });
    const app = renderApp(<App api={api} />);
    const frame = await app.waitForFrame('Song');
    expect(frame).toContain('Evil␛␛ Song');
  });
});
