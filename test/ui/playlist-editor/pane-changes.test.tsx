import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_SAVE_MS } from '../../../src/ui/playlist-editor/model/save-schedule.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { useFakeClock } from '../../helpers/fake-clock.js';
import { settle } from '../panes/pane-harness.js';
import { cursorRow, elapse, namesOnService, openPlaylist, openShort, rowNames, SHORT_PLAYLIST_INDEX } from './editor-harness.js';

beforeEach(() => {
  useFakeClock();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The URIs of the playlist in the order the (fake) service has them. */
async function urisOnService(api: FakeApi, playlistId: string): Promise<string[]> {
  const page = await api.getPlaylistItems(playlistId, { offset: 0, limit: 100 });
  return page.items.map((item) => item.track?.uri ?? '?');
}

/** The short playlist with a second copy of its third entry's track at the end, opened. */
async function openWithCopy() {
  const api = createFakeApi();
  const playlist = api.playlists()[SHORT_PLAYLIST_INDEX]!;
  const uris = await urisOnService(api, playlist.id);
  await api.addPlaylistItems(playlist.id, [uris[2]!], null);
  const pane = openPlaylist(SHORT_PLAYLIST_INDEX, api);
  const names = await namesOnService(api, playlist.id);
  await pane.app.waitForFrame(names[0]!);
  await settle();
  return { ...pane, names, uris: await urisOnService(api, playlist.id) };
}

describe('PlaylistEditorPane removing entries', () => {
  it('D takes the row out at once as one undo step, saved like a move; u puts it back in place, dated today once saved', async () => {
    const { app, api, playlist, names, statuses } = await openShort();
    await app.press('j', 'D');
    let frame = await app.waitForFrame((current) => rowNames(current)[1] === names[2]);
    expect(cursorRow(frame)).toMatchObject({ position: 2, name: names[2] });
    expect(statuses().at(-1)).toBe('removed 1 item · unsaved');
    await elapse(IDLE_SAVE_MS);
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('saved'));
    expect(await namesOnService(api, playlist.id)).toEqual([names[0], ...names.slice(2)]);
    expect(api.callsTo('removePlaylistItems')).toHaveLength(1);

    await app.press('u');
    frame = await app.waitForFrame((current) => rowNames(current)[1] === names[1]);
    expect(statuses().at(-1)).toBe('undid removing 1 item: added back at its place, its date becomes today · unsaved');
    // Not saved yet: the row says it is to be added.
    expect(frame.split('\n').some((line) => /^[│┃][› ] \+ +2  /.test(line))).toBe(true);
    await app.press('w');
    await elapse(0);
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('saved'));
    expect(await namesOnService(api, playlist.id)).toEqual(names);
  });

  it('removes a marked range in one step', async () => {
    const { app, api, playlist, names } = await openShort();
    await app.press('v', 'j', 'j', 'D', 'w');
    await app.waitForFrame((current) => rowNames(current)[0] === names[3]);
    await elapse(0);
    await vi.waitFor(async () => expect(await namesOnService(api, playlist.id)).toEqual(names.slice(3)));
    await app.press('u');
    await app.waitForFrame((current) => rowNames(current)[0] === names[0]);
  });

  it('removing one of two copies says the other stays, and the save removes both and adds that one back at its place', async () => {
    const { app, api, playlist, names, uris, statuses } = await openWithCopy();
    await app.press('j', 'j', 'D');
    await app.waitForFrame((current) => rowNames(current)[2] === names[3]);
    expect(statuses().at(-1)).toMatch(/^removed 1 item · another copy of it stays: the service removes every copy, so the save adds it back at its place, dated today · unsaved$/);
    await app.press('w');
    await elapse(0);
    await vi.waitFor(() => expect(statuses().at(-1)).toMatch(/^saved · another copy of it stays/));
    expect(await urisOnService(api, playlist.id)).toEqual([...uris.slice(0, 2), ...uris.slice(3)]);
    expect(api.callsTo('addPlaylistItems')).toHaveLength(2); // the copy made here, and the one added back
  });

  it('o u shows what goes and how many requests it takes, then removes the later copies as one step; the first stays in place', async () => {
    const { app, api, playlist, uris, statuses } = await openWithCopy();
    await app.press('o', 'u');
    await vi.waitFor(() => expect(statuses().at(-1)).toMatch(/^remove 1 duplicate of 1 item\? y removes, n keeps · 2 requests; each first copy stays in place, re-added, dated today · “.+” ×2$/));
    await app.press('y');
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('removed 1 duplicate of 1 item · unsaved'));
    await app.press('w');
    await elapse(0);
    await vi.waitFor(() => expect(statuses().at(-1)).toMatch(/^saved/));
    expect(await urisOnService(api, playlist.id)).toEqual(uris.slice(0, -1));
    await app.press('u');
    await vi.waitFor(() => expect(statuses().at(-1)).toMatch(/^undid removing 1 item/));
  });

  it('o u says so when every item is there once', async () => {
    const { app, statuses } = await openShort();
    await app.press('o', 'u');
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('no duplicates: every item is in the playlist once'));
  });

  it('refuses D in a read-only playlist and while a filter is on, saying why, changing nothing', async () => {
    const readOnly = openPlaylist(13);
    await readOnly.app.waitForFrame('read-only');
    await readOnly.app.press('D');
    expect(readOnly.statuses().at(-1)).toMatch(/^read-only: only .+ and collaborators can change this playlist$/);
    const { app, names, statuses } = await openShort();
    await app.press('/');
    await app.press(...names[0]!.slice(0, 3).split(''));
    await app.press('enter', 'D');
    expect(statuses().at(-1)).toMatch(/^Can't remove items while a filter is on/);
  });
});
