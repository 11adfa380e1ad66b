import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_DESCRIPTION, MAX_NAME, ONLY_OWNER } from '../../src/service/routes/playlist-details.js';
import { bodyValidator } from '../helpers/body-schemas.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

/** Create Playlist (both paths) and Change Playlist Details (decisions §7). */
let service: TestService;
beforeEach(async () => {
  service = await createTestService();
});
afterEach(() => service.close());

const written = () => (service.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
const create = (payload?: unknown, token?: string, url = '/v1/me/playlists') =>
  service.request({ method: 'POST', url, payload: payload as object, token });
const change = (playlistId: string, payload?: unknown, token?: string) =>
  service.request({ method: 'PUT', url: `/v1/playlists/${playlistId}`, payload: payload as object, token });
const listed = async () => (await service.get('/v1/me/playlists?limit=50')).body.items as { id: string; name: string }[];

describe('creating a playlist', () => {
  it('answers 201 with the whole playlist, empty, owned by the user, first in their list', async () => {
    const before = await listed();
    const response = await create({ name: 'Road trip', description: 'Songs for the car', public: false });
    expect(response.status).toBe(201);
    const validate = bodyValidator('playlist');
    expect(validate(response.body) ? [] : validate.errors).toEqual([]);
    expect(response.body).toMatchObject({ name: 'Road trip', description: 'Songs for the car', public: false, collaborative: false, owner: { id: ids.demo } });
    expect(response.body.tracks.total).toBe(0);
    expect(response.body.id).toMatch(/^[0-9A-Za-z]{22}$/);

    const after = await listed();
    expect(after.map((playlist) => playlist.id)).toEqual([response.body.id, ...before.map((playlist) => playlist.id)]);
    const read = await service.get(`/v1/playlists/${response.body.id}`);
    expect(read.body).toEqual(response.body);
  });

  it('is public and not collaborative unless asked; a second one goes before the first', async () => {
    const first = (await create({ name: 'One' })).body;
    expect([first.public, first.collaborative, first.description]).toEqual([true, false, '']);
    const second = (await create({ name: 'Two', public: false, collaborative: true })).body;
    expect([second.public, second.collaborative]).toEqual([false, true]);
    expect((await listed()).slice(0, 2).map((playlist) => playlist.name)).toEqual(['Two', 'One']);
  });

  it('takes items at once, from its owner', async () => {
    const { id } = (await create({ name: 'Fresh' })).body;
    const added = await service.request({ method: 'POST', url: `/v1/playlists/${id}/items`, payload: { uris: [`playdeck:track:${ids.track(1)}`] } });
    expect(added.status).toBe(201);
    expect((await service.get(`/v1/playlists/${id}/items`)).body.total).toBe(1);
  });

  it.each([
    { name: 'no name', payload: { description: 'x' }, message: 'Missing required field: name' },
    { name: 'no body', payload: undefined, message: 'Missing required field: name' },
    { name: 'an empty name', payload: { name: '' }, message: 'Invalid name: must not be empty' },
    { name: 'a blank name', payload: { name: '   ' }, message: 'Invalid name: must not be empty' },
    { name: 'a name too long', payload: { name: 'x'.repeat(MAX_NAME + 1) }, message: `Invalid name: at most ${MAX_NAME} characters` },
    { name: 'a name not a string', payload: { name: 7 }, message: 'Invalid name: must be a string' },
    { name: 'a name on two lines', payload: { name: 'a\nb' }, message: 'Invalid name: plain text' },
    { name: 'a description too long', payload: { name: 'a', description: 'x'.repeat(MAX_DESCRIPTION + 1) }, message: 'Invalid description: at most' },
    { name: 'a description with a control character', payload: { name: 'a', description: 'a\u0007' }, message: 'Invalid description: plain text' },
    { name: 'a lone surrogate', payload: { name: 'a\ud800' }, message: 'Invalid name: plain text' },
    { name: 'public not a boolean', payload: { name: 'a', public: 'no' }, message: 'Invalid public: must be true or false' },
    { name: 'public and collaborative', payload: { name: 'a', collaborative: true }, message: 'Invalid collaborative: a collaborative playlist cannot be public' },
    { name: 'a body that is no object', payload: ['a'], message: 'Invalid request body' },
  ])('400 for $name, naming the field, and nothing is written', async ({ payload, message }) => {
    const before = written();
    const response = await create(payload);
    expect(response.status).toBe(400);
    expect(response.body.error.message.startsWith(message), response.body.error.message).toBe(true);
    expect(written()).toBe(before);
  });

  it('counts characters, not UTF-16 units: a name of 100 emoji is allowed', async () => {
    expect((await create({ name: '🎵'.repeat(MAX_NAME) })).status).toBe(201);
  });

  it('asks the scope of its visibility; a collaborative one both', async () => {
    const publicOnly = service.tokenFor({ scopes: ['playlist-modify-public'] });
    const privateOnly = service.tokenFor({ scopes: ['playlist-modify-private'] });
    expect((await create({ name: 'a' }, privateOnly)).status).toBe(403);
    expect((await create({ name: 'a' }, publicOnly)).status).toBe(201);
    expect((await create({ name: 'a', public: false }, publicOnly)).status).toBe(403);
    expect((await create({ name: 'a', public: false }, privateOnly)).status).toBe(201);
    expect((await create({ name: 'a', public: false, collaborative: true }, privateOnly)).status).toBe(403);
    expect((await create({ name: 'a' }, service.tokenFor({ userId: null }))).status).toBe(403);
  });

  it('at the older /users/{id}/playlists, for the token\'s own user only', async () => {
    expect((await create({ name: 'Mine' }, undefined, `/v1/users/${ids.demo}/playlists`)).status).toBe(201);
    const before = written();
    const theirs = await create({ name: 'Theirs' }, undefined, `/v1/users/${ids.other}/playlists`);
    expect([theirs.status, theirs.body.error.message]).toEqual([403, 'You cannot create a playlist for another user']);
    expect(written()).toBe(before);
  });

  it('in dev mode, the older path is refused with a bare 403 and /me/playlists works', async () => {
    const dev = await createTestService({ devMode: true });
    try {
      const old = await dev.request({ method: 'POST', url: `/v1/users/${ids.demo}/playlists`, payload: { name: 'a' } });
      expect([old.status, old.body]).toEqual([403, { error: { status: 403, message: 'Forbidden' } }]);
      expect((await dev.request({ method: 'POST', url: '/v1/me/playlists', payload: { name: 'a' } })).status).toBe(201);
    } finally {
      await dev.close();
    }
  });
});

describe('changing its details', () => {
  const snapshotOf = async (id: string) => (await service.get(`/v1/playlists/${id}?fields=snapshot_id`)).body.snapshot_id;

  it('renames: 200 with no body, a new snapshot, the items as they were', async () => {
    const before = (await service.get(`/v1/playlists/${ids.firstPlaylist}`)).body;
    const response = await change(ids.firstPlaylist, { name: 'Renamed', description: 'New words' });
    expect([response.status, response.raw]).toEqual([200, '']);
    const after = (await service.get(`/v1/playlists/${ids.firstPlaylist}`)).body;
    expect([after.name, after.description]).toEqual(['Renamed', 'New words']);
    expect(after.snapshot_id).not.toBe(before.snapshot_id);
    expect(after.tracks.items).toEqual(before.tracks.items);
    expect((await listed()).find((playlist) => playlist.id === ids.firstPlaylist)!.name).toBe('Renamed');
  });

  it('changes one field and keeps the others; public and collaborative too', async () => {
    const { id } = (await create({ name: 'Kept', description: 'Words' })).body;
    await change(id, { description: 'Other words' });
    await change(id, { public: false });
    await change(id, { collaborative: true });
    const read = (await service.get(`/v1/playlists/${id}`)).body;
    expect([read.name, read.description, read.public, read.collaborative]).toEqual(['Kept', 'Other words', false, true]);
  });

  it('a change to what it already is answers 200 and makes no new snapshot', async () => {
    const snapshot = await snapshotOf(ids.firstPlaylist);
    const name = (await service.get(`/v1/playlists/${ids.firstPlaylist}`)).body.name;
    expect((await change(ids.firstPlaylist, { name })).status).toBe(200);
    expect(await snapshotOf(ids.firstPlaylist)).toBe(snapshot);
  });

  it('a reorder planned before a rename still applies', async () => {
    const before = await snapshotOf(ids.firstPlaylist);
    await change(ids.firstPlaylist, { name: 'Renamed' });
    const move = { range_start: 0, insert_before: 2, snapshot_id: before };
    expect((await service.request({ method: 'PUT', url: `/v1/playlists/${ids.firstPlaylist}/items`, payload: move })).status).toBe(200);
  });

  it.each([
    { name: 'nothing to change', payload: {}, message: 'Nothing to change' },
    { name: 'no body', payload: undefined, message: 'Nothing to change' },
    { name: 'an empty name', payload: { name: '' }, message: 'Invalid name: must not be empty' },
    { name: 'a description too long', payload: { description: 'x'.repeat(MAX_DESCRIPTION + 1) }, message: 'Invalid description' },
    { name: 'collaborative while public', payload: { collaborative: true }, message: 'Invalid collaborative' },
    { name: 'collaborative not a boolean', payload: { collaborative: 1 }, message: 'Invalid collaborative: must be true or false' },
  ])('400 for $name, and nothing is written', async ({ payload, message }) => {
    const before = written();
    const response = await change(ids.firstPlaylist, payload);
    expect(response.status).toBe(400);
    expect(response.body.error.message.startsWith(message), response.body.error.message).toBe(true);
    expect(written()).toBe(before);
  });

  it('the owner only: a collaborator or a follower gets 403 saying why; an unknown playlist 404', async () => {
    const before = written();
    for (const playlistId of [ids.collaborativePlaylist, ids.othersPlaylist]) {
      const response = await change(playlistId, { name: 'Mine now' });
      expect([response.status, response.body.error.message]).toEqual([403, ONLY_OWNER]);
    }
    expect(written()).toBe(before);
    expect((await change(ids.track(1), { name: 'x' })).status).toBe(404);
  });

  it('asks the scope of the visibility it has and of the one it gets', async () => {
    const publicOnly = service.tokenFor({ scopes: ['playlist-modify-public'] });
    expect((await change(ids.firstPlaylist, { name: 'a' }, publicOnly)).status).toBe(200);
    expect((await change(ids.firstPlaylist, { public: false }, publicOnly)).status).toBe(403);
    expect((await change(ids.mixedPlaylist, { name: 'a' }, publicOnly)).status).toBe(403);
  });
});
