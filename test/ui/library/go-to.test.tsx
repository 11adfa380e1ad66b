import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/ui/app/App.js';
import { NOTICE_MS } from '../../../src/ui/app/use-notice.js';
import { SEARCH_PACE_MS } from '../../../src/ui/overlays/use-search.js';
import { DEFAULT_BINDINGS } from '../../../src/keys/bindings.js';
import { actionEntries, rankGoTo, sectionEntries, targetEntries } from '../../../src/ui/overlays/go-to.js';
import { SORT_MENU_TEXT } from '../../../src/ui/playlist-editor/model/sort.js';
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

async function mount(api: FakeApi = createFakeApi()) {
  const app = renderApp(<App api={api} />);
  await app.waitForFrame(api.playlists()[0]!.description);
  return { app, api };
}

/** The rows of the go to under its typed line, first one first. */
const shownEntries = (frame: string): string[] => {
  const rows = frame.split('\n');
  const from = rows.findIndex((row) => row.startsWith('┃: '));
  return rows.slice(from + 1).filter((row) => row.startsWith('┃› ') || row.startsWith('┃  ')).map((row) => row.slice(3).trim());
};

describe('the go to’s ranking', () => {
  const entries = [...sectionEntries(), ...actionEntries(DEFAULT_BINDINGS)];
  const first = (query: string) => rankGoTo(query, entries, 5)[0]?.item;

  it('finds actions by their name and their words, and sections by theirs', () => {
    expect(first('sort')).toMatchObject({ kind: 'action', action: 'sort' });
    expect(first('devices')).toMatchObject({ kind: 'action', action: 'devices' });
    expect(first('liked')).toMatchObject({ kind: 'section', section: 'likedSongs' });
    expect(first('undo')).toMatchObject({ kind: 'action', action: 'undo' });
    expect(entries.some((entry) => entry.kind === 'action' && (entry.action === 'goTo' || entry.action === 'devicesPlay'))).toBe(false);
  });

  it('lists each thing to open once, however many lists hold it', () => {
    const api = createFakeApi();
    const playlist = api.playlists()[0]!;
    const targets = targetEntries([{ kind: 'playlist', playlist }, { kind: 'track', track: api.catalog.tracks[0]! }, { kind: 'playlist', playlist }]);
    expect(targets).toEqual([{ kind: 'target', target: { kind: 'playlist', playlist }, uri: playlist.uri, name: playlist.name, note: 'playlist' }]);
  });
});

describe(': go to', () => {
  it('runs an action by its name: refused where it does not work yet, as its key once there', async () => {
    const { app, api } = await mount();
    await app.press(':');
    await app.type('sort');
    const frame = await app.waitForFrame((screen) => shownEntries(screen)[0]?.startsWith('sort:') === true);
    expect(frame).toContain('o · a playlist');
    await app.press('enter');
    await app.waitForFrame('open a playlist first');
    // The notice goes after its time; the sort menu's line then shows.
    await vi.advanceTimersByTimeAsync(NOTICE_MS);
    await app.press('enter');
    await app.waitForFrame(`${api.playlists()[0]!.name} ·`);
    await app.press(':');
    await app.type('sort');
    await app.waitForFrame((screen) => shownEntries(screen)[0]?.startsWith('sort:') === true);
    await app.press('enter');
    await app.waitForFrame(SORT_MENU_TEXT.slice(0, 20));
  });

  it('opens the devices, focuses a section, and opens a loaded playlist by part of their names', async () => {
    const { app, api } = await mount();
    await app.press(':');
    await app.type('devices');
    await app.waitForFrame((screen) => shownEntries(screen)[0]?.startsWith('choose the device') === true);
    await app.press('enter');
    await app.waitForFrame('┏━ Devices');
    await app.press('escape', ':');
    await app.type('liked');
    await app.waitForFrame((screen) => shownEntries(screen)[0]?.startsWith('Liked songs') === true);
    await app.press('enter');
    await app.waitForFrame('[6 Liked songs]');
    const playlist = api.playlists()[3]!;
    await app.press(':');
    await app.type(playlist.name);
    await app.waitForFrame((screen) => shownEntries(screen)[0]?.startsWith(playlist.name) === true);
    await app.press('enter');
    await app.waitForFrame((screen) => screen.includes('[2 Playlists]') && screen.includes(`${playlist.name} · `));
  });

  it('goes to an album no list has loaded, found by one search of the catalog', async () => {
    const { app, api } = await mount();
    const album = api.library.albums.find((candidate) => !api.library.isSaved(candidate.uri))!;
    await app.press(':');
    await app.type(album.name);
    await vi.advanceTimersByTimeAsync(SEARCH_PACE_MS);
    await app.waitForFrame((screen) => shownEntries(screen).some((row) => row.startsWith(album.name) && row.includes('album ·')));
    expect(api.callsTo('search').at(-1)!.args.slice(0, 2)).toEqual([album.name, ['playlist', 'artist', 'album', 'show', 'audiobook']]);
    const index = shownEntries(app.frame()).findIndex((row) => row.startsWith(album.name) && row.includes('album ·'));
    await app.press(...Array<string>(index).fill('down'), 'enter');
    await app.waitForFrame((screen) => screen.includes('[7 Albums]') && screen.includes(`${album.name} ·`));
  });
});
