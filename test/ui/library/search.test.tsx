import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../src/api/api.js';
import type { SearchResults } from '../../../src/api/library-types.js';
import { App } from '../../../src/ui/app/App.js';
import { SEARCH_PACE_MS } from '../../../src/ui/overlays/use-search.js';
import { CONTAINS_SETTLE_MS } from '../../../src/ui/liked/liked-store.js';
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

async function mount(api: Api & Pick<FakeApi, 'playlists'> = createFakeApi()) {
  const app = renderApp(<App api={api} />);
  await app.waitForFrame(api.playlists()[0]!.description);
  return app;
}

const queries = (api: FakeApi): string[] => api.callsTo('search').map((call) => call.args[0] as string);
const cell = (name: string): string => name.slice(0, 10);

describe('f: search', () => {
  it('searches as you type, at most once per 250 ms, and groups what it finds by kind', async () => {
    const api = createFakeApi();
    const app = await mount(api);
    await app.press('f');
    await app.waitForFrame('Type to search');
    await app.type('harbour');
    // The first key asks at once; what is typed meanwhile goes once the 250 ms are up.
    expect(queries(api)).toEqual(['h']);
    await vi.advanceTimersByTimeAsync(SEARCH_PACE_MS);
    expect(queries(api)).toEqual(['h', 'harbour']);
    const frame = await app.waitForFrame(/Tracks · \d+ of \d+/);
    expect(frame).toMatch(/Artists · \d+/);
    expect(frame).toMatch(/Albums · \d+/);
    expect(frame).toContain(`› ${cell(api.catalog.tracks.find((track) => track.name.endsWith('Harbour'))!.name)}`);
    await vi.advanceTimersByTimeAsync(10 * SEARCH_PACE_MS);
    expect(queries(api)).toHaveLength(2);
  });

  it('draws the last search’s answer only, whatever order the answers come in', async () => {
    const api = createFakeApi();
    const waiting: { query: string; answer: () => void }[] = [];
    // A service that answers whenever the test says, whether the search was given up or not.
    const slow: Api & Pick<FakeApi, 'playlists'> = {
      ...api,
      search: (query, types, page) =>
        new Promise<SearchResults>((resolve) => waiting.push({ query, answer: () => void api.search(query, types, page).then(resolve) })),
    };
    const app = await mount(slow);
    await app.press('f');
    await app.type('h');
    await vi.advanceTimersByTimeAsync(SEARCH_PACE_MS);
    await app.type('arbour');
    await vi.advanceTimersByTimeAsync(SEARCH_PACE_MS);
    expect(waiting.map(({ query }) => query)).toEqual(['h', 'ha', 'harbour']);
    waiting[2]!.answer();
    const harbours = api.catalog.tracks.filter((track) => track.name.toLowerCase().includes('harbour')).length;
    await app.waitForFrame(`Tracks · 10 of ${harbours}`);
    const shown = app.frame();
    // The earlier searches find more (any name with an "h"): their answers come late, and show nothing.
    waiting[0]!.answer();
    waiting[1]!.answer();
    await vi.advanceTimersByTimeAsync(100);
    await app.press('down', 'up');
    expect(app.frame()).toBe(shown);
  });

  it('reads a page more of a kind as the cursor reaches the end of its group', async () => {
    const api = createFakeApi();
    const app = await mount(api);
    await app.press('f');
    await app.type('harbour');
    await vi.advanceTimersByTimeAsync(SEARCH_PACE_MS);
    await app.waitForFrame(/Tracks · 10 of \d+/);
    await app.press(...Array<string>(8).fill('down'));
    await app.waitForFrame(/Tracks · 20 of \d+|Tracks · \d+\n/);
    const more = api.callsTo('search').at(-1)!;
    expect(more.args.slice(0, 3)).toEqual(['harbour', ['track'], { offset: 10, limit: 10 }]);
  });

  it('finds a liked song by its name among the first ten, with its ♥', async () => {
    const api = createFakeApi();
    const song = api.library.likedTracks()[5]!;
    const app = await mount(api);
    await app.press('f');
    await app.type(song.name);
    await vi.advanceTimersByTimeAsync(SEARCH_PACE_MS);
    await app.waitForFrame(new RegExp(`Tracks · [^\\n]*\\n[^\\n]*${song.name}`));
    await vi.advanceTimersByTimeAsync(CONTAINS_SETTLE_MS);
    const frame = await app.waitForFrame(new RegExp(`${song.name}[^\\n]*♥`));
    const rows = frame.split('\n');
    const heading = rows.findIndex((row) => row.includes('Tracks · '));
    const found = rows.findIndex((row, index) => index > heading && row.includes(song.name));
    expect(found - heading).toBeGreaterThan(0);
    expect(found - heading).toBeLessThanOrEqual(10);
  });

  it('plays a track in its album, opens an album on the Albums tab, and Esc closes', async () => {
    const api = createFakeApi();
    const app = await mount(api);
    await app.press('f');
    await app.type('quiet harbour');
    await vi.advanceTimersByTimeAsync(SEARCH_PACE_MS);
    await app.waitForFrame('Tracks · ');
    await app.press('enter');
    const track = api.catalog.tracks.find((candidate) => candidate.name === 'Quiet Harbour')!;
    await app.waitForFrame(`from ${track.album.name}`);
    expect(api.callsTo('startPlayback')[0]!.args[0]).toEqual({ contextUri: track.album.uri, offset: { uri: track.uri } });
    expect(app.frame()).not.toContain('Tracks · ');

    const album = api.library.albums.find((candidate) => candidate.name.includes('Meadow'))!;
    await app.press('f');
    await app.type(album.name);
    await vi.advanceTimersByTimeAsync(SEARCH_PACE_MS);
    const frame = await app.waitForFrame('Albums · ');
    const rows = frame.split('\n');
    const albumRow = rows.findIndex((row) => row.includes('Albums · ')) + 1;
    const firstItem = rows.findIndex((row) => row.includes('› '));
    await app.press(...Array<string>(albumRow - firstItem - (rows.slice(firstItem, albumRow).filter((row) => / · \d/.test(row)).length)).fill('down'), 'enter');
    await app.waitForFrame((screen) => screen.includes('[7 Albums]') && screen.includes(`${album.name} ·`));

    await app.press('f');
    await app.waitForFrame('Type to search');
    await app.press('escape');
    await app.waitForFrame((screen) => !screen.includes('Type to search') && screen.includes('[7 Albums]'));
  });
});
