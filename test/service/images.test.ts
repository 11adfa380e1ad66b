import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURES_MADE_PER_WINDOW } from '../../src/service/routes/images.js';
import { decodeImage } from '../../src/ui/art/decode.js';
import { readPictureIds } from '../../src/service/images/picture-ids.js';
import { openDatabase } from '../../src/service/store/db.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

let service: TestService;
beforeAll(async () => {
  service = await createTestService();
});
afterAll(() => service.close());

describe('the pictures of the embedded service', () => {
  it('are what the catalog points at: PNG at each listed size, with an ETag and long caching', async () => {
    const track = await service.get(`/v1/tracks/${ids.track(1)}`);
    const album = { status: track.status, body: track.body.album };
    expect(album.status).toBe(200);
    const urls: string[] = album.body.images.map((image: { url: string }) => image.url);
    expect(urls.length).toBeGreaterThan(0);
    for (const [index, url] of urls.entries()) {
      const { pathname, host } = new URL(url);
      expect(host).toBe('localhost');
      const answer = await service.app.inject({ method: 'GET', url: pathname });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.headers['cache-control']).toContain('max-age=31536000');
      const picture = decodeImage(answer.rawPayload);
      expect(picture.width).toBe(album.body.images[index].width);
      const again = await service.app.inject({ method: 'GET', url: pathname, headers: { 'if-none-match': String(answer.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
  });

  it('need no token and answer 404 in the error shape for a name that is not a picture', async () => {
    for (const name of ['x-65.png', 'x-640.jpg', '..%2Fetc-640.png', `${'a'.repeat(65)}-640.png`]) {
      const answer = await service.app.inject({ method: 'GET', url: `/images/${name}` });
      expect(answer.statusCode).toBe(404);
      expect(JSON.parse(answer.body).error.status).toBe(404);
    }
  });
});

describe('the work anyone can cause (no token is asked for)', () => {
  it("makes pictures of the catalog's ids only: a made-up id is 404, and costs no drawing", async () => {
    for (const name of ['madeup1-640.png', 'Zz9-300.png', `${'b'.repeat(64)}-64.png`]) {
      const answer = await service.app.inject({ method: 'GET', url: `/images/${name}` });
      expect(answer.statusCode, name).toBe(404);
      expect(JSON.parse(answer.body).error.status).toBe(404);
    }
  });

  it('knows every id the catalog lists a picture for', () => {
    const listed = new Set<string>();
    for (const table of ['tracks', 'shows', 'episodes', 'audiobooks', 'chapters']) {
      for (const doc of service.db.prepare(`SELECT doc FROM ${table}`).pluck().all() as string[]) {
        for (const match of doc.matchAll(/\/images\/([A-Za-z0-9]+)-\d+\.png/g)) listed.add(match[1]!);
      }
    }
    for (const images of service.db.prepare('SELECT images FROM playlists').pluck().all() as string[]) {
      for (const match of images.matchAll(/\/images\/([A-Za-z0-9]+)-\d+\.png/g)) listed.add(match[1]!);
    }
    expect(listed.size).toBeGreaterThan(10);
    expect([...listed].filter((id) => !readPictureIds(service.db).has(id))).toEqual([]);
  });

  it('draws a bounded number of new pictures per client address in 30 s; the ones kept are still served', async () => {
    // The demo catalog: more pictures than the limit.
    const fresh = await createTestService({ db: openDatabase({ path: ':memory:' }) });
    try {
      const names = [...readPictureIds(fresh.db)].flatMap((id) => [`${id}-64.png`, `${id}-300.png`]);
      expect(names.length).toBeGreaterThan(PICTURES_MADE_PER_WINDOW);
      const statuses: number[] = [];
      for (const name of names.slice(0, PICTURES_MADE_PER_WINDOW + 1)) {
        statuses.push((await fresh.app.inject({ method: 'GET', url: `/images/${name}` })).statusCode);
      }
      expect(statuses.slice(0, PICTURES_MADE_PER_WINDOW).every((status) => status === 200)).toBe(true);
      const refused = await fresh.app.inject({ method: 'GET', url: `/images/${names[PICTURES_MADE_PER_WINDOW]}` });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(refused.body).error.status).toBe(429);
      expect((await fresh.app.inject({ method: 'GET', url: `/images/${names[PICTURES_MADE_PER_WINDOW - 1]}` })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
