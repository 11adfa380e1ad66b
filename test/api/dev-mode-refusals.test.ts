/** The real service's refusals to a development-mode app, said in plain words (against `serve --dev-mode`). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, staticToken } from '../../src/api/index.js';
import { FOLLOWED_PLAYLIST_REFUSED } from '../../src/api/refusals.js';
import { startService, type RunningService } from '../../src/service/start.js';
import { readable } from '../helpers/readable.js';

let service: RunningService;

beforeAll(async () => {
  service = await startService({ port: 0, db: ':memory:', devMode: true });
});

afterAll(async () => {
  await service.close();
});

describe('a followed playlist on a development-mode service', () => {
  it('says why its items are refused, and stays in the list beside the owned ones', async () => {
    const api = createApi({ baseUrl: service.baseUrl, tokens: staticToken(service.accessToken) });
    const me = await api.getMe();
    const playlists = readable((await api.getMyPlaylists({ offset: 0, limit: 50 })).items);
    const followed = playlists.find((playlist) => playlist.owner.id !== me.id && !playlist.collaborative);
    const owned = playlists.find((playlist) => playlist.owner.id === me.id);
    expect(followed).toBeDefined();
    expect(owned).toBeDefined();
    await expect(api.getPlaylistItems(followed!.id, { offset: 0, limit: 10 })).rejects.toMatchObject({ kind: 'forbidden', message: FOLLOWED_PLAYLIST_REFUSED });
    expect((await api.getPlaylistItems(owned!.id, { offset: 0, limit: 10 })).items.length).toBeGreaterThan(0);
    expect(readable((await api.getMyPlaylists({ offset: 0, limit: 50 })).items).map((playlist) => playlist.id)).toContain(followed!.id);
  });
});
