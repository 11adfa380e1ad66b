import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISC_TRACKS } from '../helpers/catalog-fixture.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

/** GET /v1/search on the test catalog (docs/api/search.md): the tiers of its ranking, folding, markets, bounds. */
let service: TestService;
beforeAll(async () => {
  service = await createTestService();
});
afterAll(() => service.close());

const tracks = async (q: string, extra = '') => {
  const response = await service.get(`/v1/search?q=${encodeURIComponent(q)}&type=track${extra}`);
  expect(response.status, response.raw).toBe(200);
  return response.body.tracks as { total: number; items: { id: string; name: string }[] };
};
const disc = ids.discTrack;

describe('search ranks', () => {
  it('the exact name first, then every word whole in the name, then the last word begun, then anywhere', async () => {
    // Two tracks are named "Harbor" (the liked one first, then the more popular); "Harbor Lights" has the word.
    const harbor = await tracks('harbor');
    expect(harbor.items.map((track) => track.id)).toEqual([disc(DISC_TRACKS.harbor), disc(DISC_TRACKS.harborTake), disc(DISC_TRACKS.harborLights)]);
    expect(harbor.total).toBe(3);
    // As you type, the most popular first.
    const typing = await tracks('harb');
    expect(typing.items.map((track) => track.id)).toEqual([disc(DISC_TRACKS.harborTake), disc(DISC_TRACKS.harborLights), disc(DISC_TRACKS.harbor)]);
    // "the": no track's name has it; its artist's has.
    const anywhere = await tracks('the harbor lig');
    expect(anywhere.items.map((track) => track.id)).toEqual([disc(DISC_TRACKS.harborTake), disc(DISC_TRACKS.harborLights), disc(DISC_TRACKS.harbor)]);
  });

  it("puts the user's own first among the exact names", async () => {
    await service.request({ method: 'DELETE', url: `/v1/me/library?uris=playdeck:track:${disc(DISC_TRACKS.harbor)}` });
    expect((await tracks('harbor')).items.map((track) => track.id).slice(0, 2)).toEqual([disc(DISC_TRACKS.harborTake), disc(DISC_TRACKS.harbor)]);
    await service.request({ method: 'PUT', url: `/v1/me/library?uris=playdeck:track:${disc(DISC_TRACKS.harbor)}` });
    expect((await tracks('harbor')).items[0]!.id).toBe(disc(DISC_TRACKS.harbor));
  });

  it('folds accents and case in the names and in the query', async () => {
    for (const q of ['cafe', 'CAFÉ', 'Café society', 'naive', 'NAÏVE SO']) expect((await tracks(q)).items.length, q).toBeGreaterThan(0);
    const artists = (await service.get('/v1/search?q=zoe%20ekstrom&type=artist')).body.artists.items;
    expect(artists.map((artist: { name: string }) => artist.name)).toEqual(['Zoë Ekström']);
  });

  it('finds nothing for punctuation alone or a miss, as an empty page', async () => {
    for (const q of ['!!!', 'qqqq', '"', '*', 'a AND', 'NEAR(']) {
      const page = await tracks(q);
      expect(page, q).toMatchObject({ total: 0, items: [], next: null });
    }
  });
});

describe('search and markets (decisions §14)', () => {
  it('leaves out what the effective market does not sell', async () => {
    expect((await tracks('tokyo')).items).toEqual([]);
    const nowhere = service.tokenFor({ userId: ids.countryless });
    const inJapan = await service.get('/v1/search?q=tokyo&type=track,album&market=JP', nowhere);
    expect(inJapan.body.tracks.items.map((track: { id: string }) => track.id)).toEqual([disc(DISC_TRACKS.tokyoHarbor)]);
    expect(inJapan.body.albums.items.map((album: { id: string }) => album.id)).toEqual([ids.regionalAlbum]);
    // No market at all: only what no market binds (artists).
    const none = await service.get('/v1/search?q=harbor&type=track,artist', nowhere);
    expect(none.body.tracks.total).toBe(0);
    expect(none.body.artists.total).toBe(1);
  });

  it('lists public playlists and the user\'s own, not others\' private ones', async () => {
    const own = await service.get('/v1/search?q=ten%20thousand&type=playlist');
    expect(own.body.playlists.items.map((playlist: { id: string }) => playlist.id)).toEqual([ids.bigPlaylist]);
    const other = await service.get('/v1/search?q=ten%20thousand&type=playlist', service.tokenFor({ userId: ids.other }));
    expect(other.body.playlists.items).toEqual([]);
  });
});

describe('search bounds', () => {
  it('pages by limit and offset within each kind, up to 1,000', async () => {
    const page = await service.get('/v1/search?q=track&type=track&limit=2&offset=1');
    expect(page.body.tracks).toMatchObject({ limit: 2, offset: 1, items: [expect.anything(), expect.anything()] });
    expect(page.body.tracks.next).toContain('offset=3&limit=2&q=track&type=track');
    expect((await service.get('/v1/search?q=a&type=track&offset=1001')).status).toBe(400);
    expect((await service.get('/v1/search?q=a&type=track&limit=51')).status).toBe(400);
    expect((await service.get('/v1/search?q=a&type=track&limit=50')).status).toBe(200);
  });

  it('needs q and a known type', async () => {
    expect((await service.get('/v1/search?type=track')).body.error.message).toBe('Missing required parameter: q');
    expect((await service.get('/v1/search?q=a')).body.error.message).toBe('Missing required parameter: type');
    expect((await service.get('/v1/search?q=a&type=track,song')).status).toBe(400);
  });

  it('bounds the work of one query: at most 500 characters and 32 words, each past that a 400 saying so', async () => {
    // 16 kB of one-letter words cost ~1.4 s of the service's CPU for a single answer.
    const huge = await service.get(`/v1/search?q=${encodeURIComponent('a '.repeat(8192))}&type=track,album,artist,playlist,show,episode,audiobook`);
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ error: { status: 400, message: 'Invalid q: at most 500 characters' } });
    expect((await service.get(`/v1/search?q=${'x'.repeat(501)}&type=track`)).status).toBe(400);
    expect((await service.get(`/v1/search?q=${'x'.repeat(500)}&type=track`)).status).toBe(200);
    const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join('%20');
    expect((await service.get(`/v1/search?q=${words(32)}&type=track,playlist`)).status).toBe(200);
    const many = await service.get(`/v1/search?q=${words(33)}&type=track,playlist`);
    expect(many.body).toEqual({ error: { status: 400, message: 'Invalid q: at most 32 words' } });
    // Punctuation is no word: a long run of it is one of the 500 characters each, and finds nothing.
    expect((await service.get(`/v1/search?q=${encodeURIComponent('- '.repeat(200))}&type=track`)).body.tracks.total).toBe(0);
  });

  it('as a development-mode app: 5 by default, 10 at most, above that 400 Invalid limit', async () => {
    const dev = await createTestService({ devMode: true });
    try {
      expect((await dev.get('/v1/search?q=track&type=track')).body.tracks.limit).toBe(5);
      expect((await dev.get('/v1/search?q=track&type=track&limit=10')).body.tracks.limit).toBe(10);
      const refused = await dev.get('/v1/search?q=track&type=track&limit=11');
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: { status: 400, message: 'Invalid limit' } });
      expect((await dev.get('/v1/search?q=track&type=track&offset=5')).status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});
