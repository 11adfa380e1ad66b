import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../../src/service/start.js';
import { makeTone, missingFfmpeg } from '../../helpers/audio-files.js';
import { musicSandbox, startMusic, type MusicSandbox } from '../../helpers/music-folder.js';
import { createTestService } from '../../helpers/service.js';
import { sayWhySkipped } from '../../helpers/system-tools.js';

const why = missingFfmpeg();
sayWhySkipped("a music folder's database", why);

/** The music folder's own database: refused for the demo and the demo's for it; resume points as the demo's. */
describe.skipIf(why !== null)("a music folder's database", () => {
  let sandbox: MusicSandbox;
  beforeAll(async () => {
    sandbox = musicSandbox();
    makeTone(join(sandbox.music, 'Books/tale.m4b'), {
      seconds: 9,
      tags: { title: 'A Tale', artist: 'Writer' },
      chapters: [{ title: 'Opening', startMs: 0, endMs: 3000 }, { title: 'Middle', startMs: 3000, endMs: 6000 }, { title: 'End', startMs: 6000, endMs: 9000 }],
    });
    makeTone(join(sandbox.music, 'Podcasts/Talk/one.ogg'), { seconds: 2, tags: { title: 'One', date: '2022-01-01' } });
    const service = await startMusic(sandbox);
    await service.close();
  }, 60_000);
  afterAll(() => sandbox.remove());

  it('is refused without a music folder, and a demo database is refused with one, in one line each', { timeout: 60_000 }, async () => {
    await expect(startService({ db: sandbox.db, log: () => {} })).rejects.toThrow(/holds a music folder's catalog: start with --music DIR/);
    const demo = join(sandbox.root, 'demo.db');
    await (await startService({ db: demo, log: () => {}, catalogSize: { catalogTracks: 2_000, likedSongs: 10 } })).close();
    await expect(startService({ db: demo, log: () => {}, music: { folder: sandbox.music } })).rejects.toThrow(/holds the demo catalog, not a music folder's/);
    await expect(startService({ db: join(sandbox.root, 'x.db'), log: () => {}, music: { folder: join(sandbox.root, 'nowhere') } })).rejects.toThrow(/is not a folder/);
  });

  it("keeps an audiobook's and an episode's resume points, so that they are listened to again from there", { timeout: 60_000 }, async () => {
    let now = Date.UTC(2026, 0, 1);
    const service = await createTestService({ path: sandbox.db, now: () => now });
    try {
      const audiobook = (await service.get('/v1/me/audiobooks')).body.items[0].audiobook;
      const chapters = (await service.get(`/v1/audiobooks/${audiobook.id}/chapters`)).body.items;
      const play = await service.request({ method: 'PUT', url: '/v1/me/player/play', payload: { context_uri: audiobook.uri, offset: { uri: chapters[1].uri }, position_ms: 300 } });
      expect(play.status).toBe(204);
      now += 1_500;
      await service.request({ method: 'PUT', url: '/v1/me/player/pause' });
      const point = (await service.get(`/v1/chapters/${chapters[1].id}`)).body.resume_point;
      expect(point).toMatchObject({ fully_played: false, resume_position_ms: 1_800 });
      // Played again from the audiobook, it starts where it stopped.
      await service.request({ method: 'PUT', url: '/v1/me/player/play', payload: { context_uri: audiobook.uri, offset: { uri: chapters[1].uri } } });
      expect((await service.get('/v1/me/player')).body.progress_ms).toBe(1_800);

      const show = (await service.get('/v1/me/shows')).body.items[0].show;
      const episode = (await service.get(`/v1/shows/${show.id}/episodes`)).body.items[0];
      await service.request({ method: 'PUT', url: '/v1/me/player/play', payload: { context_uri: show.uri, offset: { position: 0 }, position_ms: 900 } });
      await service.request({ method: 'PUT', url: '/v1/me/player/pause' });
      expect((await service.get(`/v1/episodes/${episode.id}`)).body.resume_point).toMatchObject({ resume_position_ms: 900 });
    } finally {
      await service.close();
    }
  });
});
