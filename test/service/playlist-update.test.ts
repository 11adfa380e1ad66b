import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOT_WRITABLE } from '../../src/service/routes/playlist-write.js';
import { KEPT_VERSIONS } from '../../src/service/store/playlists.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

let service: TestService;
beforeEach(async () => {
  service = await createTestService();
});
afterEach(() => service.close());

const itemsUrl = (playlistId: string) => `/v1/playlists/${playlistId}/tracks`;

async function trackIds(playlistId: string): Promise<string[]> {
  const response = await service.get(`${itemsUrl(playlistId)}?limit=100&fields=items(track.id)`);
  return response.body.items.map((item: any) => item.track.id);
}

async function snapshotOf(playlistId: string): Promise<string> {
  return (await service.get(`/v1/playlists/${playlistId}?fields=snapshot_id`)).body.snapshot_id;
}

function put(playlistId: string, payload: object | undefined, options: { token?: string; query?: string; path?: string } = {}) {
  const url = `/v1/playlists/${playlistId}/${options.path ?? 'tracks'}${options.query ?? ''}`;
  return service.request({ method: 'PUT', url, payload: payload as object, token: options.token });
}

const first5 = [1, 2, 3, 4, 5].map((n) => ids.track(n));

describe('reorder', () => {
  it.each([
    { name: 'first to the end', move: { range_start: 0, insert_before: 7 }, head: [2, 3, 4, 5], tail: 1 },
    { name: 'last to the start', move: { range_start: 6, insert_before: 0 }, head: [], tail: 5 },
    { name: 'a range of two to the start', move: { range_start: 2, insert_before: 0, range_length: 2 }, head: [3, 4, 1, 2, 5], tail: null },
  ])('$name', async ({ move, head }) => {
    const before = await trackIds(ids.firstPlaylist);
    const response = await put(ids.firstPlaylist, move);
    expect(response.status).toBe(200);
    expect(typeof response.body.snapshot_id).toBe('string');
    const after = await trackIds(ids.firstPlaylist);
    expect(after).toHaveLength(before.length);
    expect([...after].sort()).toEqual([...before].sort());
    for (let index = 0; index < head.length; index++) expect(after[index]).toBe(ids.track(head[index]!));
    expect(await snapshotOf(ids.firstPlaylist)).toBe(response.body.snapshot_id);
  });

  it('works at /items too, and added_at/added_by move with the item', async () => {
    const before = (await service.get(`${itemsUrl(ids.collaborativePlaylist)}`)).body.items;
    const response = await put(ids.collaborativePlaylist, { range_start: 3, insert_before: 0 }, { path: 'items' });
    expect(response.status).toBe(200);
    const after = (await service.get(`${itemsUrl(ids.collaborativePlaylist)}`)).body.items;
    expect(after[0]).toEqual(before[3]);
    expect(after[1]).toEqual(before[0]);
  });

  it('a no-op move returns the current snapshot and changes nothing', async () => {
    const snapshot = await snapshotOf(ids.firstPlaylist);
    const response = await put(ids.firstPlaylist, { range_start: 2, insert_before: 3 });
    expect(response.body.snapshot_id).toBe(snapshot);
    expect(await trackIds(ids.firstPlaylist)).toEqual([...first5, ids.usOnlyTrack, ids.relinkCopy]);
  });

  it.each([
    { name: 'range past the end', payload: { range_start: 6, insert_before: 0, range_length: 2 }, message: 'Given positions are out of bounds' },
    { name: 'negative start', payload: { range_start: -1, insert_before: 0 }, message: 'Given positions are out of bounds' },
    { name: 'insert_before past the end', payload: { range_start: 0, insert_before: 8 }, message: 'Given positions are out of bounds' },
    { name: 'missing insert_before', payload: { range_start: 0 }, message: 'Missing required field: insert_before' },
    { name: 'non-integer', payload: { range_start: 1.5, insert_before: 0 }, message: 'Invalid range_start: must be an integer' },
    { name: 'a string', payload: { range_start: '1', insert_before: 0 }, message: 'Invalid range_start: must be an integer' },
    { name: 'both modes', payload: { range_start: 0, insert_before: 2, uris: [] }, message: 'Reorder and replace cannot be combined' },
    { name: 'neither mode', payload: { snapshot_id: 'x' }, message: 'Either uris (replace) or range_start and insert_before (reorder) are required' },
    { name: 'not an object', payload: [1, 2], message: 'Invalid request body: expected a JSON object' },
    { name: 'snapshot_id not a string', payload: { range_start: 0, insert_before: 2, snapshot_id: 5 }, message: 'Invalid snapshot_id: must be a string' },
  ])('400 for $name', async ({ payload, message }) => {
    const snapshot = await snapshotOf(ids.firstPlaylist);
    const response = await put(ids.firstPlaylist, payload);
    expect(response.status).toBe(400);
    // The reorder module may add which bound was crossed.
    expect(response.body.error.message.startsWith(message)).toBe(true);
    expect(await snapshotOf(ids.firstPlaylist)).toBe(snapshot);
  });

  it('a huge number in the body is a 400, not a 500', async () => {
    const response = await service.request({
      method: 'PUT',
      url: itemsUrl(ids.firstPlaylist),
      headers: { 'content-type': 'application/json' },
      payload: '{"range_start": 1e309, "insert_before": 0}',
    });
    expect(response.status).toBe(400);
  });

  it('an unknown snapshot_id: 409 Snapshot not found', async () => {
    const response = await put(ids.firstPlaylist, { range_start: 0, insert_before: 2, snapshot_id: 'nope' });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe('Snapshot not found');
  });

  it('a stale snapshot is merged by identity into the current order (decisions §7)', async () => {
    const stale = await snapshotOf(ids.firstPlaylist);
    // Someone else moves the last item to the start, so every position shifts by one.
    await put(ids.firstPlaylist, { range_start: 6, insert_before: 0 });
    // Our move was planned on the stale order: track 1 (position 0) before track 4 (position 3).
    const response = await put(ids.firstPlaylist, { range_start: 0, insert_before: 3, snapshot_id: stale });
    expect(response.status).toBe(200);
    expect(await trackIds(ids.firstPlaylist)).toEqual([
      ids.relinkCopy,
      ids.track(2),
      ids.track(3),
      ids.track(1),
      ids.track(4),
      ids.track(5),
      ids.usOnlyTrack,
    ]);
  });

  it(`keeps the last ${KEPT_VERSIONS} versions`, async () => {
    const oldest = await snapshotOf(ids.firstPlaylist);
    let kept = '';
    for (let step = 0; step < KEPT_VERSIONS; step++) {
      const response = await put(ids.firstPlaylist, { range_start: 0, insert_before: 7 });
      if (step === 0) kept = response.body.snapshot_id;
    }
    expect((await put(ids.firstPlaylist, { range_start: 0, insert_before: 2, snapshot_id: kept })).status).toBe(200);
    expect((await put(ids.firstPlaylist, { range_start: 0, insert_before: 2, snapshot_id: oldest })).status).toBe(409);
  });
});

