import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIG_PLAYLIST_LENGTH, TRACK_COUNT } from '../helpers/catalog-fixture.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

let service: TestService;
beforeEach(async () => {
  service = await createTestService();
});
afterEach(() => service.close());

const origin = 'http://localhost:80';

describe('Get Playlist Items', () => {
  it('pages with absolute href/next/previous carrying limit and offset (decisions §5)', async () => {
    const response = await service.get(`/v1/playlists/${ids.bigPlaylist}/tracks?offset=9900&limit=100`);
    expect(response.status).toBe(200);
    const base = `${origin}/v1/playlists/${ids.bigPlaylist}/tracks`;
    expect(response.body).toMatchObject({
      href: `${base}?offset=9900&limit=100`,
      limit: 100,
      offset: 9900,
      total: BIG_PLAYLIST_LENGTH,
      next: null,
      previous: `${base}?offset=9800&limit=100`,
    });
    expect(response.body.items).toHaveLength(100);
    expect(response.body.items[0].track.id).toBe(ids.track((9900 % TRACK_COUNT) + 1));
  });

  it('defaults to 20 from 0, and keeps other parameters in the links', async () => {
    const response = await service.get(`/v1/playlists/${ids.bigPlaylist}/items?market=US`);
    expect(response.body.limit).toBe(20);
    expect(response.body.next).toBe(`${origin}/v1/playlists/${ids.bigPlaylist}/items?offset=20&limit=20&market=US`);
    expect(response.body.previous).toBeNull();
  });

  it('past the end: empty items and next null', async () => {
    const response = await service.get(`/v1/playlists/${ids.firstPlaylist}/tracks?offset=50`);
    expect(response.body.items).toEqual([]);
    expect(response.body.next).toBeNull();
    expect(response.body.total).toBe(7);
  });

  it('never leaves items out: unavailable ones are marked (decisions §4)', async () => {
    const response = await service.get(`/v1/playlists/${ids.firstPlaylist}/tracks`);
    const tracks = response.body.items.map((item: any) => item.track);
    expect(tracks).toHaveLength(7);
    expect(tracks[5]).toMatchObject({ id: ids.usOnlyTrack, is_playable: false, restrictions: { reason: 'market' } });
    expect(tracks[6]).toMatchObject({ id: ids.relinkCopy, is_playable: true, linked_from: { id: ids.relinkedTrack } });
  });

  it('items carry added_at, added_by (a user object) and is_local', async () => {
    const response = await service.get(`/v1/playlists/${ids.collaborativePlaylist}/tracks?limit=1`);
    expect(response.body.items[0]).toMatchObject({
      added_at: '2024-01-01T00:00:00Z',
      added_by: { id: ids.other, type: 'user', uri: `playdeck:user:${ids.other}`, href: `${origin}/v1/users/${ids.other}` },
      is_local: false,
    });
  });

  it('episodes appear as episodes with their show; unavailable ones are marked, not dropped', async () => {
    const response = await service.get(`/v1/playlists/${ids.mixedPlaylist}/tracks?additional_types=track,episode`);
    const items = response.body.items.map((item: any) => item.track);
    expect(items.map((item: any) => item.type)).toEqual(['track', 'episode', 'episode']);
    expect(items[1]).toMatchObject({ id: ids.episode(1), is_playable: true, show: { id: ids.show } });
    expect(items[2]).toMatchObject({ id: ids.usOnlyEpisode, is_playable: false, restrictions: { reason: 'market' } });
  });

  it('applies fields to the whole body (decisions §6)', async () => {
    const url = `/v1/playlists/${ids.firstPlaylist}/tracks`;
    expect((await service.get(`${url}?fields=total,limit`)).body).toEqual({ total: 7, limit: 20 });
    const picked = await service.get(`${url}?limit=1&fields=items(added_by.id,track(name,album(!images,external_urls,artists)))`);
    expect(picked.body.items[0].added_by).toEqual({ id: ids.demo });
    expect(Object.keys(picked.body.items[0].track)).toEqual(['album', 'name']);
    expect(picked.body.items[0].track.album.images).toBeUndefined();
    expect(picked.body.items[0].track.album.name).toBe('Fixture Album');
  });

  it('a fields syntax error is a 400 naming the position', async () => {
    const response = await service.get(`/v1/playlists/${ids.firstPlaylist}/tracks?fields=items(track(name)`);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/^Invalid fields: .*position \d+/);
  });

  it('unknown playlist: 404; malformed id: 400', async () => {
    expect((await service.get(`/v1/playlists/${ids.track(1)}/tracks`)).status).toBe(404);
    expect((await service.get('/v1/playlists/short/tracks')).status).toBe(400);
  });

  it('the ETag changes when the playlist changes', async () => {
    const url = `/v1/playlists/${ids.firstPlaylist}/tracks`;
    const before = await service.get(url);
    const unchanged = await service.request({ method: 'GET', url, headers: { 'if-none-match': before.headers.etag as string } });
    expect(unchanged.status).toBe(304);
    await service.request({ method: 'PUT', url, payload: { range_start: 0, insert_before: 3 } });
    const after = await service.request({ method: 'GET', url, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.status).toBe(200);
    expect(after.body.items[2].track.id).toBe(ids.track(1));
  });
});

