import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/ui/app/App.js';
import { CONTAINS_SETTLE_MS } from '../../../src/ui/liked/liked-store.js';
import { THEMES } from '../../../src/ui/context/theme.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { useFakeClock } from '../../helpers/fake-clock.js';
import { renderApp } from '../../helpers/render.js';

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2026, 10, 23));
});

afterEach(() => {
  vi.useRealTimers();
});

async function mount(api: FakeApi = createFakeApi(), theme = THEMES.default) {
  const app = renderApp(<App api={api} theme={theme} />);
  await app.waitForFrame(api.playlists()[0]!.description);
  return { app, api };
}

const cell = (name: string): string => name.slice(0, 10);
/** The row of `name` ends with a ♥ (a liked row), or does not. */
const likedRow = (name: string): RegExp => new RegExp(`[› ] +(\\d+ +)?${cell(name)}[^\\n┃]*♥┃`);

/** `7`, Enter on a saved album with liked and other tracks: its tracks, whose liked state comes from the service. */
async function openAlbumTracks(app: ReturnType<typeof renderApp>, api: FakeApi) {
  const saved = api.library.newestFirst(api.library.albums).map(({ item }) => item);
  const index = saved.findIndex((candidate) => new Set(api.library.tracksOf(candidate.id).map((track) => api.library.isSaved(track.uri))).size === 2);
  const album = saved[index]!;
  await app.press('7');
  await app.waitForFrame(`› ${cell(saved[0]!.name)}`);
  await app.press(...Array<string>(index).fill('j'));
  await app.waitForFrame(`› ${cell(album.name)}`);
  await app.press('enter');
  const tracks = api.library.tracksOf(album.id);
  await app.waitForFrame(new RegExp(`› +1 +${cell(tracks[0]!.name)}`));
  return tracks;
}

describe('l and the ♥', () => {
  it('asks the service about the rows of a window once it rests, in one batch, and never again for them', async () => {
    const { app, api } = await mount();
    const tracks = await openAlbumTracks(app, api);
    expect(api.callsTo('libraryContains').filter((call) => (call.args[0] as string[]).includes(tracks[1]!.uri))).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(CONTAINS_SETTLE_MS);
    const asked = api.callsTo('libraryContains').filter((call) => (call.args[0] as string[]).includes(tracks[1]!.uri));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.args[0]).toEqual(expect.arrayContaining(tracks.map((track) => track.uri)));
    const liked = tracks.filter((track) => api.library.isSaved(track.uri));
    const notLiked = tracks.filter((track) => !api.library.isSaved(track.uri));
    const frame = await app.waitForFrame(likedRow(liked[0]!.name));
    expect(frame).not.toMatch(likedRow(notLiked[0]!.name));
    const calls = api.callsTo('libraryContains').length;
    await app.press('j', 'j', 'j', 'k');
    await vi.advanceTimersByTimeAsync(CONTAINS_SETTLE_MS * 2);
    expect(api.callsTo('libraryContains')).toHaveLength(calls);
  });

  it('likes the row under the cursor at once, unlikes it with l again, and the album list of liked songs knows', async () => {
    const { app, api } = await mount();
    const tracks = await openAlbumTracks(app, api);
    await vi.advanceTimersByTimeAsync(CONTAINS_SETTLE_MS);
    const index = tracks.findIndex((track) => !api.library.isSaved(track.uri));
    const track = tracks[index]!;
    await app.press(...Array<string>(index).fill('j'), 'l');
    await app.waitForFrame(likedRow(track.name));
    await app.waitForFrame(`liked: ${track.name}`);
    expect(api.callsTo('saveToLibrary')[0]!.args[0]).toEqual([track.uri]);
    expect(api.library.isSaved(track.uri)).toBe(true);
    await app.press('l');
    await app.waitForFrame((frame) => frame.includes(`unliked: ${track.name}`) && !likedRow(track.name).test(frame));
    expect(api.library.isSaved(track.uri)).toBe(false);
  });

  it('puts the mark back when the service refuses, and says why', async () => {
    const { app, api } = await mount();
    const tracks = await openAlbumTracks(app, api);
    await vi.advanceTimersByTimeAsync(CONTAINS_SETTLE_MS);
    const index = tracks.findIndex((track) => !api.library.isSaved(track.uri));
    api.failNext('forbidden', { method: 'saveToLibrary', message: 'Insufficient client scope' });
    await app.press(...Array<string>(index).fill('j'), 'l');
    await app.waitForFrame(`couldn't like ${tracks[index]!.name}: Insufficient client scope`);
    expect(app.frame()).not.toMatch(likedRow(tracks[index]!.name));
    expect(api.library.isSaved(tracks[index]!.uri)).toBe(false);
  });

  it('likes what plays from Now playing, its ♥ beside its name', async () => {
    const { app, api } = await mount();
    const playing = api.currentPlayback()!.item!;
    await app.waitForFrame(`▶ Playing  ${playing.name}  ♥`);
    await app.press('1', 'l');
    await app.waitForFrame((frame) => frame.includes(`▶ Playing  ${playing.name}`) && !frame.includes(`${playing.name}  ♥`));
    expect(api.callsTo('removeFromLibrary')[0]!.args[0]).toEqual([playing.uri]);
    await app.press('l');
    await app.waitForFrame(`▶ Playing  ${playing.name}  ♥`);
  });

  it('unfollows an artist and removes a saved show, and says what l cannot like', async () => {
    const { app, api } = await mount();
    const artist = api.library.artists.find((candidate) => api.library.isSaved(candidate.uri))!;
    await app.press('8');
    await app.waitForFrame(likedRow(artist.name));
    await app.press('l');
    await app.waitForFrame(`unfollowed: ${artist.name}`);
    const show = api.catalog.savedShows[0]!.show;
    await app.press('3');
    await app.waitForFrame(likedRow(show.name));
    await app.press('l');
    await app.waitForFrame(`removed from your library: ${show.name}`);
    await app.press('enter');
    await app.waitForFrame(`${show.name} · `);
    await app.press('l');
    await app.waitForFrame("can't like an episode");
    await app.press('2', 'l');
    await app.waitForFrame("can't like a playlist here");
  });

  it("likes a track of a playlist's items, a list of the editor's own", async () => {
    const { app, api } = await mount();
    const playlist = api.playlists()[0]!;
    await app.press('enter');
    await app.waitForFrame(`${playlist.name} ·`);
    const first = api.playlists()[0]!;
    const track = (await api.getPlaylistItems(first.id, { offset: 0, limit: 1 })).items[0]!.track!;
    const wasLiked = api.library.isSaved(track.uri);
    await app.press('l');
    await app.waitForFrame(`${wasLiked ? 'unliked' : 'liked'}: ${track.name}`);
    expect(api.library.isSaved(track.uri)).toBe(!wasLiked);
  });

  it('marks liked rows with a character that shows without colours', async () => {
    const { app, api } = await mount(createFakeApi(), THEMES.none);
    const newest = api.library.likedTracks()[0]!;
    await app.press('6');
    await app.waitForFrame(likedRow(newest.name));
  });
});
