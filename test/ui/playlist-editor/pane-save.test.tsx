import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_SAVE_MS } from '../../../src/ui/playlist-editor/model/save-schedule.js';
import { settle } from '../panes/pane-harness.js';
import { cursorRow, elapse, namesOnService, openShort, rowNames } from './editor-harness.js';
import { useFakeClock } from '../../helpers/fake-clock.js';

beforeEach(() => {
  useFakeClock();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PlaylistEditorPane saving', () => {
  it('keeps the order when a save fails, says why, and retries after 2 s, then 4 s, until it lands', async () => {
    const { app, api, playlist, names, statuses } = await openShort();
    api.failNext('unavailable', { method: 'reorderPlaylistItems', times: 2, message: 'Service unavailable' });
    await app.press('J', 'w');
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('save failed: Service unavailable — retrying in 2 s'));
    expect(rowNames(app.frame()).slice(0, 2)).toEqual([names[1], names[0]]);
    await elapse(1_900);
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(1);
    await elapse(100);
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('save failed: Service unavailable — retrying in 4 s'));
    await elapse(4_000);
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('saved'));
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(3);
    expect((await namesOnService(api, playlist.id)).slice(0, 2)).toEqual([names[1], names[0]]);
  });

  it('stops retrying what waiting cannot mend, until w', async () => {
    const { app, api, statuses } = await openShort();
    api.failNext('forbidden', { method: 'reorderPlaylistItems', message: 'You cannot change this playlist' });
    await app.press('J', 'w');
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('save failed: You cannot change this playlist — w tries again'));
    await elapse(60_000);
    expect(api.callsTo('reorderPlaylistItems')).toHaveLength(1);
    await app.press('w');
    await elapse(0);
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('saved'));
  });

  it('merges with a change made elsewhere meanwhile: theirs stays, ours lands on the same entries', async () => {
    const { app, api, playlist, names, statuses } = await openShort();
    await app.press('J');
    // Elsewhere: the last entry goes to the top.
    const last = names.length - 1;
    await api.reorderPlaylistItems(playlist.id, { rangeStart: last, insertBefore: 0, rangeLength: 1, snapshotId: playlist.snapshot_id });
    await app.press('w');
    await elapse(0);
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('saved · merged with a change made elsewhere'));
    expect(statuses()).toContain('merged with a change made elsewhere');
    const expected = [names[last], names[1], names[0], ...names.slice(2, last)];
    expect(await namesOnService(api, playlist.id)).toEqual(expected);
    const frame = await app.waitForFrame((current) => rowNames(current)[0] === names[last]);
    expect(rowNames(frame)).toEqual(expected);
    expect(cursorRow(frame)?.name).toBe(names[0]);
  });

  it('re-plans on fresh data when the service no longer knows our snapshot (409)', async () => {
    const { app, api, playlist, names } = await openShort();
    api.failNext('conflict', { method: 'reorderPlaylistItems', message: 'Snapshot not found' });
    await app.press('J', 'w');
    await elapse(0);
    await vi.waitFor(() => expect(api.callsTo('reorderPlaylistItems')).toHaveLength(2));
    expect((await namesOnService(api, playlist.id)).slice(0, 2)).toEqual([names[1], names[0]]);
  });

  it('keeps moves made while a save is out and saves them next', async () => {
    const { app, api, playlist, names, statuses } = await openShort();
    const hold = api.hold('reorderPlaylistItems');
    await app.press('J', 'w');
    await vi.waitFor(() => expect(api.callsTo('reorderPlaylistItems')).toHaveLength(1));
    await app.press('J');
    hold.release();
    await vi.waitFor(() => expect(rowNames(app.frame()).slice(0, 3)).toEqual([names[1], names[2], names[0]]));
    await settle();
    expect(statuses()).not.toContain('saved');
    await elapse(IDLE_SAVE_MS);
    await vi.waitFor(() => expect(statuses().at(-1)).toBe('saved'));
    expect((await namesOnService(api, playlist.id)).slice(0, 3)).toEqual([names[1], names[2], names[0]]);
  });

  it('Esc with moves that will not save stays and says so; Esc again leaves without them', async () => {
    const { app, api, onBack, statuses } = await openShort();
    api.failNext('forbidden', { method: 'reorderPlaylistItems', message: 'You cannot change this playlist' });
    await app.press('J', 'escape');
    await elapse(0);
    await vi.waitFor(() =>
      expect(statuses().at(-1)).toBe('save failed: You cannot change this playlist — Esc again leaves without saving'),
    );
    expect(onBack).not.toHaveBeenCalled();
    await app.press('escape');
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('u after a save and another save bring the old order back', async () => {
    const { app, api, playlist, names } = await openShort();
    await app.press('J', 'w');
    await elapse(0);
    await vi.waitFor(async () => expect((await namesOnService(api, playlist.id))[1]).toBe(names[0]));
    await app.press('u', 'w');
    await elapse(0);
    await vi.waitFor(async () => expect(await namesOnService(api, playlist.id)).toEqual(names));
  });
});
