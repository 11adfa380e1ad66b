import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/ui/App.js';
import { createFakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { renderApp } from '../helpers/render.js';

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2026, 10, 23));
});

afterEach(() => {
  vi.useRealTimers();
});

async function mount() {
  const api = createFakeApi();
  const app = renderApp(<App api={api} />);
  await app.waitForFrame(api.playlists()[0]!.description);
  return { app, api };
}

describe('Enter plays the row in its context', () => {
  it('plays the third entry of a playlist from that entry, naming the playlist', async () => {
    const { app, api } = await mount();
    const playlist = api.playlists()[0]!;
    await app.press('enter');
    await app.waitForFrame(`${playlist.name} ·`);
    await app.press('j');
    await app.press('j');
    await app.press('enter');
    await app.waitForFrame(`from ${playlist.name}`);
    expect(api.callsTo('startPlayback')[0]!.args[0]).toEqual({ contextUri: playlist.uri, offset: { position: 2 } });
    expect(api.currentPlayback()?.context?.uri).toBe(playlist.uri);
  });

  it('opens a show on its episodes and plays one at its resume point', async () => {
    const { app, api } = await mount();
    const show = api.catalog.shows[0]!;
    await app.press('3');
    await app.waitForFrame('Saved shows ·');
    await app.press('enter');
    await app.waitForFrame(`${show.name} · 6 episodes`);
    await app.waitForFrame('played');
    await app.press('j');
    await app.press('j');
    await app.press('enter');
    await app.waitForFrame(`${show.name} · episode`);
    expect(api.callsTo('startPlayback')[0]!.args[0]).toEqual({ contextUri: show.uri, offset: { position: 2 } });
    expect(api.currentPlayback()?.progress_ms).toBe(600_000);
    await app.press('escape');
    await app.waitForFrame('Saved shows ·');
  });

  it('lists what is in progress, most recently played first, and resumes it', async () => {
    const { app, api } = await mount();
    await app.press('5');
    const frame = await app.waitForFrame('Continue listening · 4');
    const book = api.catalog.audiobooks[0]!;
    // Played on 5 November, first; the chapter with no last_played_at, last.
    expect(frame.indexOf('Chapter 1 ')).toBeGreaterThan(frame.indexOf('Chapter 4'));
    expect(frame.indexOf('Chapter 4')).toBeGreaterThan(-1);
    await app.press('enter');
    await app.waitForFrame(`${book.name} · chapter 4`);
    const chapter = api.catalog.chaptersByAudiobook.get(book.id)![3]!;
    expect(api.callsTo('startPlayback')[0]!.args[0]).toEqual({ contextUri: book.uri, offset: { uri: chapter.uri } });
    expect(api.currentPlayback()?.progress_ms).toBe(300_000);
  });

  it('leaves the previous state on screen and says why when the service refuses', async () => {
    const { app, api } = await mount();
    const playing = api.currentPlayback()!.item!.name;
    await app.press('3');
    await app.waitForFrame('Saved shows ·');
    await app.press('enter');
    await app.waitForFrame('6 episodes');
    api.failNext('forbidden', { method: 'startPlayback', message: 'Player command failed: show is not available in GB', details: { reason: 'UNKNOWN' } });
    await app.press('enter');
    const frame = await app.waitForFrame("couldn't play: Player command failed: show is not available in GB");
    expect(frame).toContain(`▶ Playing  ${playing}`);
    expect(frame).not.toContain('· episode');
  });
});
