import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOT_WRITABLE } from '../../src/service/routes/playlist-write.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

/** Add Items to Playlist and Remove Playlist Items (decisions §7), at both paths. */
const NOW = Date.UTC(2025, 5, 1, 12);
const NOW_ISO = '2025-06-01T12:00:00Z';
let service: TestService;
beforeEach(async () => {
  service = await createTestService({ now: () => NOW });
});
afterEach(() => service.close());

const uri = (n: number) => `playdeck:track:${ids.track(n)}`;
/** The first playlist, as seeded: tracks 1 to 5, then one sold only in the US and one relinked. */
const FIRST = [1, 2, 3, 4, 5].map((n) => ids.track(n)).concat(ids.usOnlyTrack, ids.relinkedTrack);

interface Entry {
  id: string;
  addedAt: string;
  addedBy: string;
}

async function entries(playlistId: string): Promise<Entry[]> {
  const fields = 'items(added_at,added_by.id,track(id,linked_from.id))';
  const response = await service.get(`/v1/playlists/${playlistId}/tracks?limit=100&fields=${fields}`);
  return response.body.items.map((item: any) => ({ id: item.track.linked_from?.id ?? item.track.id, addedAt: item.added_at, addedBy: item.added_by.id }));
}
const itemIds = async (playlistId: string) => (await entries(playlistId)).map((entry) => entry.id);
const snapshotOf = async (playlistId: string): Promise<string> => (await service.get(`/v1/playlists/${playlistId}?fields=snapshot_id`)).body.snapshot_id;
const written = () => (service.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

function add(playlistId: string, payload?: object, options: { path?: string; query?: string; token?: string } = {}) {
  const url = `/v1/playlists/${playlistId}/${options.path ?? 'items'}${options.query ?? ''}`;
  return service.request({ method: 'POST', url, payload, token: options.token });
}

function remove(playlistId: string, payload?: object, options: { path?: string; token?: string } = {}) {
  return service.request({ method: 'DELETE', url: `/v1/playlists/${playlistId}/${options.path ?? 'items'}`, payload, token: options.token });
}

describe('adding', () => {
  it('appends by default: 201 with the new snapshot, each entry added now by the user', async () => {
    const response = await add(ids.firstPlaylist, { uris: [uri(10), `playdeck:episode:${ids.episode(1)}`] });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['snapshot_id']);
    expect(await snapshotOf(ids.firstPlaylist)).toBe(response.body.snapshot_id);
    const after = await entries(ids.firstPlaylist);
    expect(after.map((entry) => entry.id)).toEqual([...FIRST, ids.track(10), ids.episode(1)]);
    expect(after.slice(-2).map(({ addedAt, addedBy }) => [addedAt, addedBy])).toEqual([[NOW_ISO, ids.demo], [NOW_ISO, ids.demo]]);
    expect(after[0]!.addedAt).not.toBe(NOW_ISO);
  });

  it.each([
    { name: 'at the start', position: 0, expected: [ids.track(10), ids.track(11), ...FIRST] },
    { name: 'in the middle', position: 2, expected: [...FIRST.slice(0, 2), ids.track(10), ids.track(11), ...FIRST.slice(2)] },
    { name: 'at the end, named', position: 7, expected: [...FIRST, ids.track(10), ids.track(11)] },
  ])('$name, in the order given', async ({ position, expected }) => {
    expect((await add(ids.firstPlaylist, { uris: [uri(10), uri(11)], position })).status).toBe(201);
    expect(await itemIds(ids.firstPlaylist)).toEqual(expected);
  });

  it('takes uris and position from the query (any prefix; the query wins over the body), at /tracks too', async () => {
    const query = `?uris=spotify:track:${ids.track(12)},playdeck:track:${ids.track(13)}&position=1`;
    const response = await add(ids.firstPlaylist, { uris: [uri(14)], position: 0 }, { path: 'tracks', query });
    expect(response.status).toBe(201);
    expect(await itemIds(ids.firstPlaylist)).toEqual([FIRST[0], ids.track(12), ids.track(13), ...FIRST.slice(1)]);
  });

  it('adds what the playlist already holds as entries of their own', async () => {
    await add(ids.firstPlaylist, { uris: [uri(1), uri(1)] });
    expect((await itemIds(ids.firstPlaylist)).filter((id) => id === ids.track(1))).toHaveLength(3);
  });

  it.each([
    { name: 'no uris', payload: { position: 0 }, message: 'Missing required field: uris' },
    { name: 'no body', payload: undefined, message: 'Missing required field: uris' },
    { name: 'an empty list', payload: { uris: [] }, message: 'Invalid uris: at least one is required' },
    { name: 'more than 100', payload: { uris: Array.from({ length: 101 }, () => uri(1)) }, message: 'Invalid uris: at most 100' },
    { name: 'an unknown track', payload: { uris: [uri(1), uri(999)] }, message: `Invalid uri: ${uri(999)}` },
    { name: 'an album', payload: { uris: [`playdeck:album:${ids.album}`] }, message: 'Invalid uri' },
    { name: 'uris not strings', payload: { uris: [1] }, message: 'Invalid uris: must be an array of strings' },
    { name: 'a position past the end', payload: { uris: [uri(1)], position: 8 }, message: 'Invalid position: must be from 0 to 7' },
    { name: 'a negative position', payload: { uris: [uri(1)], position: -1 }, message: 'Invalid position' },
    { name: 'a fractional position', payload: { uris: [uri(1)], position: 1.5 }, message: 'Invalid position' },
    { name: 'a position as a string', payload: { uris: [uri(1)], position: '1' }, message: 'Invalid position' },
    { name: 'a body that is no object', payload: [uri(1)], message: 'Invalid request body' },
  ])('400 for $name, and nothing is written', async ({ payload, message }) => {
    const before = written();
    const response = await add(ids.firstPlaylist, payload);
    expect(response.status).toBe(400);
    expect(response.body.error.message.startsWith(message), response.body.error.message).toBe(true);
    expect(written()).toBe(before);
    expect(await itemIds(ids.firstPlaylist)).toEqual(FIRST);
  });

  it('400 for a position in the query that is not a plain integer', async () => {
    expect((await add(ids.firstPlaylist, undefined, { query: `?uris=${uri(1)}&position=1e3` })).status).toBe(400);
  });

  it('a reorder planned before an add is merged around the added entries', async () => {
    const before = await snapshotOf(ids.firstPlaylist);
    await add(ids.firstPlaylist, { uris: [uri(10)], position: 0 });
    const move = { range_start: 0, insert_before: 3, snapshot_id: before };
    expect((await service.request({ method: 'PUT', url: `/v1/playlists/${ids.firstPlaylist}/items`, payload: move })).status).toBe(200);
    expect(await itemIds(ids.firstPlaylist)).toEqual([ids.track(10), ids.track(2), ids.track(3), ids.track(1), ...FIRST.slice(3)]);
  });
});

