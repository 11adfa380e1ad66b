import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestService, ids, type TestService } from '../helpers/service.js';

let service: TestService;
beforeEach(async () => {
  service = await createTestService();
});
afterEach(() => service.close());

describe('Get Track', () => {
  it('returns the track with absolute hrefs from the Host, uri and external_urls', async () => {
    const response = await service.request({ method: 'GET', url: `/v1/tracks/${ids.track(1)}`, headers: { host: 'example.test:4321' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: ids.track(1),
      type: 'track',
      uri: `playdeck:track:${ids.track(1)}`,
      href: `http://example.test:4321/v1/tracks/${ids.track(1)}`,
      external_urls: { playdeck: `https://playdeck.example/track/${ids.track(1)}` },
      is_playable: true,
      is_local: false,
    });
    expect(response.body.album.href).toBe(`http://example.test:4321/v1/albums/${ids.album}`);
    expect(response.body.restrictions).toBeUndefined();
  });

  it('falls back to the service origin when the Host header is not a plain host', async () => {
    const response = await service.request({ method: 'GET', url: `/v1/tracks/${ids.track(1)}`, headers: { host: 'evil"host' } });
    expect(response.body.href).toBe(`http://127.0.0.1/v1/tracks/${ids.track(1)}`);
  });

  it.each([
    { name: 'malformed id', id: 'not-an-id', status: 400, message: 'Invalid base62 id' },
    { name: 'unknown id', id: ids.track(777), status: 404, message: 'Resource not found' },
  ])('$name: $status', async ({ id, status, message }) => {
    const response = await service.get(`/v1/tracks/${id}`);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error: { status, message } });
  });
});

describe('market rules as a table (decisions §4)', () => {
  const cases = [
    // The demo user's country (GB) wins over the market parameter.
    { name: 'available in GB, market=JP ignored for a GB user', user: 'demo', track: ids.track(1), market: 'JP', playable: true },
    { name: 'US-only track for a GB user, market=US ignored', user: 'demo', track: ids.usOnlyTrack, market: 'US', playable: false },
    { name: 'relinked for a GB user', user: 'demo', track: ids.relinkedTrack, market: undefined, playable: true, linkedFrom: true },
    // A user without a country: the market parameter decides; none means unavailable.
    { name: 'no country, market=US', user: 'countryless', track: ids.usOnlyTrack, market: 'US', playable: true },
    { name: 'no country, no market', user: 'countryless', track: ids.track(1), market: undefined, playable: false },
    { name: 'no country, market=from_token', user: 'countryless', track: ids.track(1), market: 'from_token', playable: false },
    { name: 'no country, market=DE, relinked copy in DE', user: 'countryless', track: ids.relinkedTrack, market: 'DE', playable: true, linkedFrom: true },
  ] as const;

  it.each(cases)('$name', async ({ user, track, market, playable, ...rest }) => {
    const token = service.tokenFor({ userId: user === 'demo' ? ids.demo : ids.countryless });
    const query = market ? `?market=${market}` : '';
    const response = await service.get(`/v1/tracks/${track}${query}`, token);
    expect(response.status).toBe(200);
    expect(response.body.is_playable).toBe(playable);
    if ('linkedFrom' in rest) {
      expect(response.body.id).toBe(ids.relinkCopy);
      expect(response.body.linked_from).toMatchObject({ id: track, type: 'track', uri: `playdeck:track:${track}` });
      expect(response.body.restrictions).toBeUndefined();
    } else {
      expect(response.body.id).toBe(track);
      expect(response.body.restrictions).toEqual(playable ? undefined : { reason: 'market' });
    }
  });

  it('an invalid market is a 400 even for a user with a country', async () => {
    for (const market of ['gb', 'XX', 'GBR']) {
      const response = await service.get(`/v1/tracks/${ids.track(1)}?market=${market}`);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('Invalid market code');
    }
  });

  it.each([
    { name: 'episode of a show not in GB', url: `/v1/episodes/${ids.usOnlyEpisode}`, user: ids.demo, status: 404 },
    { name: 'episode of a GB show', url: `/v1/episodes/${ids.episode(1)}`, user: ids.demo, status: 200 },
    { name: 'chapter in the six markets, GB user', url: `/v1/chapters/${ids.chapter(1)}`, user: ids.demo, status: 200 },
    { name: 'US-only chapter, GB user', url: `/v1/chapters/${ids.usOnlyChapter}`, user: ids.demo, status: 404 },
    { name: 'chapter, no country, market=NZ', url: `/v1/chapters/${ids.chapter(1)}?market=NZ`, user: ids.countryless, status: 200 },
    { name: 'chapter, no country, market=DE (not one of the six)', url: `/v1/chapters/${ids.chapter(1)}?market=DE`, user: ids.countryless, status: 404 },
    { name: 'chapter, no country, no market', url: `/v1/chapters/${ids.chapter(1)}`, user: ids.countryless, status: 404 },
  ])('$name: $status', async ({ url, user, status }) => {
    const response = await service.get(url, service.tokenFor({ userId: user }));
    expect(response.status).toBe(status);
  });
});

