import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withoutRemovedFields } from '../../src/service/dev-mode.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

let service: TestService;
beforeEach(async () => {
  service = await createTestService({ devMode: true });
});
afterEach(() => service.close());

describe('serve --dev-mode', () => {
  it('refuses the /tracks path of playlist items with 403 Forbidden; /items works for an owned playlist', async () => {
    const old = await service.get(`/v1/playlists/${ids.firstPlaylist}/tracks`);
    expect(old.status).toBe(403);
    expect(old.body).toEqual({ error: { status: 403, message: 'Forbidden' } });
    const put = await service.request({ method: 'PUT', url: `/v1/playlists/${ids.firstPlaylist}/tracks`, payload: { range_start: 0, insert_before: 2 } });
    expect(put.status).toBe(403);
    expect((await service.get(`/v1/playlists/${ids.firstPlaylist}/items`)).status).toBe(200);
    expect((await service.request({ method: 'PUT', url: `/v1/playlists/${ids.firstPlaylist}/items`, payload: { range_start: 0, insert_before: 2 } })).status).toBe(200);
  });

  it('refuses the items of a playlist the user neither owns nor collaborates on', async () => {
    expect((await service.get(`/v1/playlists/${ids.othersPlaylist}/items`)).status).toBe(403);
    expect((await service.get(`/v1/playlists/${ids.collaborativePlaylist}/items`)).status).toBe(200);
  });

  it('has no batch reads of tracks and chapters', async () => {
    expect((await service.get(`/v1/tracks?ids=${ids.track(1)}`)).status).toBe(403);
    expect((await service.get(`/v1/chapters?ids=${ids.chapter(1)}`)).status).toBe(403);
    expect((await service.get(`/v1/tracks/${ids.track(1)}`)).status).toBe(200);
  });

  it('refuses a percent-encoded path as it refuses the plain one: the route decides, not the spelling', async () => {
    for (const path of [
      `/v1/playlists/${ids.firstPlaylist}/%74racks`,
      `/v1/playlists/${ids.firstPlaylist}/%74%72%61%63%6B%73`,
      `/v1/%74racks?ids=${ids.track(1)}`,
      `/v1/%63hapters?ids=${ids.chapter(1)}`,
      // The version itself encoded: the router reads /v1/, so the refusals must too.
      `/%761/tracks?ids=${ids.track(1)}`,
      `/%76%31/chapters?ids=${ids.chapter(1)}`,
      `/%761/playlists/${ids.firstPlaylist}/tracks`,
      `/%761/playlists/${ids.othersPlaylist}/items`,
      `/v1/playlists/${encodeURIComponent(ids.othersPlaylist).replace(/^./, (first) => `%${first.charCodeAt(0).toString(16)}`)}/items`,
    ]) {
      const answer = await service.get(path);
      expect(answer.status, path).toBe(403);
    }
    const put = await service.request({ method: 'PUT', url: `/v1/playlists/${ids.firstPlaylist}/%74racks`, payload: { range_start: 0, insert_before: 2 } });
    expect(put.status).toBe(403);
    const saveOfType = await service.request({ method: 'PUT', url: `/%761/me/tracks?ids=${ids.track(1)}` });
    expect(saveOfType.status).toBe(403);
  });

  it('leaves the removed fields out of tracks, shows, audiobooks and chapters, at any depth', async () => {
    const track = (await service.get(`/v1/tracks/${ids.track(1)}`)).body;
    expect(track.name).toBeDefined();
    expect(track).not.toHaveProperty('available_markets');
    expect(track).not.toHaveProperty('popularity');
    expect(track.album.available_markets).toBeDefined();
    const chapter = (await service.get(`/v1/chapters/${ids.chapter(1)}`)).body;
    expect(chapter).not.toHaveProperty('available_markets');
    expect(chapter.audiobook).not.toHaveProperty('publisher');
    const show = (await service.get(`/v1/shows/${ids.show}`)).body;
    expect(show).not.toHaveProperty('publisher');
    expect(show.episodes.items.length).toBe(3);
    const items = (await service.get(`/v1/playlists/${ids.firstPlaylist}/items`)).body.items;
    expect(items[0].track).not.toHaveProperty('popularity');
    expect(withoutRemovedFields({ type: 'track', linked_from: {}, id: 'x' })).toEqual({ type: 'track', id: 'x' });
  });

  it('still answers 401 before anything else, and is off by default', async () => {
    expect((await service.get(`/v1/playlists/${ids.firstPlaylist}/tracks`, null)).status).toBe(401);
    const plain = await createTestService();
    expect((await plain.get(`/v1/playlists/${ids.firstPlaylist}/tracks`)).status).toBe(200);
    expect((await plain.get(`/v1/tracks/${ids.track(1)}`)).body.popularity).toBeDefined();
    await plain.close();
  });
});