describe('removing', () => {
  it('removes every occurrence of each uri, keeping the others in order', async () => {
    await add(ids.firstPlaylist, { uris: [uri(2), uri(10), uri(4)], position: 0 });
    const response = await remove(ids.firstPlaylist, { items: [{ uri: uri(2) }, { uri: `spotify:track:${ids.track(4)}` }] });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['snapshot_id']);
    expect(await snapshotOf(ids.firstPlaylist)).toBe(response.body.snapshot_id);
    expect(await itemIds(ids.firstPlaylist)).toEqual([ids.track(10), ids.track(1), ids.track(3), ids.track(5), ids.usOnlyTrack, ids.relinkedTrack]);
  });

  it('takes the older `tracks` key, at /tracks too; the remaining entries keep their dates', async () => {
    const before = await entries(ids.firstPlaylist);
    const response = await remove(ids.firstPlaylist, { tracks: [{ uri: uri(3) }] }, { path: 'tracks' });
    expect(response.status).toBe(200);
    expect(await entries(ids.firstPlaylist)).toEqual(before.filter((entry) => entry.id !== ids.track(3)));
  });

  it('removes episodes too', async () => {
    const mixed = await itemIds(ids.mixedPlaylist);
    const episode = mixed.find((id) => id.startsWith('e'))!;
    expect((await remove(ids.mixedPlaylist, { items: [{ uri: `playdeck:episode:${episode}` }] })).status).toBe(200);
    expect(await itemIds(ids.mixedPlaylist)).toEqual(mixed.filter((id) => id !== episode));
  });

  it('a uri the playlist does not hold changes nothing and answers the current snapshot', async () => {
    const snapshot = await snapshotOf(ids.firstPlaylist);
    const before = written();
    const response = await remove(ids.firstPlaylist, { items: [{ uri: uri(30) }] });
    expect([response.status, response.body]).toEqual([200, { snapshot_id: snapshot }]);
    expect(written()).toBe(before);
  });

  it('a stale snapshot still kept removes from the current version only the entries it held: copies added since stay', async () => {
    const stale = await snapshotOf(ids.firstPlaylist);
    await add(ids.firstPlaylist, { uris: [uri(1), uri(10)], position: 0 });
    const response = await remove(ids.firstPlaylist, { items: [{ uri: uri(1) }], snapshot_id: stale });
    expect(response.status).toBe(200);
    expect(await itemIds(ids.firstPlaylist)).toEqual([ids.track(1), ids.track(10), ...FIRST.slice(1)]);
    // Without a snapshot (or on the current one) every entry of the uri goes.
    expect((await remove(ids.firstPlaylist, { items: [{ uri: uri(1) }], snapshot_id: response.body.snapshot_id })).status).toBe(200);
    expect(await itemIds(ids.firstPlaylist)).toEqual([ids.track(10), ...FIRST.slice(1)]);
  });

  it('on a stale snapshot even a removal that finds nothing left to remove makes a new version (its answer never names another client\'s)', async () => {
    const stale = await snapshotOf(ids.firstPlaylist);
    await remove(ids.firstPlaylist, { items: [{ uri: uri(1) }] });
    const theirs = await snapshotOf(ids.firstPlaylist);
    const response = await remove(ids.firstPlaylist, { items: [{ uri: uri(1) }], snapshot_id: stale });
    expect(response.status).toBe(200);
    expect(response.body.snapshot_id).not.toBe(theirs);
    expect(await itemIds(ids.firstPlaylist)).toEqual(FIRST.slice(1));
  });

  it('a snapshot the playlist does not keep: 409, and nothing changes', async () => {
    const before = written();
    const response = await remove(ids.firstPlaylist, { items: [{ uri: uri(1) }], snapshot_id: 'MTp4eHh4eHh4eHh4eHh4eHh4' });
    expect([response.status, response.body.error.message]).toEqual([409, 'Snapshot not found']);
    expect(written()).toBe(before);
  });

  it.each([
    { name: 'no body', payload: undefined, message: 'Missing required field: items' },
    { name: 'no items', payload: { snapshot_id: 'x' }, message: 'Missing required field: items' },
    { name: 'an empty list', payload: { items: [] }, message: 'Invalid items: at least one is required' },
    { name: 'more than 100', payload: { items: Array.from({ length: 101 }, () => ({ uri: uri(1) })) }, message: 'Invalid items: at most 100' },
    { name: 'both keys', payload: { items: [{ uri: uri(1) }], tracks: [{ uri: uri(1) }] }, message: 'Invalid request body: give items or tracks' },
    { name: 'bare strings', payload: { items: [uri(1)] }, message: 'Invalid items: must be an array of {"uri": ...} objects' },
    { name: 'positions', payload: { items: [{ uri: uri(1), positions: [0] }] }, message: 'Invalid items: positions are not accepted' },
    { name: 'not a uri', payload: { tracks: [{ uri: 'hello' }] }, message: 'Invalid uri: hello' },
    { name: 'a snapshot that is no string', payload: { items: [{ uri: uri(1) }], snapshot_id: 7 }, message: 'Invalid snapshot_id: must be a string' },
  ])('400 for $name, and nothing is written', async ({ payload, message }) => {
    const before = written();
    const response = await remove(ids.firstPlaylist, payload);
    expect(response.status).toBe(400);
    expect(response.body.error.message.startsWith(message), response.body.error.message).toBe(true);
    expect(written()).toBe(before);
  });

  it('the player keeps playing its item when others are removed around it', async () => {
    await service.request({ method: 'PUT', url: '/v1/me/player/play', payload: { context_uri: `playdeck:playlist:${ids.firstPlaylist}`, offset: { position: 2 } } });
    await remove(ids.firstPlaylist, { items: [{ uri: uri(1) }, { uri: uri(2) }] });
    expect((await service.get('/v1/me/player')).body.item.id).toBe(ids.track(3));
  });
});

