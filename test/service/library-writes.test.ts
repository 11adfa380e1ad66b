import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DISC_TRACKS } from '../helpers/catalog-fixture.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

/** Saving and removing by URI (PUT/DELETE /me/library) and by the per-type routes, and the contains reads. */
let service: TestService;
beforeEach(async () => {
  service = await createTestService();
});
afterEach(() => service.close());

const uri = (type: string, id: string) => `playdeck:${type}:${id}`;
const contains = async (uris: string[], token?: string) => (await service.get(`/v1/me/library/contains?uris=${uris.join(',')}`, token)).body;
const put = (url: string, token?: string) => service.request({ method: 'PUT', url, token });
const remove = (url: string, token?: string) => service.request({ method: 'DELETE', url, token });

describe('PUT and DELETE /me/library', () => {
  const everyKind = [
    uri('track', ids.track(7)), uri('album', ids.single), uri('artist', ids.harborArtist), uri('episode', ids.episode(2)),
    uri('show', ids.usOnlyShow), uri('audiobook', ids.usOnlyAudiobook), uri('user', ids.other), uri('playlist', ids.othersPlaylist),
  ];

  it('saves and removes any kind, which contains then tells', async () => {
    await remove(`/v1/me/library?uris=${everyKind.join(',')}`);
    expect(await contains(everyKind)).toEqual(everyKind.map(() => false));
    const saved = await put(`/v1/me/library?uris=${everyKind.join(',')}`);
    expect(saved.status).toBe(200);
    expect(saved.raw).toBe('');
    expect(await contains(everyKind)).toEqual(everyKind.map(() => true));
    expect((await remove(`/v1/me/library?uris=${everyKind.join(',')}`)).status).toBe(200);
    expect(await contains(everyKind)).toEqual(everyKind.map(() => false));
  });

  it('puts what it saves first in its list, with the time it was saved', async () => {
    await put(`/v1/me/library?uris=${uri('track', ids.track(7))},${uri('album', ids.single)}`);
    const liked = (await service.get('/v1/me/tracks?limit=1')).body;
    expect(liked.items[0].track.id).toBe(ids.track(7));
    expect(Date.parse(liked.items[0].added_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await service.get('/v1/me/albums?limit=1')).body.items[0].album.id).toBe(ids.single);
    await put(`/v1/me/library?uris=${uri('show', ids.usOnlyShow)}`);
    // A saved show the demo user's market does not sell is saved all the same (and left out of the page).
    expect(await contains([uri('show', ids.usOnlyShow)])).toEqual([true]);
  });

  it('a followed playlist is listed after the others; unfollowed, it is not', async () => {
    await remove(`/v1/me/library?uris=${uri('playlist', ids.othersPlaylist)}`);
    const listed = async () => (await service.get('/v1/me/playlists?limit=50')).body.items.map((playlist: { id: string }) => playlist.id);
    expect(await listed()).not.toContain(ids.othersPlaylist);
    await put(`/v1/me/library?uris=${uri('playlist', ids.othersPlaylist)}`);
    expect((await listed()).at(-1)).toBe(ids.othersPlaylist);
  });

  it('saves nothing when one item does not exist (404 naming it)', async () => {
    const unknown = '0000000000000000000000';
    const answer = await put(`/v1/me/library?uris=${uri('track', ids.track(8))},${uri('album', unknown)}`);
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toBe(`Resource not found: no album ${unknown}`);
    expect(await contains([uri('track', ids.track(8))])).toEqual([false]);
  });

  it('refuses bad URIs, more than 40, and a kind its scopes do not cover', async () => {
    expect((await put('/v1/me/library')).body.error.message).toBe('Missing required parameter: uris');
    expect((await put(`/v1/me/library?uris=${uri('chapter', ids.chapter(1))}`)).status).toBe(400);
    expect((await put(`/v1/me/library?uris=${Array(41).fill(uri('track', ids.track(1))).join(',')}`)).body.error.message).toBe('Invalid uris: at most 40');
    const libraryOnly = service.tokenFor({ scopes: ['user-library-modify', 'user-library-read'] });
    expect((await put(`/v1/me/library?uris=${uri('track', ids.track(9))}`, libraryOnly)).status).toBe(200);
    const refused = await put(`/v1/me/library?uris=${uri('track', ids.track(10))},${uri('artist', ids.artist)}`, libraryOnly);
    expect(refused.status).toBe(403);
    expect(await contains([uri('track', ids.track(10))])).toEqual([false]);
    expect((await service.get(`/v1/me/library/contains?uris=${uri('artist', ids.artist)}`, libraryOnly)).status).toBe(403);
  });

  it('needs a user', async () => {
    const noUser = service.tokenFor({ userId: null });
    expect((await put(`/v1/me/library?uris=${uri('track', ids.track(1))}`, noUser)).status).toBe(403);
  });
});

