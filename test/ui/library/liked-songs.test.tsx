import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/ui/app/App.js';
import { REREAD_MIN_MS } from '../../../src/ui/list/use-rereads.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { useFakeClock } from '../../helpers/fake-clock.js';
import { LIKED_COUNT } from '../../helpers/fake-library.js';
import { renderApp } from '../../helpers/render.js';

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2026, 10, 23));
});

afterEach(() => {
  vi.useRealTimers();
});

async function mount(api: FakeApi = createFakeApi(), rows = 40) {
  const app = renderApp(<App api={api} />, { columns: 120, rows });
  await app.waitForFrame(api.playlists()[0]!.description);
  return { app, api };
}

/** `6`, and the liked songs' first rows on screen. */
async function openLikedSongs(app: ReturnType<typeof renderApp>, api: FakeApi) {
  await app.press('6');
  const newest = api.library.likedTracks()[0]!;
  return app.waitForFrame((frame) => frame.includes(`Liked songs · ${LIKED_COUNT}`) && frame.includes(`› ${newest.name.slice(0, 10)}`));
}

const offsetsAsked = (api: FakeApi): number[] => api.callsTo('getSavedTracks').map((call) => (call.args[0] as { offset: number }).offset);
/** Reads of the list's first page: one per reading of the list (the page beside it goes with it). */
const firstPageReads = (api: FakeApi): number => offsetsAsked(api).filter((offset) => offset === 0).length;
/** A list cell cuts long names: their start is what a row shows. */
const cell = (name: string): string => name.slice(0, 10);

