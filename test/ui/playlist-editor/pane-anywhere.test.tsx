import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SORT_FIELDS, textCollator } from '../../../src/ui/playlist-editor/model/sort.js';
import { LONG_PLAYLIST_INDEX } from '../../helpers/fake-playlists.js';
import { useFakeClock } from '../../helpers/fake-clock.js';
import { cursorRow, namesOnService, openPlaylist, openShort, rowNames } from './editor-harness.js';
import { settle } from '../panes/pane-harness.js';

beforeEach(() => {
  useFakeClock();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PlaylistEditorPane moving anywhere and sorting', () => {
  it('T and B move the item to the top and the bottom, each one undo step, redo doing it again', async () => {
    const { app, names, statuses } = await openShort();
    await app.press('j', 'j', 'T');
    let frame = await app.waitForFrame((current) => rowNames(current)[0] === names[2]);
    expect(rowNames(frame).slice(0, 3)).toEqual([names[2], names[0], names[1]]);
    expect(cursorRow(frame)).toMatchObject({ position: 1, name: names[2] });
    expect(statuses().at(-1)).toBe('moved 1 item to the top · unsaved');
    await app.press('B');
    frame = await app.waitForFrame((current) => cursorRow(current)?.position === names.length);
    expect(cursorRow(frame)?.name).toBe(names[2]);
    await app.press('u');
    frame = await app.waitForFrame((current) => cursorRow(current)?.position === 1);
    expect(cursorRow(frame)?.name).toBe(names[2]);
    await app.press('u');
    frame = await app.waitForFrame((current) => rowNames(current)[0] === names[0]);
    expect(rowNames(frame).slice(0, 3)).toEqual(names.slice(0, 3));
    await app.press('ctrl-r');
    await app.waitForFrame((current) => rowNames(current)[0] === names[2]);
  });

  it('m, a typed position and Enter move a marked range there in one step; digits are the position, not a count', async () => {
    const { app, names, statuses } = await openShort();
    await app.press('v', 'j', 'm', '1', '0');
    expect(statuses().at(-1)).toBe('move to position: 10_ · Enter moves · Esc cancels');
    await app.press('enter');
    const frame = await app.waitForFrame((current) => rowNames(current)[9] === names[0]);
    expect(rowNames(frame).slice(0, 11)).toEqual([...names.slice(2, 11), names[0], names[1]]);
    expect(statuses().at(-1)).toBe('moved 2 items to 10 · unsaved');
    await app.press('u');
    await app.waitForFrame((current) => rowNames(current)[0] === names[0] && rowNames(current)[9] === names[9]);
  });

  it('x lifts, the cursor travels with G, and ] drops below the last row; Esc instead puts it back', async () => {
    const { app, names, statuses } = await openShort();
    await app.press('j', 'x');
    expect(statuses().at(-1)).toContain('1 item lifted');
    await app.press('G', ']');
    const frame = await app.waitForFrame((current) => cursorRow(current)?.name === names[1]);
    expect(cursorRow(frame)?.position).toBe(names.length);
    expect(statuses().at(-1)).toBe('dropped 1 item · unsaved');
    await app.press('g', 'x', 'escape', 'j', '[');
    expect(statuses().at(-1)).toBe('nothing is lifted: x lifts the item (or the marked range)');
  });

  it('o t sorts by title as one step, stable and collated, and w saves that order on the service', async () => {
    const { app, api, playlist, names, statuses } = await openShort();
    await app.press('o');
    expect(statuses().at(-1)).toContain('sort: t title');
    await app.press('t');
    const collator = textCollator();
    const sorted = names.map((name, index) => ({ name, index })).sort((a, b) => collator.compare(a.name, b.name) || a.index - b.index).map(({ name }) => name);
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('sorted · unsaved'));
    const frame = await app.waitForFrame((current) => rowNames(current)[0] === sorted[0] && rowNames(current)[1] === sorted[1]);
    expect(rowNames(frame)).toEqual(sorted.slice(0, rowNames(frame).length));
    await app.press('u');
    await app.waitForFrame((current) => rowNames(current)[0] === names[0] && rowNames(current)[1] === names[1]);
    await app.press('ctrl-r', 'w');
    await vi.waitFor(async () => expect(await namesOnService(api, playlist.id)).toEqual(sorted));
  });

  it('a sort of a long playlist loads what it needs with the fields filter, and refuses while a mark is open', async () => {
    const pane = openPlaylist(LONG_PLAYLIST_INDEX);
    const { app, api, statuses } = pane;
    await app.waitForFrame((current) => cursorRow(current) !== null);
    await settle();
    await app.press('v', 'o');
    expect(statuses().at(-1)).toBe('sort works on the whole playlist: clear the mark first (Esc)');
    await app.press('escape', 'o', 'd');
    await vi.waitFor(() => expect(statuses().at(-1)).toMatch(/^(sorted · unsaved|already in that order)$/));
    // The sort's own requests are the ones of 100 entries (the view asks for 50).
    const lean = api.callsTo('getPlaylistItems').filter((call) => (call.args[1] as { limit: number }).limit === 100);
    // 10,000 entries, 100 a request, less the pages the view loaded with every field.
    expect(lean.length).toBeGreaterThanOrEqual(98);
    expect(lean.length).toBeLessThanOrEqual(100);
    for (const call of lean) expect((call.args[1] as { fields: string }).fields).toBe(SORT_FIELDS.duration);
    expect(statuses()).toContain('sorting by duration: loading 100/10,000…');
  });

  it('a followed playlist of another user says read-only in its title, and J, T, o and x change nothing and say why', async () => {
    const { app, api, statuses } = openPlaylist(13);
    let frame = await app.waitForFrame('read-only');
    const before = rowNames(frame);
    await app.press('J', 'T', 'o', 'x');
    frame = await app.waitForFrame(() => true);
    expect(rowNames(frame)).toEqual(before);
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(0);
    expect(statuses().at(-1)).toMatch(/^read-only: only .+ and collaborators can change this playlist$/);
    expect(statuses().filter((line) => line?.startsWith('read-only')).length).toBe(4);
  });

  it('asks before a save of more than 50 requests, with the count and the time; n keeps the moves, y starts a paced save', async () => {
    const { app, api, statuses } = openPlaylist(LONG_PLAYLIST_INDEX);
    await app.waitForFrame((current) => cursorRow(current) !== null);
    await app.press('o', 'r');
    await app.waitForFrame((current) => cursorRow(current)?.position === 10_000);
    await app.press('w');
    await vi.waitFor(() => expect(statuses().at(-1)).toMatch(/^saving takes 9,999 requests, about \d+ (s|min|h \d+ min): save now\? \(y\/n/));
    await app.press('n');
    await vi.waitFor(() => expect(statuses().at(-1)).toContain('not saved: the changes are kept (w saves them)'));
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(0);
    await app.press('w');
    await vi.waitFor(() => expect(statuses().at(-1)).toMatch(/^saving takes 9,999 requests/));
    await app.press('y');
    await vi.waitFor(() => expect(api.callsTo('reorderPlaylistItems')).toHaveLength(1));
    expect(statuses()).toContain('saving 1/9,999…');
    // Paced: the next request waits for its turn (half a second at the starting pace), not sent at once.
    await settle();
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);
    await vi.waitFor(() => expect(api.callsTo('reorderPlaylistItems')).toHaveLength(2));
  });
});
