import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestService, ids, type TestService } from '../helpers/service.js';

let service: TestService;
beforeEach(async () => {
  service = await createTestService();
});
afterEach(() => service.close());

describe("Get User's Saved Shows", () => {
  it('leaves out shows unavailable in the market; total counts what is returned (decisions §4)', async () => {
    const response = await service.get('/v1/me/shows');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(1);
    expect(response.body.items).toEqual([{ added_at: '2024-01-05T10:00:00Z', show: expect.objectContaining({ id: ids.show, type: 'show' }) }]);
  });

  it('a user with no country sees none (rule 4)', async () => {
    const response = await service.get('/v1/me/shows', service.tokenFor({ userId: ids.countryless }));
    expect(response.body).toMatchObject({ total: 0, items: [], next: null });
  });

  it('needs user-library-read', async () => {
    expect((await service.get('/v1/me/shows', service.tokenFor({ scopes: ['playlist-read-private'] }))).status).toBe(403);
  });

  it('limit is 1 to 50', async () => {
    expect((await service.get('/v1/me/shows?limit=50')).status).toBe(200);
    expect((await service.get('/v1/me/shows?limit=0')).status).toBe(400);
  });
});

describe('saved audiobooks and audiobook chapters', () => {
  it('lists available audiobooks with their chapters', async () => {
    const response = await service.get('/v1/me/audiobooks');
    expect(response.body.total).toBe(1);
    const audiobook = response.body.items[0].audiobook;
    expect(audiobook).toMatchObject({ id: ids.audiobook, type: 'audiobook', total_chapters: 3, authors: [{ name: 'Ann Author' }] });
    expect(audiobook.chapters.items.map((chapter: any) => chapter.id)).toEqual([1, 2, 3].map(ids.chapter));
  });

  it('Get Audiobook Chapters pages simplified chapters', async () => {
    const response = await service.get(`/v1/audiobooks/${ids.audiobook}/chapters?limit=2&offset=1`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 3, limit: 2, offset: 1, next: null });
    expect(response.body.items.map((chapter: any) => chapter.chapter_number)).toEqual([2, 3]);
    expect(response.body.items[0].audiobook).toBeUndefined();
  });

  it('Get Audiobook Chapters: 404 outside the six markets or unknown', async () => {
    const countryless = service.tokenFor({ userId: ids.countryless });
    expect((await service.get(`/v1/audiobooks/${ids.audiobook}/chapters?market=FR`, countryless)).status).toBe(404);
    expect((await service.get(`/v1/audiobooks/${ids.audiobook}/chapters?market=IE`, countryless)).status).toBe(200);
    expect((await service.get(`/v1/audiobooks/${ids.usOnlyAudiobook}/chapters`)).status).toBe(404);
    expect((await service.get(`/v1/audiobooks/${ids.chapter(1)}/chapters`)).status).toBe(404);
  });
});

describe('Get Current User', () => {
  it('returns the profile; email only with user-read-email', async () => {
    const response = await service.get('/v1/me');
    expect(response.body).toMatchObject({ id: ids.demo, country: 'GB', display_name: 'Demo User', product: 'premium', type: 'user' });
    expect(response.body.email).toBe('demo@playdeck.example');
    const withoutEmail = await service.get('/v1/me', service.tokenFor({ scopes: ['user-read-private'] }));
    expect(withoutEmail.body.email).toBeUndefined();
  });

  it('needs user-read-private', async () => {
    expect((await service.get('/v1/me', service.tokenFor({ scopes: ['user-read-email'] }))).status).toBe(403);
  });
});
