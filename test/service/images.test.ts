import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from '../../src/ui/art/decode.js';
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
