import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAYLIST_ROW_FIELDS } from '../../../src/api/playlists.js';
import type { PlaylistItem } from '../../../src/api/types.js';
import { FILTERED_MOVE_REFUSAL } from '../../../src/ui/playlist-editor/model/messages.js';
import { REFRESH_INTERVAL_MS } from '../../../src/ui/list/page-loader.js';
import { PlaylistEditorPane } from '../../../src/ui/playlist-editor/PlaylistEditorPane.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { LONG_PLAYLIST_INDEX, MIXED_PLAYLIST_INDEX } from '../../helpers/fake-playlists.js';
import { openPlaylist } from './editor-harness.js';
import { renderApp } from '../../helpers/render.js';
import { inDashboard, lastCall, paneCallbacks, settle } from '../panes/pane-harness.js';
import { useFakeClock } from '../../helpers/fake-clock.js';

const WIDTH = 70;
const HEIGHT = 36;
/** The border (the title is in it) off the pane's height. */
const LIST_ROWS = HEIGHT - 2;

afterEach(() => {
  vi.useRealTimers();
});

function openLongPlaylist(api: FakeApi = createFakeApi(), isFocused = true) {
  const playlist = api.playlists()[LONG_PLAYLIST_INDEX]!;
  const callbacks = paneCallbacks();
  const onBack = vi.fn();
  const globalKeys: string[] = [];
  const app = renderApp(
    inDashboard(
      api,
      <PlaylistEditorPane
        playlist={playlist}
        isFocused={isFocused}
        width={WIDTH}
        height={HEIGHT}
        onBack={onBack}
        {...callbacks}
      />,
      (input) => globalKeys.push(input),
    ),
  );
  return { api, playlist, app, onBack, globalKeys, ...callbacks };
}

/** Items of the long playlist as another fake (same deterministic data) has them, without touching the api under test. */
async function itemsAt(offset: number, limit = 1): Promise<PlaylistItem[]> {
  const reference = createFakeApi();
  const playlist = reference.playlists()[LONG_PLAYLIST_INDEX]!;
  return (await reference.getPlaylistItems(playlist.id, { offset, limit })).items;
}

const offsetsAsked = (api: FakeApi): number[] =>
  api.callsTo('getPlaylistItems').map((call) => (call.args[1] as { offset: number }).offset);