describe('replace', () => {
  it('replaces with uris from the body; new items are added now by the user', async () => {
    const uris = [`playdeck:track:${ids.track(9)}`, `playdeck:episode:${ids.episode(2)}`];
    const response = await put(ids.firstPlaylist, { uris });
    expect(response.status).toBe(200);
    const items = (await service.get(itemsUrl(ids.firstPlaylist))).body.items;
    expect(items.map((item: any) => item.track.uri)).toEqual(uris);
    expect(items[0].added_by.id).toBe(ids.demo);
  });

  it('accepts uris in the query (any prefix), and [] clears', async () => {
    const query = `?uris=spotify:track:${ids.track(8)},playdeck:track:${ids.track(7)}`;
    expect((await put(ids.firstPlaylist, undefined, { query })).status).toBe(200);
    expect(await trackIds(ids.firstPlaylist)).toEqual([ids.track(8), ids.track(7)]);
    expect((await put(ids.firstPlaylist, { uris: [] })).status).toBe(200);
    expect((await service.get(itemsUrl(ids.firstPlaylist))).body.total).toBe(0);
  });

  it.each([
    { name: 'unknown track', uris: [`playdeck:track:${ids.track(999)}`] },
    { name: 'not a uri', uris: ['hello'] },
    { name: 'an album', uris: [`playdeck:album:${ids.album}`] },
    { name: 'more than 100', uris: Array.from({ length: 101 }, () => `playdeck:track:${ids.track(1)}`) },
  ])('400 for $name', async ({ uris }) => {
    const response = await put(ids.firstPlaylist, { uris });
    expect(response.status).toBe(400);
    expect((await trackIds(ids.firstPlaylist))).toHaveLength(7);
  });
});

describe('permissions (decisions §2, issue 8)', () => {
  it("403 on a playlist the user neither owns nor collaborates on, and nothing changes", async () => {
    const before = await service.get(itemsUrl(ids.othersPlaylist));
    const response = await put(ids.othersPlaylist, { range_start: 0, insert_before: 2 });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe(NOT_WRITABLE);
    const after = await service.get(itemsUrl(ids.othersPlaylist));
    expect(after.raw).toBe(before.raw);
  });

  it('a collaborative playlist of another user can be reordered', async () => {
    expect((await put(ids.collaborativePlaylist, { range_start: 0, insert_before: 2 })).status).toBe(200);
  });

  it('needs playlist-modify-public for a public playlist and -private for a private one', async () => {
    const publicOnly = service.tokenFor({ scopes: ['playlist-modify-public'] });
    const privateOnly = service.tokenFor({ scopes: ['playlist-modify-private'] });
    expect((await put(ids.firstPlaylist, { range_start: 0, insert_before: 2 }, { token: privateOnly })).status).toBe(403);
    expect((await put(ids.firstPlaylist, { range_start: 0, insert_before: 2 }, { token: publicOnly })).status).toBe(200);
    expect((await put(ids.mixedPlaylist, { range_start: 0, insert_before: 2 }, { token: publicOnly })).status).toBe(403);
    expect((await put(ids.mixedPlaylist, { range_start: 0, insert_before: 2 }, { token: privateOnly })).status).toBe(200);
  });

  it('unknown playlist: 404', async () => {
    expect((await put(ids.track(1), { range_start: 0, insert_before: 2 })).status).toBe(404);
  });
});