describe('Liked songs', () => {
  it('lists the liked songs newest first, each with its ♥, a page at a time: the last ones without those between', async () => {
    const { app, api } = await mount();
    const frame = await openLikedSongs(app, api);
    const liked = api.library.likedTracks();
    const rowOf = (name: string): number => frame.split('\n').findIndex((row) => row.includes(name.slice(0, 10)));
    expect(rowOf(liked[0]!.name)).toBeGreaterThan(0);
    expect(rowOf(liked[1]!.name)).toBe(rowOf(liked[0]!.name) + 1);
    expect(frame).toMatch(new RegExp(`› ${cell(liked[0]!.name)}.*♥`));
    // The window's page and the one after it, not the rest.
    expect(offsetsAsked(api)).toEqual([0, 50]);
    await app.press('G');
    await app.waitForFrame(`› ${cell(liked.at(-1)!.name)}`);
    expect(offsetsAsked(api)).toEqual([0, 50, 100]);
  });

  it('plays a song in the liked songs from that song, and P plays them from the newest', async () => {
    const { app, api } = await mount();
    await openLikedSongs(app, api);
    const liked = api.library.likedTracks();
    await app.press('j', 'j', 'enter');
    await app.waitForFrame(`▶ Playing  ${liked[2]!.name}`);
    await app.waitForFrame('from Liked songs');
    const collection = `${api.catalog.user.uri}:collection`;
    expect(api.callsTo('startPlayback')[0]!.args[0]).toEqual({ contextUri: collection, offset: { uri: liked[2]!.uri } });
    expect(api.currentPlayback()?.context).toMatchObject({ type: 'collection', uri: collection });
    expect(api.currentPlayback()?.item?.id).toBe(liked[2]!.id);
    await app.press('P');
    await app.waitForFrame(`▶ Playing  ${liked[0]!.name}`);
    expect(api.callsTo('startPlayback')[1]!.args[0]).toEqual({ contextUri: collection, offset: { position: 0 } });
  });

  it('asks nothing of the library at rest: only the player, at most 6 times in 30 s while playing', async () => {
    const { app, api } = await mount();
    await openLikedSongs(app, api);
    await vi.advanceTimersByTimeAsync(5_000);
    const before = api.calls.length;
    for (let window = 0; window < 4; window++) {
      const from = api.calls.length;
      await vi.advanceTimersByTimeAsync(30_000);
      const methods = api.calls.slice(from).map((call) => call.method);
      expect(methods.filter((method) => method !== 'getPlaybackState' && method !== 'getQueue')).toEqual([]);
      expect(methods.filter((method) => method === 'getPlaybackState').length).toBeLessThanOrEqual(6);
    }
    expect(api.calls.slice(before).some((call) => call.method === 'getSavedTracks' || call.method === 'libraryContains')).toBe(false);
  });

  it('reads itself again after a like elsewhere: at once while shown, then at most once per 15 s', async () => {
    const { app, api } = await mount();
    await openLikedSongs(app, api);
    const notLiked = api.catalog.tracks.find((track) => !api.library.isSaved(track.uri))!;
    api.setPlayback({ ...api.currentPlayback()!, item: notLiked });
    await vi.advanceTimersByTimeAsync(5_000);
    await app.waitForFrame(`▶ Playing  ${notLiked.name}`);
    const reads = firstPageReads(api);
    // In Now playing, `l` likes what plays: the list below, shown but without the keys, reads its page again.
    await app.press('1', 'l');
    await app.waitForFrame(`▶ Playing  ${notLiked.name}  ♥`);
    await app.waitForFrame(`› ${cell(notLiked.name)}`);
    expect(firstPageReads(api)).toBe(reads + 1);
    await app.waitForFrame(`Liked songs · ${LIKED_COUNT + 1}`);
    // A second change within 15 s waits for the rest of them.
    await app.press('l');
    await app.waitForFrame((frame) => frame.includes('unliked:') && !frame.includes(`${notLiked.name}  ♥`));
    expect(firstPageReads(api)).toBe(reads + 1);
    await vi.advanceTimersByTimeAsync(REREAD_MIN_MS);
    await app.waitForFrame(`Liked songs · ${LIKED_COUNT}`);
    expect(firstPageReads(api)).toBe(reads + 2);
  });

  it('reads again only the pages around the window, however far it was scrolled', async () => {
    // 24 rows: the window at the end is more than a page from the first one.
    const { app, api } = await mount(createFakeApi(), 24);
    await openLikedSongs(app, api);
    const liked = api.library.likedTracks();
    await app.press('G');
    await app.waitForFrame(`› ${cell(liked.at(-1)!.name)}`);
    const notLiked = api.catalog.tracks.find((track) => !api.library.isSaved(track.uri))!;
    api.setPlayback({ ...api.currentPlayback()!, item: notLiked });
    await vi.advanceTimersByTimeAsync(5_000);
    await app.waitForFrame(`▶ Playing  ${notLiked.name}`);
    const before = offsetsAsked(api).length;
    await app.press('1', 'l');
    await app.waitForFrame(`liked: ${notLiked.name}`);
    await app.waitForFrame(`Liked songs · ${LIKED_COUNT + 1}`);
    // The window is at the end: the pages of 50 and 100 are near it; the first page is not read again.
    expect(offsetsAsked(api).slice(before).sort((a, b) => a - b)).toEqual([50, 100]);
  });

  it("unlikes a row under the cursor at once, keeps it there while the list has the keys, and drops it when it comes back", async () => {
    const { app, api } = await mount();
    await openLikedSongs(app, api);
    const [newest, second] = api.library.likedTracks();
    await app.press('l');
    await app.waitForFrame((frame) => frame.includes(`unliked: ${newest!.name}`) && !new RegExp(`› ${cell(newest!.name)}.*♥`).test(frame));
    expect(api.callsTo('removeFromLibrary')[0]!.args[0]).toEqual([newest!.uri]);
    expect(app.frame()).toContain(`› ${cell(newest!.name)}`);
    await app.press('2', '6');
    await app.waitForFrame(`› ${cell(second!.name)}`);
    expect(app.frame()).not.toMatch(new RegExp(`┃[› ] ${cell(newest!.name)}`));
  });
});