describe('the routes of one kind', () => {
  it('save and remove by ids in the query or the body, and answer contains', async () => {
    const track = ids.discTrack(DISC_TRACKS.naive);
    expect((await put(`/v1/me/tracks?ids=${track}`)).status).toBe(200);
    expect((await service.get(`/v1/me/tracks/contains?ids=${track},${ids.track(40)}`)).body).toEqual([true, false]);
    expect((await service.request({ method: 'DELETE', url: '/v1/me/tracks', payload: { ids: [track] } })).status).toBe(200);
    expect((await service.get(`/v1/me/tracks/contains?ids=${track}`)).body).toEqual([false]);
    expect((await put(`/v1/me/albums?ids=${ids.regionalAlbum}`)).status).toBe(200);
    expect((await service.get(`/v1/me/albums/contains?ids=${ids.regionalAlbum}`)).body).toEqual([true]);
    expect((await service.get(`/v1/me/tracks/contains?ids=${Array(51).fill(track).join(',')}`)).status).toBe(400);
  });

  it('follow artists and users, with type', async () => {
    expect((await put(`/v1/me/following?type=artist&ids=${ids.harborArtist}`)).status).toBe(204);
    expect((await service.get(`/v1/me/following/contains?type=artist&ids=${ids.harborArtist},${ids.discArtist}`)).body).toEqual([true, true]);
    expect((await remove(`/v1/me/following?type=artist&ids=${ids.discArtist}`)).status).toBe(204);
    const followed = (await service.get('/v1/me/following?type=artist')).body.artists;
    expect(followed.items.map((artist: { id: string }) => artist.id)).toEqual([ids.artist, ids.harborArtist]);
    expect((await put(`/v1/me/following?type=user&ids=${ids.other}`)).status).toBe(204);
    expect((await put(`/v1/me/following?ids=${ids.other}`)).body.error.message).toBe('Missing required parameter: type');
  });

  it('are refused in dev mode, where /me/library saves', async () => {
    const dev = await createTestService({ devMode: true });
    try {
      expect((await dev.request({ method: 'PUT', url: `/v1/me/tracks?ids=${ids.track(3)}` })).body).toEqual({ error: { status: 403, message: 'Forbidden' } });
      expect((await dev.request({ method: 'PUT', url: `/v1/me/following?type=artist&ids=${ids.artist}` })).status).toBe(403);
      expect((await dev.request({ method: 'PUT', url: `/v1/me/library?uris=${uri('track', ids.track(3))}` })).status).toBe(200);
      expect((await dev.get(`/v1/me/tracks/contains?ids=${ids.track(3)}`)).body).toEqual([true]);
    } finally {
      await dev.close();
    }
  });
});

describe('the lists saving changes', () => {
  it('answer anew after a save (no cached page outlives it)', async () => {
    const before = await service.get('/v1/me/tracks?limit=50');
    await put(`/v1/me/library?uris=${uri('track', ids.track(11))}`);
    const after = await service.get('/v1/me/tracks?limit=50', undefined);
    expect(after.body.total).toBe(before.body.total + 1);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('followed artists page by cursor, by name', async () => {
    await put(`/v1/me/following?type=artist&ids=${ids.harborArtist}`);
    const first = (await service.get('/v1/me/following?type=artist&limit=2')).body.artists;
    // Fixture Artist, The Harbor Lights, Zoë Ekström: by name, accents folded.
    expect(first.items.map((artist: { name: string }) => artist.name)).toEqual(['Fixture Artist', 'The Harbor Lights']);
    expect(first.cursors.after).toBe(ids.harborArtist);
    const second = (await service.get(`/v1/me/following?type=artist&limit=2&after=${first.cursors.after}`)).body.artists;
    expect(second).toMatchObject({ total: 3, next: null, cursors: { after: null } });
    expect(second.items.map((artist: { name: string }) => artist.name)).toEqual(['Zoë Ekström']);
  });
});