describe('Get Episode', () => {
  it('needs user-read-playback-position', async () => {
    const token = service.tokenFor({ scopes: ['user-read-private'] });
    const response = await service.get(`/v1/episodes/${ids.episode(1)}`, token);
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe('Insufficient client scope');
  });

  it("carries its show and the user's resume point", async () => {
    const response = await service.get(`/v1/episodes/${ids.episode(1)}`);
    expect(response.body).toMatchObject({
      type: 'episode',
      is_playable: true,
      resume_point: { fully_played: true, resume_position_ms: 0 },
      show: { id: ids.show, type: 'show', total_episodes: 3 },
    });
  });
});

describe('Get a Chapter', () => {
  it('has type episode (the spec), its audiobook and resume point', async () => {
    const response = await service.get(`/v1/chapters/${ids.chapter(2)}`);
    expect(response.body).toMatchObject({
      type: 'episode',
      uri: `playdeck:chapter:${ids.chapter(2)}`,
      chapter_number: 2,
      resume_point: { fully_played: false, resume_position_ms: 120_000 },
      audiobook: { id: ids.audiobook, type: 'audiobook', total_chapters: 3 },
    });
  });
});

describe('Get Several Tracks / Chapters', () => {
  it('answers in request order with null for unknown ids', async () => {
    const url = `/v1/tracks?ids=${ids.track(2)},${ids.track(777)},${ids.usOnlyTrack}`;
    const response = await service.get(url);
    expect(response.status).toBe(200);
    expect(response.body.tracks.map((track: any) => track?.id ?? null)).toEqual([ids.track(2), null, ids.usOnlyTrack]);
    expect(response.body.tracks[2].is_playable).toBe(false);
  });

  it('chapters unavailable in the market are null, like unknown ones', async () => {
    const response = await service.get(`/v1/chapters?ids=${ids.chapter(1)},${ids.usOnlyChapter},${ids.chapter(999)}`);
    expect(response.body.chapters.map((chapter: any) => chapter?.id ?? null)).toEqual([ids.chapter(1), null, null]);
  });

  it.each([
    { query: '', message: 'Missing required parameter: ids' },
    { query: '?ids=', message: 'Missing required parameter: ids' },
    { query: `?ids=${Array.from({ length: 51 }, (_, n) => ids.track(n + 1)).join(',')}`, message: 'too many ids requested' },
    { query: `?ids=${ids.track(1)},,${ids.track(2)}`, message: 'Invalid base62 id' },
    { query: `?ids=${ids.track(1)}&ids=${ids.track(2)}`, message: 'Invalid ids: given more than once' },
  ])('400 for ids $query', async ({ query, message }) => {
    for (const path of ['/v1/tracks', '/v1/chapters']) {
      const response = await service.get(`${path}${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
  });
});

describe('conditional requests (decisions §9)', () => {
  it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
    const url = `/v1/tracks/${ids.track(3)}`;
    const first = await service.get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const second = await service.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
    expect(second.raw).toBe('');
    const weak = await service.request({ method: 'GET', url, headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weak.status).toBe(304);
    const stale = await service.request({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
    expect(stale.status).toBe(200);
  });

  it('the ETag differs when the market changes the body', async () => {
    const token = service.tokenFor({ userId: ids.countryless });
    const inUs = await service.get(`/v1/tracks/${ids.usOnlyTrack}?market=US`, token);
    const inGb = await service.get(`/v1/tracks/${ids.usOnlyTrack}?market=GB`, token);
    expect(inUs.headers.etag).not.toBe(inGb.headers.etag);
  });
});