describe('PlaylistEditorPane', () => {
  it('opens on the first item with the cursor on it, titled with the name and the count', async () => {
    const { app, playlist } = openLongPlaylist();
    const [first] = await itemsAt(0);
    const frame = await app.waitForFrame(first!.track!.name);
    expect(frame).toContain(`${playlist.name} · 10,000 items`);
    expect(frame).toMatch(new RegExp(`› +1  ${first!.track!.name}`));
  });

  it('renders only the rows that fit, and fetches only the pages around them', async () => {
    const { app, api } = openLongPlaylist();
    const [first] = await itemsAt(0);
    const frame = await app.waitForFrame(first!.track!.name);
    const rows = frame.split('\n').filter((line) => /^[│┃][› ] +\d+  /.test(line));
    expect(rows).toHaveLength(LIST_ROWS);
    expect(frame.split('\n')).toHaveLength(HEIGHT);
    expect(offsetsAsked(api).sort((a, b) => a - b)).toEqual([0, 50]);
  });

  it('asks only for the fields its rows and details show', async () => {
    const { app, api } = openLongPlaylist();
    const [first] = await itemsAt(0);
    await app.waitForFrame(first!.track!.name);
    const fieldsAsked = api.callsTo('getPlaylistItems').map((call) => (call.args[1] as { fields?: string }).fields);
    expect(fieldsAsked.length).toBeGreaterThan(0);
    expect(new Set(fieldsAsked)).toEqual(new Set([PLAYLIST_ROW_FIELDS]));
  });

  it('G asks for the last page first and shows item 10,000', async () => {
    const { app, api } = openLongPlaylist();
    const [first] = await itemsAt(0);
    await app.waitForFrame(first!.track!.name);
    const before = offsetsAsked(api).length;
    await app.press('G');
    const [last] = await itemsAt(9_999);
    const frame = await app.waitForFrame(last!.track!.name);
    expect(offsetsAsked(api)[before]).toBe(9_950);
    expect(frame).toMatch(new RegExp(`› +10000  ${last!.track!.name}`));
    expect(offsetsAsked(api).every((offset) => offset < 100 || offset >= 9_900)).toBe(true);
  });

  it('lets go of the pages far behind the window, and asks for them again on the way back', async () => {
    const { app, api } = openLongPlaylist();
    const [first] = await itemsAt(0);
    await app.waitForFrame(first!.track!.name);
    await app.press('G');
    const [last] = await itemsAt(9_999);
    await app.waitForFrame(last!.track!.name);
    await vi.waitFor(() => expect(offsetsAsked(api)).toContain(9_900));
    const before = offsetsAsked(api).length;
    await app.press('g');
    await app.waitForFrame(new RegExp(`› +1  ${first!.track!.name}`));
    expect(offsetsAsked(api).slice(before)).toContain(0);
  });

  it('fetches the next page as the window approaches the end of what is loaded', async () => {
    const { app, api } = openLongPlaylist();
    const [first] = await itemsAt(0);
    await app.waitForFrame(first!.track!.name);
    expect(offsetsAsked(api)).not.toContain(100);
    await app.press('pagedown');
    const [item] = await itemsAt(LIST_ROWS);
    await app.waitForFrame(new RegExp(`› +${LIST_ROWS + 1}  ${item!.track!.name}`));
    await vi.waitFor(() => expect(offsetsAsked(api)).toContain(100));
    expect(Math.max(...offsetsAsked(api))).toBe(100);
  });

  it('keeps what it has when a page fails, says so, and tries again when the window moves', async () => {
    const { app, api, onStatus } = openLongPlaylist();
    const [first] = await itemsAt(0);
    await app.waitForFrame(first!.track!.name);
    api.failNext('getPlaylistItems', { message: 'Service unavailable' });
    await app.press('G');
    await vi.waitFor(() => expect(lastCall(onStatus)).toBe("Couldn't load items 9951–10000: Service unavailable"));
    expect(app.frame()).toMatch(/› …/);
    await app.press('k');
    const [last] = await itemsAt(9_998);
    await app.waitForFrame(last!.track!.name);
    await vi.waitFor(() => expect(lastCall(onStatus)).toBeNull());
  });

  it('says in place of its rows why none could be loaded, and shows them once a page comes', async () => {
    const api = createFakeApi();
    const reason = 'only playlists you own or collaborate on can be read by your own app';
    // The two pages around the window and the first check of the cursor's page are refused, as a followed
    // playlist's are on a development-mode app.
    api.failNext('forbidden', { method: 'getPlaylistItems', message: reason, times: 3 });
    const { app } = openLongPlaylist(api);
    // The words wrap inside the pane: read them as one line.
    const words = (frame: string) => frame.replace(/[┃│]/g, ' ').replace(/\s+/g, ' ');
    const frame = await app.waitForFrame((text) => words(text).includes(`Couldn't load the items: ${reason}`));
    expect(frame).not.toMatch(/› …/);
    expect(frame).toContain('10,000 items');
    // The cursor's page is checked again a second after the first answers.
    await vi.waitFor(() => expect(api.callsTo('getPlaylistItems')).toHaveLength(3), { timeout: 5_000 });
    expect(words(app.frame())).toContain(`Couldn't load the items: ${reason}`);
    // A page that comes (the window moved to the end) puts the rows back.
    await app.press('G');
    const [last] = await itemsAt(9_999);
    await app.waitForFrame(last!.track!.name);
    expect(app.frame()).not.toContain("Couldn't load the items");
  });

  it('Esc goes back', async () => {
    const { app, onBack } = openLongPlaylist();
    await app.waitForFrame('10,000 items');
    await app.press('escape');
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('filters the loaded items with /, and Esc clears the filter before it goes back', async () => {
    const { app, onBack, globalKeys } = openLongPlaylist();
    const items = await itemsAt(0, 3);
    const wanted = items[2]!.track!.name;
    await app.waitForFrame(items[0]!.track!.name);
    await app.press('/');
    await app.waitForFrame('Enter keeps · Esc clears');
    await app.type(wanted.toLowerCase());
    const filtered = await app.waitForFrame(/of 100 loaded/);
    const shown = filtered.split('\n').filter((line) => /^[│┃][› ] +\d+  /.test(line));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((line) => line.includes(wanted))).toBe(true);
    expect(filtered).toMatch(new RegExp(`› +3  ${wanted}`));
    await app.press('escape');
    await app.waitForFrame((frame) => !frame.includes('loaded') && frame.includes(items[0]!.track!.name));
    // Typed text is the filter's: none of it reached the global keys (`n`, `p`, `s`, `r`, `q`...).
    expect(globalKeys).toEqual([]);
    expect(app.frame()).toMatch(new RegExp(`› +3  ${wanted}`));
    expect(onBack).not.toHaveBeenCalled();
  });

  it('refuses J and K while a filter is on, saying why', async () => {
    const { app, onStatus } = openLongPlaylist();
    const [first] = await itemsAt(0);
    await app.waitForFrame(first!.track!.name);
    await app.press('/');
    await app.type(first!.track!.name.slice(0, 3));
    await app.press('enter');
    await app.waitForFrame('Esc clears');
    await app.press('J');
    expect(lastCall(onStatus)).toBe(FILTERED_MOVE_REFUSAL);
    onStatus.mockClear();
    await app.press('K');
    expect(lastCall(onStatus)).toBe(FILTERED_MOVE_REFUSAL);
    await app.press('shift-down');
    expect(onStatus).toHaveBeenCalledTimes(2);
  });

  it('re-reads a page of episodes under the cursor once a minute while focused (resume points change without a new snapshot), and a same answer draws nothing', async () => {
    useFakeClock();
    const { app, api, playlist } = openPlaylist(MIXED_PLAYLIST_INDEX);
    const [first] = (await createFakeApi().getPlaylistItems(playlist.id, { offset: 0, limit: 1 })).items;
    await app.waitForFrame(first!.track!.name);
    await settle();
    const calls = offsetsAsked(api).length;
    const frames = app.frameCount();
    vi.advanceTimersByTime(REFRESH_INTERVAL_MS - 1_000);
    await settle();
    expect(offsetsAsked(api)).toHaveLength(calls);
    vi.advanceTimersByTime(1_000);
    await settle();
    expect(offsetsAsked(api).slice(calls)).toEqual([0]);
    expect(app.frameCount()).toBe(frames);
  });

  it("does not re-read a page of tracks only: the playlist's snapshot, checked every 15 s, covers it", async () => {
    useFakeClock();
    const { app, api } = openLongPlaylist();
    const [first] = await itemsAt(0);
    await app.waitForFrame(first!.track!.name);
    await settle();
    const calls = offsetsAsked(api).length;
    const frames = app.frameCount();
    for (let minute = 0; minute < 3; minute++) {
      await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
      await settle();
    }
    expect(offsetsAsked(api)).toHaveLength(calls);
    expect(api.callsTo('getPlaylistSnapshot')).toHaveLength((3 * REFRESH_INTERVAL_MS) / 15_000);
    expect(app.frameCount()).toBe(frames);
  });

  it('does not refresh while another pane has the keys', async () => {
    useFakeClock();
    const { app, api } = openLongPlaylist(createFakeApi(), false);
    const [first] = await itemsAt(0);
    await app.waitForFrame(first!.track!.name);
    await settle();
    const calls = offsetsAsked(api).length;
    vi.advanceTimersByTime(5 * REFRESH_INTERVAL_MS);
    await settle();
    expect(offsetsAsked(api)).toHaveLength(calls);
  });
});
