import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestService, ids, type TestService } from '../helpers/service.js';

let service: TestService;
beforeEach(async () => {
  service = await createTestService();
});
afterEach(() => service.close());

describe('Get Show', () => {
  it('answers the show with its first page of simplified episodes, newest first', async () => {
    const response = await service.get(`/v1/shows/${ids.show}`);
    expect(response.status).toBe(200);
    expect(response.headers.etag).toBeDefined();
    expect(response.body).toMatchObject({ id: ids.show, type: 'show', total_episodes: 3, episodes: { total: 3, limit: 50, offset: 0 } });
    const episodes = response.body.episodes.items;
    expect(episodes.map((item: { id: string }) => item.id)).toEqual([ids.episode(3), ids.episode(2), ids.episode(1)]);
    expect(episodes[0].show).toBeUndefined();
    expect(episodes[2].resume_point).toMatchObject({ fully_played: true, resume_position_ms: 0 });
    expect(episodes[2].resume_point.last_played_at).toBe('2024-01-09T10:00:00.000Z');
    expect(episodes[0].is_playable).toBe(true);
  });

  it('answers 404 for a show unknown or not sold in the market, 400 for a bad id or market', async () => {
    expect((await service.get(`/v1/shows/${'Z'.repeat(22)}`)).status).toBe(404);
    expect((await service.get(`/v1/shows/${ids.usOnlyShow}`)).status).toBe(404);
    expect((await service.get('/v1/shows/nope')).body.error).toMatchObject({ status: 400, message: 'Invalid base62 id' });
    expect((await service.get(`/v1/shows/${ids.show}?market=XX`)).status).toBe(400);
  });

  it('needs a token, any token; without a user every episode is not started', async () => {
    expect((await service.get(`/v1/shows/${ids.show}`, null)).status).toBe(401);
    const appOnly = service.tokenFor({ userId: null, scopes: [] });
    const response = await service.get(`/v1/shows/${ids.show}?market=GB`, appOnly);
    expect(response.status).toBe(200);
    expect(response.body.episodes.items[2].resume_point).toEqual({ fully_played: false, resume_position_ms: 0 });
  });
});

describe('Get Show Episodes', () => {
  it('pages with limit and offset, carrying market into the links', async () => {
    const first = (await service.get(`/v1/shows/${ids.show}/episodes?limit=2&market=GB`)).body;
    expect(first).toMatchObject({ total: 3, limit: 2, offset: 0, previous: null });
    expect(first.items.map((item: { id: string }) => item.id)).toEqual([ids.episode(3), ids.episode(2)]);
    expect(first.next).toMatch(/\/v1\/shows\/\w+\/episodes\?offset=2&limit=2&market=GB$/);
    const second = (await service.get(`/v1/shows/${ids.show}/episodes?limit=2&offset=2`)).body;
    expect(second.items.map((item: { id: string }) => item.id)).toEqual([ids.episode(1)]);
    expect(second.next).toBeNull();
    expect((await service.get(`/v1/shows/${ids.show}/episodes?offset=9`)).body).toMatchObject({ items: [], total: 3 });
    expect((await service.get(`/v1/shows/${ids.show}/episodes`)).body.limit).toBe(20);
  });

  it('refuses limits outside 1-50 and bad offsets', async () => {
    for (const query of ['limit=0', 'limit=51', 'limit=1.5', 'offset=-1', 'offset=x', 'limit=2&limit=3']) {
      const response = await service.get(`/v1/shows/${ids.show}/episodes?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.message, query).toMatch(/limit|offset/);
    }
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await service.get(`/v1/shows/${ids.show}/episodes`);
    const again = await service.request({ method: 'GET', url: `/v1/shows/${ids.show}/episodes`, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
  });
});
