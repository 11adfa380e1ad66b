import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISC_TRACKS } from '../helpers/catalog-fixture.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

/** Albums and artists on the test catalog (docs/api/albums-artists.md). */
let service: TestService;
beforeAll(async () => {
  service = await createTestService();
});
afterAll(() => service.close());

const idsOf = (items: { id: string }[]) => items.map((item) => item.id);

describe('an album', () => {
  it('is the simplified album with its label, copyrights and first tracks', async () => {
    const album = (await service.get(`/v1/albums/${ids.discAlbum}`)).body;
    expect(album).toMatchObject({ id: ids.discAlbum, name: 'Café Stories', label: 'Fixture Records 2', genres: [], popularity: 51, external_ids: { upc: '000000000001' } });
    expect(album.copyrights).toEqual([{ text: '© 2022 Fixture Records 2', type: 'C' }, { text: '℗ 2022 Fixture Records 2', type: 'P' }]);
    expect(idsOf(album.tracks.items)).toEqual([1, 2, 3].map((n) => ids.discTrack(n)));
    const [track] = album.tracks.items;
    expect(track).not.toHaveProperty('album');
    expect(track.artists[0]).toEqual({ external_urls: expect.any(Object), href: expect.any(String), id: ids.discArtist, name: 'Zoë Ekström', type: 'artist', uri: `playdeck:artist:${ids.discArtist}` });
  });

  it('lists its tracks as the market plays them: a relinked copy with linked_from, or unplayable', async () => {
    const page = (await service.get(`/v1/albums/${ids.album}/tracks?limit=50&offset=0`)).body;
    expect(page.total).toBe(43);
    const byId = new Map(page.items.map((track: { id: string; linked_from?: { id: string } }) => [track.linked_from?.id ?? track.id, track]));
    expect(byId.get(ids.relinkedTrack)).toMatchObject({ id: ids.relinkCopy, is_playable: true, linked_from: { id: ids.relinkedTrack } });
    expect(byId.get(ids.usOnlyTrack)).toMatchObject({ is_playable: false, restrictions: { reason: 'market' } });
  });
});

describe('an artist', () => {
  it('is the full artist', async () => {
    expect((await service.get(`/v1/artists/${ids.harborArtist}`)).body).toMatchObject({ name: 'The Harbor Lights', genres: ['indie pop', 'shoegaze'], popularity: 55, followers: { total: 550 } });
  });

  it("lists its albums by group, then those it appears on, without those the market does not sell", async () => {
    const all = (await service.get(`/v1/artists/${ids.harborArtist}/albums`)).body;
    expect(all.items.map((album: { id: string; album_group: string }) => [album.id, album.album_group])).toEqual([[ids.single, 'single'], [ids.discAlbum, 'appears_on']]);
    const nowhere = service.tokenFor({ userId: ids.countryless });
    const inJapan = (await service.get(`/v1/artists/${ids.harborArtist}/albums?market=JP&include_groups=album`, nowhere)).body;
    expect(idsOf(inJapan.items)).toEqual([ids.regionalAlbum]);
    expect((await service.get(`/v1/artists/${ids.harborArtist}/albums?include_groups=appears_on`)).body.items[0].id).toBe(ids.discAlbum);
  });

  it('has top tracks the market plays, most popular first, and related artists by genre', async () => {
    const top = (await service.get(`/v1/artists/${ids.harborArtist}/top-tracks`)).body.tracks;
    expect(idsOf(top)).toEqual([DISC_TRACKS.harborTake, DISC_TRACKS.harborLights, DISC_TRACKS.harbor].map((n) => ids.discTrack(n)));
    expect(idsOf((await service.get(`/v1/artists/${ids.harborArtist}/related-artists`)).body.artists)).toEqual([ids.discArtist]);
  });

  it('and its top tracks and related artists are gone for a development-mode app', async () => {
    const dev = await createTestService({ devMode: true });
    try {
      expect((await dev.get(`/v1/artists/${ids.harborArtist}/top-tracks`)).status).toBe(403);
      expect((await dev.get(`/v1/artists/${ids.harborArtist}/related-artists`)).status).toBe(403);
      expect((await dev.get(`/v1/artists/${ids.harborArtist}/albums`)).status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});