describe('who may write', () => {
  it.each([
    { name: 'add', send: (token?: string) => add(ids.othersPlaylist, { uris: [uri(1)] }, { token }) },
    { name: 'remove', send: (token?: string) => remove(ids.othersPlaylist, { items: [{ uri: uri(1) }] }, { token }) },
    { name: 'reorder', send: (token?: string) => service.request({ method: 'PUT', url: `/v1/playlists/${ids.othersPlaylist}/items`, payload: { range_start: 0, insert_before: 2 }, token }) },
  ])("$name on a playlist the user neither owns nor collaborates on: 403 saying why", async ({ send }) => {
    const before = written();
    const response = await send();
    expect([response.status, response.body.error.message]).toEqual([403, NOT_WRITABLE]);
    expect(written()).toBe(before);
  });

  it('a collaborator adds and removes', async () => {
    expect((await add(ids.collaborativePlaylist, { uris: [uri(20)] })).status).toBe(201);
    expect((await remove(ids.collaborativePlaylist, { items: [{ uri: uri(20) }] })).status).toBe(200);
  });

  it('needs playlist-modify-public for a public playlist, -private for a private one', async () => {
    const publicOnly = service.tokenFor({ scopes: ['playlist-modify-public'] });
    const privateOnly = service.tokenFor({ scopes: ['playlist-modify-private'] });
    expect((await add(ids.firstPlaylist, { uris: [uri(1)] }, { token: privateOnly })).status).toBe(403);
    expect((await add(ids.firstPlaylist, { uris: [uri(1)] }, { token: publicOnly })).status).toBe(201);
    expect((await remove(ids.mixedPlaylist, { items: [{ uri: uri(1) }] }, { token: publicOnly })).status).toBe(403);
    expect((await remove(ids.mixedPlaylist, { items: [{ uri: uri(1) }] }, { token: privateOnly })).status).toBe(200);
  });

  it('a token with no user: 403; an unknown playlist: 404', async () => {
    expect((await add(ids.firstPlaylist, { uris: [uri(1)] }, { token: service.tokenFor({ userId: null }) })).status).toBe(403);
    expect((await remove(ids.track(1), { items: [{ uri: uri(1) }] })).status).toBe(404);
  });

  it('in dev mode the /tracks path is refused with a bare 403 and /items works', async () => {
    const dev = await createTestService({ devMode: true });
    try {
      const old = await dev.request({ method: 'POST', url: `/v1/playlists/${ids.firstPlaylist}/tracks`, payload: { uris: [uri(1)] } });
      expect([old.status, old.body]).toEqual([403, { error: { status: 403, message: 'Forbidden' } }]);
      const gone = await dev.request({ method: 'DELETE', url: `/v1/playlists/${ids.firstPlaylist}/tracks`, payload: { items: [{ uri: uri(1) }] } });
      expect(gone.status).toBe(403);
      expect((await dev.request({ method: 'POST', url: `/v1/playlists/${ids.firstPlaylist}/items`, payload: { uris: [uri(1)] } })).status).toBe(201);
      expect((await dev.request({ method: 'DELETE', url: `/v1/playlists/${ids.firstPlaylist}/items`, payload: { items: [{ uri: uri(1) }] } })).status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});
