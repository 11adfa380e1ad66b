import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/service/store/tokens.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

let service: TestService;
let now: number;
beforeEach(async () => {
  now = Date.UTC(2025, 0, 1);
  service = await createTestService({ now: () => now });
});
afterEach(() => service.close());

describe('authentication (decisions §2, §3)', () => {
  it.each([
    { name: 'no token', headers: {}, message: 'No token provided' },
    { name: 'unknown token', headers: { authorization: 'Bearer nope' }, message: 'Invalid access token' },
    { name: 'not a bearer header', headers: { authorization: 'Basic abc' }, message: 'Invalid access token' },
  ])('$name: 401', async ({ headers, message }) => {
    const response = await service.request({ method: 'GET', url: '/v1/me', headers, token: null });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { status: 401, message } });
  });

  it('an expired token: 401 The access token expired', async () => {
    const token = service.tokenFor({ ttlSeconds: 10 });
    expect((await service.get('/v1/me', token)).status).toBe(200);
    now += 10_000;
    const response = await service.get('/v1/me', token);
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe('The access token expired');
  });

  it('stores tokens hashed (sha256) and finds them by hash', () => {
    const rows = service.db.prepare('SELECT token_hash FROM tokens').all() as { token_hash: string }[];
    expect(rows.map((row) => row.token_hash)).toContain(hashToken(service.token));
    const raw = service.db.prepare('SELECT count(*) AS n FROM tokens WHERE token_hash = ?').get(service.token) as { n: number };
    expect(raw.n).toBe(0);
  });

  it('a missing scope: 403 Insufficient client scope', async () => {
    const token = service.tokenFor({ scopes: ['user-read-private'] });
    for (const url of ['/v1/me/player', '/v1/me/shows', `/v1/playlists/${ids.firstPlaylist}/tracks`]) {
      const response = await service.get(url, token);
      expect(response.status).toBe(403);
      expect(response.body.error.message).toBe('Insufficient client scope');
    }
  });

  it('a token with no user cannot read user data but can read the catalog', async () => {
    const token = service.tokenFor({ userId: null });
    expect((await service.get('/v1/me/shows', token)).status).toBe(403);
    expect((await service.get(`/v1/tracks/${ids.track(1)}?market=GB`, token)).body.is_playable).toBe(true);
  });
});

describe('routing errors', () => {
  it('unknown path: 404 in the error shape', async () => {
    for (const url of ['/v1/nothing', '/v2/tracks', '/', `/v1/tracks/${ids.track(1)}/extra`]) {
      const response = await service.get(url);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { status: 404, message: 'Resource not found' } });
    }
  });

  it('wrong method on a known path: 405 with Allow', async () => {
    const response = await service.request({ method: 'PATCH', url: `/v1/playlists/${ids.firstPlaylist}/tracks` });
    expect(response.status).toBe(405);
    expect(response.body.error.status).toBe(405);
    expect(String(response.headers.allow).split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'POST', 'PUT']);
    expect((await service.request({ method: 'POST', url: '/v1/me/player/pause' })).status).toBe(405);
  });

  it('a body over 64 KiB: 413', async () => {
    const response = await service.request({
      method: 'PUT',
      url: `/v1/playlists/${ids.firstPlaylist}/tracks`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ uris: [], padding: 'x'.repeat(70_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.body.error.status).toBe(413);
  });

  it('a PUT body that is not JSON: 415; malformed JSON: 400', async () => {
    const url = `/v1/playlists/${ids.firstPlaylist}/tracks`;
    const text = await service.request({ method: 'PUT', url, headers: { 'content-type': 'text/plain' }, payload: 'uris=x' });
    expect(text.status).toBe(415);
    expect(text.body.error.status).toBe(415);
    const broken = await service.request({ method: 'PUT', url, headers: { 'content-type': 'application/json' }, payload: '{"range_start":' });
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toBe('Invalid JSON body');
  });

  it('an empty JSON body on a command is no body', async () => {
    const response = await service.request({ method: 'PUT', url: '/v1/me/player/pause', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(response.status).toBe(204);
  });
});

describe('bad input never reaches a 500', () => {
  const playlistItems = `/v1/playlists/${ids.bigPlaylist}/tracks`;
  it.each([
    [`${playlistItems}?limit=1e309`, 400, 'Invalid limit: must be an integer from 1 to 100'],
    [`${playlistItems}?limit=0x10`, 400, 'Invalid limit: must be an integer from 1 to 100'],
    [`${playlistItems}?limit=1.0`, 400, 'Invalid limit: must be an integer from 1 to 100'],
    [`${playlistItems}?limit=-1`, 400, 'Invalid limit: must be an integer from 1 to 100'],
    [`${playlistItems}?limit=101`, 400, 'Invalid limit: must be an integer from 1 to 100'],
    [`${playlistItems}?limit=%E2%9C%93`, 400, 'Invalid limit: must be an integer from 1 to 100'],
    [`${playlistItems}?limit=1&limit=2`, 400, 'Invalid limit: given more than once'],
    [`${playlistItems}?offset=-5`, 400, 'Invalid offset: must be an integer from 0 to 9007199254740991'],
    [`${playlistItems}?offset=99999999999999999999`, 400, 'Invalid offset: must be an integer from 0 to 9007199254740991'],
    [`${playlistItems}?market=%00`, 400, 'Invalid market code'],
    [`${playlistItems}?fields=items(`, 400, undefined],
    [`${playlistItems}?additional_types=video`, 400, 'Invalid additional_types: values are track and episode'],
    ['/v1/me/shows?limit=51', 400, 'Invalid limit: must be an integer from 1 to 50'],
    ['/v1/tracks/%F0%9F%8E%B5', 400, 'Invalid base62 id'],
    ['/v1/me/player/seek?position_ms=1e309', 400, 'Invalid position_ms: must be an integer from 0 to 9007199254740991'],
  ])('%s: %i', async (url, status, message) => {
    const method = url.includes('/seek') ? 'PUT' : 'GET';
    const response = await service.request({ method, url });
    expect(response.status).toBe(status);
    expect(response.body.error.status).toBe(status);
    if (message) expect(response.body.error.message).toBe(message);
  });

  it.each([
    [`${'/v1/playlists/'}${ids.bigPlaylist}/tracks?limit=&offset=`, 20, 0],
    [`/v1/playlists/${ids.bigPlaylist}/tracks?offset=9007199254740991`, 20, 9007199254740991],
  ])('empty values take the default; huge offsets give an empty page: %s', async (url, limit, offset) => {
    const response = await service.get(url);
    expect(response.status).toBe(200);
    expect(response.body.limit).toBe(limit);
    expect(response.body.offset).toBe(offset);
  });
});

describe('rate limit', () => {
  it('429 with Retry-After once a token exceeds its rolling 30 s window', async () => {
    const limited = await createTestService({ rateLimit: 3, now: () => now });
    try {
      for (let count = 0; count < 3; count++) expect((await limited.get('/v1/me')).status).toBe(200);
      now += 10_000;
      const refused = await limited.get('/v1/me');
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toBe('API rate limit exceeded');
      expect(refused.headers['retry-after']).toBe('20');
      // Another token has its own window.
      expect((await limited.get('/v1/me', limited.tokenFor())).status).toBe(200);
      now += 20_000;
      expect((await limited.get('/v1/me')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
