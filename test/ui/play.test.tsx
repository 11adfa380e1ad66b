import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/ui/app/App.js';
import { createFakeApi, type FakeApi } from '../helpers/fake-api.js';
import { useFakeClock } from '../helpers/fake-clock.js';
import { renderApp } from '../helpers/render.js';

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2026, 10, 23));
});

afterEach(() => {
  vi.useRealTimers();
});

async function mount(prepare: (api: FakeApi) => void = () => {}) {
  const api = createFakeApi();
  prepare(api);
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

const PLAYED = { fully_played: true, resume_position_ms: 0 };

describe('P plays a show or an audiobook from its first unfinished item', () => {
  // The first show, newest episode first: played (here), played, then half played (10:00 in), then new ones.
  const playedNewest = (api: FakeApi) => api.changeItem(api.catalog.episodes[0]!.id, { resume_point: PLAYED });

  it('on a saved show, reads one page of episodes and starts at the first not fully played, at its resume point', async () => {
    const { app, api } = await mount(playedNewest);
    const show = api.catalog.shows[0]!;
    await app.press('3');
    await app.waitForFrame('Saved shows ·');
    await app.press('P');
    const frame = await app.waitForFrame(`from ${show.name}`);
    expect(frame).toContain(api.catalog.episodes[2]!.name);
    expect(api.callsTo('getShowEpisodes').map((call) => call.args.slice(0, 2))).toEqual([[show.id, { offset: 0, limit: 50 }]]);
    expect(api.callsTo('startPlayback').map((call) => call.args[0])).toEqual([{ contextUri: show.uri, offset: { position: 2 } }]);
    expect(api.currentPlayback()?.progress_ms).toBe(600_000);
  });

  it("in a show's episodes, finds it in the page the list holds, with no other request", async () => {
    const { app, api } = await mount(playedNewest);
    const show = api.catalog.shows[0]!;
    await app.press('3');
    await app.waitForFrame('Saved shows ·');
    await app.press('enter');
    await app.waitForFrame(`${show.name} · 6 episodes`);
    await app.waitForFrame('played');
    const pagesRead = api.callsTo('getShowEpisodes').length;
    await app.press('P');
    await app.waitForFrame(`from ${show.name}`);
    expect(api.callsTo('getShowEpisodes')).toHaveLength(pagesRead);
    expect(api.callsTo('startPlayback').map((call) => call.args[0])).toEqual([{ contextUri: show.uri, offset: { position: 2 } }]);
  });

  it('on an audiobook, starts at its first chapter not fully played', async () => {
    const { app, api } = await mount((fake) => {
      const book = fake.catalog.audiobooks[0]!;
      for (const chapter of fake.catalog.chaptersByAudiobook.get(book.id)!.slice(0, 3)) fake.changeItem(chapter.id, { resume_point: PLAYED });
    });
    const book = api.catalog.audiobooks[0]!;
    await app.press('4');
    await app.waitForFrame('Audiobooks ·');
    await app.press('P');
    await app.waitForFrame(`from ${book.name}`);
    expect(api.callsTo('getAudiobookChapters')).toHaveLength(1);
    expect(api.callsTo('startPlayback').map((call) => call.args[0])).toEqual([{ contextUri: book.uri, offset: { position: 3 } }]);
    expect(api.currentPlayback()?.item?.name).toBe('Chapter 4');
    expect(api.currentPlayback()?.progress_ms).toBe(300_000);
  });

  it('says why and plays nothing when the page cannot be read', async () => {
    const { app, api } = await mount();
    await app.press('3');
    await app.waitForFrame('Saved shows ·');
    api.failNext('getShowEpisodes', { message: 'Service unavailable' });
    await app.press('P');
    await app.waitForFrame("couldn't play: Service unavailable");
    expect(api.callsTo('startPlayback')).toHaveLength(0);
  });
});

describe('a row unavailable in the market', () => {
  /** The second episode of the first show is not sold in the user's market. */
  const unavailable = (api: FakeApi) =>
    api.changeItem(api.catalog.episodes[1]!.id, { is_playable: false, restrictions: { reason: 'market' } });

  async function onTheUnavailableEpisode(app: Awaited<ReturnType<typeof mount>>['app'], api: FakeApi) {
    await app.press('3');
    await app.waitForFrame('Saved shows ·');
    await app.press('enter');
    await app.waitForFrame(`${api.catalog.shows[0]!.name} · 6 episodes`);
    await app.press('j');
  }

  it("says so with the user's country, for Enter and for a, and sends nothing", async () => {
    const { app, api } = await mount(unavailable);
    await onTheUnavailableEpisode(app, api);
    await app.press('enter');
    await app.waitForFrame("can't play: not available in GB");
    await app.press('a');
    await app.waitForFrame(`can't queue ${api.catalog.episodes[1]!.name}: not available in GB`);
    expect(api.callsTo('startPlayback')).toHaveLength(0);
    expect(api.callsTo('addToQueue')).toHaveLength(0);
    expect(api.callsTo('getMe')).toHaveLength(1);
  });

  it('says "your market" when the user has no country', async () => {
    const { app, api } = await mount((fake) => {
      unavailable(fake);
      fake.catalog.user.country = null;
    });
    await onTheUnavailableEpisode(app, api);
    await app.press('enter');
    await app.waitForFrame("can't play: not available in your market");
    expect(api.callsTo('startPlayback')).toHaveLength(0);
  });
});

describe("a playlist file's line that names no file", () => {
  it('shows as unavailable and says why on Enter, playing nothing', async () => {
    const { app, api } = await mount((fake) => {
      // The first playlist's second entry (fake-playlists.ts).
      fake.changeItem(fake.catalog.tracks[1]!.id, { is_local: true, is_playable: false, restrictions: { reason: 'missing' }, name: 'lost.mp3' });
    });
    await app.press('enter');
    await app.waitForFrame(/lost\.mp3 +unavailable/);
    await app.press('j');
    await app.press('enter');
    await app.waitForFrame("can't play: unavailable (its file is missing)");
    expect(api.callsTo('startPlayback')).toHaveLength(0);
  });
});
