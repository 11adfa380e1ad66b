import { describe, expect, it } from 'vitest';
import { isApiError } from '../../src/api/errors.js';
import { createFakeApi } from './fake-api.js';
import { readable } from './readable.js';

// The fake stands in for the service in every UI test: these pin the behaviour those tests rely on.
describe('createFakeApi', () => {
  it('returns the same objects while nothing changes', async () => {
    const api = createFakeApi();
    expect(await api.getPlaybackState()).toBe(await api.getPlaybackState());
    expect(await api.getMyPlaylists({ limit: 20, offset: 0 })).toBe(await api.getMyPlaylists({ limit: 20, offset: 0 }));
  });

  it('holds the demo library and honours paging and its limits', async () => {
    const api = createFakeApi();
    const playlists = await api.getMyPlaylists({ limit: 50, offset: 0 });
    expect(playlists.total).toBe(14);
    const long = await api.getPlaylistItems(readable(playlists.items)[1]!.id, { limit: 100, offset: 9_950 });
    expect([long.total, long.items.length, long.next]).toEqual([10_000, 50, null]);
    expect((await api.getSavedShows({ limit: 50, offset: 20 })).items).toHaveLength(5);
    expect((await api.getSavedAudiobooks({ limit: 50, offset: 0 })).total).toBe(6);
    await expect(api.getSavedShows({ limit: 51, offset: 0 })).rejects.toMatchObject({ kind: 'bad-request' });
  });

  it('applies a reorder made against an older snapshot to the same entries', async () => {
    const api = createFakeApi();
    const id = api.playlists()[0]!.id;
    const names = async (): Promise<string[]> =>
      (await api.getPlaylistItems(id, { limit: 100, offset: 0 })).items.map((item) => item.track!.name);
    const original = await names();
    const first = api.playlists()[0]!.snapshot_id;
    await api.reorderPlaylistItems(id, { rangeStart: 0, insertBefore: 2, rangeLength: 1, snapshotId: first });
    // Against the first snapshot: its last entry goes before its first one, wherever that one is now.
    await api.reorderPlaylistItems(id, { rangeStart: original.length - 1, insertBefore: 0, rangeLength: 1, snapshotId: first });
    expect((await names()).slice(0, 3)).toEqual([original[1], original.at(-1), original[0]]);
    await expect(
      api.reorderPlaylistItems(id, { rangeStart: 0, insertBefore: 1, rangeLength: 1, snapshotId: 'gone' }),
    ).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('adds at a position, removes every occurrence of a uri (as the service does), creates first, renames', async () => {
    const api = createFakeApi();
    const id = api.playlists()[0]!.id;
    const uris = async (): Promise<string[]> => (await api.getPlaylistItems(id, { limit: 100, offset: 0 })).items.map((item) => item.track!.uri);
    const original = await uris();
    const [first, second] = original;
    const snapshot = await api.addPlaylistItems(id, [second!, first!], 1);
    expect(await uris()).toEqual([first, second, first, ...original.slice(1)]);
    const added = (await api.getPlaylistItems(id, { limit: 100, offset: 0 })).items[1]!;
    expect(added.added_by?.id).toBe(api.catalog.user.id);
    await api.removePlaylistItems(id, [first!], snapshot);
    expect(await uris()).toEqual([second, ...original.slice(1).filter((uri) => uri !== first)]);
    await expect(api.removePlaylistItems(id, [second!], 'gone')).rejects.toMatchObject({ kind: 'conflict' });
    await expect(api.addPlaylistItems(id, [first!], original.length + 5)).rejects.toMatchObject({ kind: 'bad-request' });

    const created = await api.createPlaylist({ name: 'Fresh', public: false });
    expect(api.playlists()[0]).toEqual(created);
    expect([created.name, created.public, created.tracks.total]).toEqual(['Fresh', false, 0]);
    await api.changePlaylistDetails(created.id, { name: 'Renamed', description: 'Words' });
    expect(await api.getPlaylist(created.id)).toMatchObject({ name: 'Renamed', description: 'Words' });
    const theirs = api.playlists().find((playlist) => playlist.owner.id !== api.catalog.user.id)!;
    await expect(api.changePlaylistDetails(theirs.id, { name: 'Mine' })).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('fails on request, by kind or by method, and logs every call', async () => {
    const api = createFakeApi();
    api.failNext('rate-limited');
    const error: unknown = await api.getMe().catch((caught: unknown) => caught);
    expect(isApiError(error) && [error.kind, error.details.retryAfterMs]).toEqual(['rate-limited', 12_000]);
    api.failNext('getSavedShows');
    await expect(api.getMe()).resolves.toMatchObject({ id: 'demo' });
    await expect(api.getSavedShows({ limit: 5, offset: 0 })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(api.calls.map((call) => call.method)).toEqual(['getMe', 'getMe', 'getSavedShows']);
  });

  it('keeps held calls pending until released, and rejects them when aborted', async () => {
    const api = createFakeApi();
    const hold = api.hold('getPlaybackState');
    const controller = new AbortController();
    const aborted = api.getPlaybackState({ signal: controller.signal });
    const held = api.getPlaybackState();
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ kind: 'aborted' });
    hold.release();
    await expect(held).resolves.toMatchObject({ is_playing: true });
  });

  it('plays on through the queue and refuses commands its actions forbid', async () => {
    const api = createFakeApi();
    const start = api.currentPlayback()!;
    api.advancePlayback(start.item!.duration_ms);
    const after = api.currentPlayback()!;
    expect(after.item!.id).not.toBe(start.item!.id);
    expect(after.progress_ms).toBe(start.progress_ms);
    api.updatePlayback({ actions: { skipping_next: false } });
    await expect(api.next()).rejects.toMatchObject({ kind: 'forbidden', details: { reason: 'NO_NEXT_TRACK' } });
    await api.pause();
    expect(api.currentPlayback()).toMatchObject({ is_playing: false, actions: { resuming: true, pausing: false } });
    api.setPlayback(null);
    expect(await api.getPlaybackState()).toBeNull();
  });
});