describe('Get Playlist', () => {
  it('returns the playlist with owner, snapshot_id and the first page of items', async () => {
    const response = await service.get(`/v1/playlists/${ids.othersPlaylist}`);
    expect(response.body).toMatchObject({
      id: ids.othersPlaylist,
      type: 'playlist',
      public: true,
      collaborative: false,
      owner: { id: ids.other, display_name: 'Other User', type: 'user' },
      tracks: { total: 4, offset: 0, limit: 100 },
    });
    expect(typeof response.body.snapshot_id).toBe('string');
    expect(response.body.tracks.items).toHaveLength(4);
  });

  it('fields applies', async () => {
    const response = await service.get(`/v1/playlists/${ids.firstPlaylist}?fields=name,snapshot_id,tracks.total`);
    expect(Object.keys(response.body).sort()).toEqual(['name', 'snapshot_id', 'tracks']);
    expect(response.body.tracks).toEqual({ total: 7 });
  });

  it('?fields=snapshot_id: 304 while the snapshot stands, a new body and ETag once the playlist changes', async () => {
    const url = `/v1/playlists/${ids.firstPlaylist}?fields=snapshot_id`;
    const before = await service.get(url);
    expect(Object.keys(before.body)).toEqual(['snapshot_id']);
    const etag = before.headers.etag as string;
    expect((await service.request({ method: 'GET', url, headers: { 'if-none-match': etag } })).status).toBe(304);
    await service.request({ method: 'PUT', url: `/v1/playlists/${ids.firstPlaylist}/tracks`, payload: { range_start: 0, insert_before: 2 } });
    const after = await service.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.body.snapshot_id).not.toBe(before.body.snapshot_id);
    expect(after.headers.etag).not.toBe(etag);
  });
});

describe("Get Current User's Playlists", () => {
  it('lists own playlists first, then followed, with tracks {href,total}', async () => {
    const response = await service.get('/v1/me/playlists');
    expect(response.body.total).toBe(5);
    expect(response.body.items.map((playlist: any) => playlist.id)).toEqual([
      ids.firstPlaylist,
      ids.bigPlaylist,
      ids.mixedPlaylist,
      ids.collaborativePlaylist,
      ids.othersPlaylist,
    ]);
    expect(response.body.items[1].tracks).toEqual({
      href: `${origin}/v1/playlists/${ids.bigPlaylist}/tracks`,
      total: BIG_PLAYLIST_LENGTH,
    });
  });

  it('pages with limit 1-50', async () => {
    const page = await service.get('/v1/me/playlists?limit=2&offset=2');
    expect(page.body.items.map((playlist: any) => playlist.id)).toEqual([ids.mixedPlaylist, ids.collaborativePlaylist]);
    expect((await service.get('/v1/me/playlists?limit=51')).status).toBe(400);
  });
});
