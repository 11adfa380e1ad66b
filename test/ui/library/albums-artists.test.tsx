import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/ui/app/App.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { useFakeClock } from '../../helpers/fake-clock.js';
import { FOLLOWED_ARTIST_COUNT } from '../../helpers/fake-library.js';
import { renderApp } from '../../helpers/render.js';

beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(Date.UTC(2026, 10, 23));
});

afterEach(() => {
  vi.useRealTimers();
});

async function mount(api: FakeApi = createFakeApi()) {
  const app = renderApp(<App api={api} />);
  await app.waitForFrame(api.playlists()[0]!.description);
  return { app, api };
}

const cell = (name: string): string => name.slice(0, 10);
/** An album's track row: its number, right-aligned, then its name. */
const trackRow = (number: number, name: string): RegExp => new RegExp(`› +${number} +${cell(name)}`);

describe('Albums', () => {
  it('lists the saved albums with their details; Enter opens the tracks without asking for the first page again', async () => {
    const { app, api } = await mount();
    const [{ item: album }] = api.library.newestFirst(api.library.albums);
    await app.press('7');
    const frame = await app.waitForFrame((screen) => screen.includes(`Albums · `) && screen.includes(`› ${cell(album!.name)}`));
    expect(frame).toContain(`Label      ${album!.name.split(' ')[0]} Records`);
    expect(frame).toMatch(/Tracks +10/);
    expect(frame).toMatch(/Length +\d+:\d\d/);
    expect(api.callsTo('getAlbum')).toHaveLength(0);
    await app.press('enter');
    const tracks = api.library.tracksOf(album!.id);
    await app.waitForFrame((screen) => screen.includes(`${album!.name} ·`) && trackRow(1, tracks[0]!.name).test(screen));
    expect(api.callsTo('getAlbumTracks')).toHaveLength(0);
    await app.press('escape');
    await app.waitForFrame(`› ${cell(album!.name)}`);
  });

  it("plays a track in its album from there, and P plays the album from its start", async () => {
    const { app, api } = await mount();
    const [{ item: album }] = api.library.newestFirst(api.library.albums);
    const tracks = api.library.tracksOf(album!.id);
    await app.press('7');
    await app.waitForFrame(`› ${cell(album!.name)}`);
    await app.press('P');
    await app.waitForFrame(`▶ Playing  ${tracks[0]!.name}`);
    expect(api.callsTo('startPlayback')[0]!.args[0]).toEqual({ contextUri: album!.uri, offset: { position: 0 } });
    await app.press('enter');
    await app.waitForFrame(trackRow(1, tracks[0]!.name));
    await app.press('j', 'j', 'j', 'enter');
    await app.waitForFrame(`▶ Playing  ${tracks[3]!.name}`);
    await app.waitForFrame(`from ${album!.name}`);
    expect(api.callsTo('startPlayback')[1]!.args[0]).toEqual({ contextUri: album!.uri, offset: { position: 3 } });
    expect(api.currentPlayback()?.context?.uri).toBe(album!.uri);
  });
});

describe('Artists', () => {
  it('lists the followed artists (paged by cursor), opens an artist on their albums and an album on its tracks', async () => {
    const { app, api } = await mount();
    const followed = api.library.artists.filter((artist) => api.library.isSaved(artist.uri));
    const artist = followed[0]!;
    await app.press('8');
    const frame = await app.waitForFrame(`Artists · ${FOLLOWED_ARTIST_COUNT}`);
    expect(frame).toContain(`› ${cell(artist.name)}`);
    expect(frame).toContain(`Genres     ${artist.genres.join(', ')}`);
    const albums = api.library.albumsBy(artist.id);
    await vi.advanceTimersByTimeAsync(200);
    await app.waitForFrame(`Albums     ${albums.length}`);
    expect(api.callsTo('getFollowedArtists')[0]!.args[0]).toEqual({ after: null, limit: 50 });
    await app.press('enter');
    await app.waitForFrame(`${artist.name} · ${albums.length} releases`);
    await app.waitForFrame(`› ${albums[0]!.release_date.slice(0, 4)}  ${cell(albums[0]!.name)}`);
    await app.press('enter');
    const tracks = api.library.tracksOf(albums[0]!.id);
    await app.waitForFrame(trackRow(1, tracks[0]!.name));
    await app.press('escape', 'escape');
    await app.waitForFrame(`› ${cell(artist.name)}`);
  });

  it('reads the details of an artist’s album (a simplified one) once the cursor rests on it', async () => {
    const { app, api } = await mount();
    const artist = api.library.artists.find((candidate) => api.library.isSaved(candidate.uri))!;
    const album = api.library.albumsBy(artist.id)[0]!;
    await app.press('8');
    await app.waitForFrame(`› ${cell(artist.name)}`);
    await app.press('enter');
    await app.waitForFrame(`› ${album.release_date.slice(0, 4)}  ${cell(album.name)}`);
    await vi.advanceTimersByTimeAsync(200);
    await app.waitForFrame(`Label      ${album.name.split(' ')[0]} Records`);
    expect(api.callsTo('getAlbum').map((call) => call.args[0])).toEqual([album.id]);
  });
});
