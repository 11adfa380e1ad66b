import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNT_JUMP_MS } from '../../../src/ui/keys/key-layers.js';
import { IDLE_SAVE_MS } from '../../../src/ui/playlist-editor/model/save-schedule.js';
import { LONG_PLAYLIST_INDEX } from '../../helpers/fake-playlists.js';
import { cursorRow, elapse, HEIGHT, namesOnService, openPlaylist, openShort, rowNames } from './editor-harness.js';
import { useFakeClock } from '../../helpers/fake-clock.js';

beforeEach(() => {
  useFakeClock();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PlaylistEditorPane reordering', () => {
  it('J moves the entry down at once, the cursor following it, and says it is unsaved', async () => {
    const { app, names, statuses } = await openShort();
    await app.press('J');
    const frame = await app.waitForFrame((current) => rowNames(current)[1] === names[0]);
    expect(rowNames(frame).slice(0, 3)).toEqual([names[1], names[0], names[2]]);
    expect(cursorRow(frame)).toMatchObject({ position: 2, name: names[0] });
    expect(statuses().at(-1)).toBe('moved 1 item · unsaved');
    await app.press('shift-up');
    await app.waitForFrame((current) => rowNames(current)[0] === names[0] && cursorRow(current)?.position === 1);
    await app.press('shift-down', 'shift-down');
    await app.waitForFrame((current) => rowNames(current)[2] === names[0] && cursorRow(current)?.position === 3);
  });

  it('saves by itself after the idle pause, and says saved only once the service answered', async () => {
    const { app, api, playlist, names, statuses } = await openShort();
    await app.press('J');
    await app.press('J');
    await elapse(IDLE_SAVE_MS - 100);
    await app.press('K');
    // The last move restarted the wait.
    await elapse(IDLE_SAVE_MS - 100);
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(0);
    const hold = api.hold('reorderPlaylistItems');
    await elapse(100);
    await vi.waitFor(() => expect(api.callsTo('reorderPlaylistItems')).toHaveLength(1));
    expect(statuses().at(-1)).toBe('saving 1/1…');
    expect(statuses()).not.toContain('saved');
    hold.release();
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('saved'));
    expect(await namesOnService(api, playlist.id)).toEqual([names[1], names[0], ...names.slice(2)]);
  });

  it('moves a marked range with a count in one request on w, Esc then clearing the mark', async () => {
    const { app, api, playlist, names } = await openShort();
    await app.press('v', 'j', 'j');
    let frame = await app.waitForFrame('3 marked');
    expect(cursorRow(frame)).toMatchObject({ position: 3, isMarked: true });
    await app.press('5', 'J');
    frame = await app.waitForFrame((current) => cursorRow(current)?.position === 8);
    expect(rowNames(frame).slice(0, 8)).toEqual([...names.slice(3, 8), ...names.slice(0, 3)]);
    await app.press('w');
    await vi.waitFor(() => expect(api.callsTo('reorderPlaylistItems')).toHaveLength(1));
    expect(api.callsTo('reorderPlaylistItems')[0]!.args[1]).toMatchObject({ rangeStart: 0, insertBefore: 8, rangeLength: 3 });
    await vi.waitFor(async () => expect(await namesOnService(api, playlist.id)).toEqual(rowNames(frame).concat(names.slice(rowNames(frame).length))));
    await app.press('escape');
    frame = await app.waitForFrame((current) => !current.includes('marked'));
    expect(cursorRow(frame)?.isMarked).toBe(false);
  });

  it('counts apply to K and to cursor moves, and show in the title while typed', async () => {
    const { app, names } = await openShort();
    await app.press('1', '5');
    await app.waitForFrame('count 15');
    await app.press('j');
    let frame = await app.waitForFrame((current) => cursorRow(current)?.position === 16);
    expect(frame).not.toContain('count');
    await app.press('1', '2', 'K');
    frame = await app.waitForFrame((current) => cursorRow(current)?.position === 4);
    expect(cursorRow(frame)?.name).toBe(names[15]);
  });

  it('undoes and redoes any number of steps, and a count undoes several', async () => {
    const { app, names, statuses } = await openShort();
    await app.press('J', 'J', 'J');
    await app.waitForFrame((current) => rowNames(current)[3] === names[0]);
    await app.press('2', 'u');
    let frame = await app.waitForFrame((current) => rowNames(current)[1] === names[0]);
    expect(statuses().at(-1)).toBe('undid 2 moves · unsaved');
    await app.press('u');
    frame = await app.waitForFrame((current) => rowNames(current)[0] === names[0]);
    expect(cursorRow(frame)?.position).toBe(1);
    expect(statuses().at(-1)).toBe('undid 1 move');
    await app.press('u');
    expect(statuses().at(-1)).toBe('nothing to undo');
    await app.press('ctrl-r', 'ctrl-r');
    frame = await app.waitForFrame((current) => rowNames(current)[2] === names[0]);
    expect(cursorRow(frame)?.name).toBe(names[0]);
  });

  it('a lone 1–4 goes on to the global keys after a moment; a digit followed by a command is a count', async () => {
    const { app, globalKeys } = await openShort();
    await app.press('3', 'j');
    await elapse(COUNT_JUMP_MS * 2);
    expect(globalKeys).toEqual([]);
    expect(cursorRow(app.frame())?.position).toBe(4);
    await app.press('3');
    await elapse(COUNT_JUMP_MS - 50);
    expect(globalKeys).toEqual([]);
    await elapse(50);
    expect(globalKeys).toEqual(['3']);
    expect(app.frame()).not.toContain('count');
  });

  it('moves into pages not loaded yet show at once and load them', async () => {
    const pane = openPlaylist(LONG_PLAYLIST_INDEX);
    const { app, api } = pane;
    const first = (await api.getPlaylistItems(pane.playlist.id, { offset: 0, limit: 1 })).items[0]!.track!.name;
    await app.waitForFrame(first);
    await app.press('5', '0', '0', '0', 'J');
    const frame = await app.waitForFrame((current) => cursorRow(current)?.position === 5001);
    expect(cursorRow(frame)?.name).toBe(first);
    // The rows above it come from pages nobody had asked for yet: they arrive.
    await app.waitForFrame((current) => rowNames(current).length === HEIGHT - 2);
    const offsets = api.callsTo('getPlaylistItems').map((call) => (call.args[1] as { offset: number }).offset);
    expect(offsets).toContain(4_950);
    expect(offsets).toContain(5_000);
  });

  it('keeps every page it loaded once an entry moved, saved or not: a merge and an undo find entries by them', async () => {
    const pane = openPlaylist(LONG_PLAYLIST_INDEX);
    const { app, api } = pane;
    const offsetsAsked = () => api.callsTo('getPlaylistItems').map((call) => (call.args[1] as { offset: number }).offset);
    const first = (await api.getPlaylistItems(pane.playlist.id, { offset: 0, limit: 1 })).items[0]!.track!.name;
    await app.waitForFrame(first);
    await app.press('J');
    await app.waitForFrame((current) => cursorRow(current)?.position === 2);
    await elapse(IDLE_SAVE_MS);
    await vi.waitFor(() => expect(pane.statuses().at(-1)).toBe('saved'));
    await app.press('G');
    await app.waitForFrame((current) => cursorRow(current)?.position === 10_000 && rowNames(current).length === HEIGHT - 2);
    const before = offsetsAsked().length;
    await app.press('g');
    await app.waitForFrame((current) => cursorRow(current)?.position === 1);
    await elapse(0);
    expect(offsetsAsked().slice(before).filter((offset) => offset < 100)).toEqual([]);
    expect(rowNames(app.frame())[1]).toBe(first);
  });

  it('tells the dashboard of unsaved moves, with a way to save them (for quitting), and of none once saved', async () => {
    const { app, unsaved, api, playlist, names } = await openShort();
    expect(unsaved()).toBeNull();
    await app.press('J');
    await vi.waitFor(() => expect(unsaved()).not.toBeNull());
    const saving = unsaved()!.save();
    await elapse(0);
    await expect(saving).resolves.toEqual({ isSaved: true });
    expect(unsaved()).toBeNull();
    expect((await namesOnService(api, playlist.id))[1]).toBe(names[0]);
  });

  it('Esc with unsaved moves saves them first, then goes back', async () => {
    const { app, api, onBack, playlist, names } = await openShort();
    await app.press('J');
    await app.press('escape');
    await vi.waitFor(() => expect(onBack).toHaveBeenCalledTimes(1));
    expect((await namesOnService(api, playlist.id))[1]).toBe(names[0]);
  });
});
