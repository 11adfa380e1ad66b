import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESUME_INTERVAL_MS } from '../../src/service/resume-tracker.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

const START = Date.UTC(2025, 0, 1, 12);
const CHAPTER_MS = 900_000;
const EPISODE_MS = 1_200_000;

let service: TestService;
let now: number;
beforeEach(async () => {
  now = START;
  service = await createTestService({ now: () => now });
});
afterEach(() => service.close());

const uri = (type: string, id: string) => `playdeck:${type}:${id}`;
const play = (body: object) => service.request({ method: 'PUT', url: '/v1/me/player/play', payload: body });
const command = (method: 'PUT' | 'POST', path: string) => service.request({ method, url: `/v1/me/player/${path}` });

/** The resume point of an episode as every body that carries one shows it: they must agree. */
async function episodePoint(episodeId: string) {
  const single = (await service.get(`/v1/episodes/${episodeId}`)).body.resume_point;
  const listed = (await service.get(`/v1/shows/${ids.show}/episodes`)).body.items.find((item: { id: string }) => item.id === episodeId).resume_point;
  const inShow = (await service.get(`/v1/shows/${ids.show}`)).body.episodes.items.find((item: { id: string }) => item.id === episodeId).resume_point;
  const inPlaylist = (await service.get(`/v1/playlists/${ids.mixedPlaylist}/items?additional_types=episode`)).body.items
    .map((entry: { item: { id: string; resume_point?: object } }) => entry.item)
    .find((item: { id: string }) => item?.id === episodeId)?.resume_point;
  expect(listed).toEqual(single);
  expect(inShow).toEqual(single);
  if (inPlaylist) expect(inPlaylist).toEqual(single);
  return single;
}

async function chapterPoint(chapterId: string) {
  const single = (await service.get(`/v1/chapters/${chapterId}`)).body.resume_point;
  const listed = (await service.get(`/v1/audiobooks/${ids.audiobook}/chapters`)).body.items.find((item: { id: string }) => item.id === chapterId).resume_point;
  const saved = (await service.get('/v1/me/audiobooks')).body.items[0].audiobook.chapters.items.find((item: { id: string }) => item.id === chapterId).resume_point;
  expect(listed).toEqual(single);
  expect(saved).toEqual(single);
  return single;
}

describe('resume points follow the player', () => {
  it('are written on pause, at once in every body, with when the item was played', async () => {
    // Read first, so that cached bodies exist and must be replaced.
    expect(await episodePoint(ids.episode(3))).toEqual({ fully_played: false, resume_position_ms: 0 });
    await play({ context_uri: uri('show', ids.show), offset: { uri: uri('episode', ids.episode(3)) } });
    now += 12_345;
    expect((await command('PUT', 'pause')).status).toBe(204);
    expect(await episodePoint(ids.episode(3))).toEqual({
      fully_played: false,
      resume_position_ms: 12_345,
      last_played_at: new Date(now).toISOString(),
    });
  });

  it('are written on seek and on a change of item', async () => {
    await play({ context_uri: uri('show', ids.show), offset: { position: 0 } });
    now += 5_000;
    await command('PUT', `seek?position_ms=600000`);
    expect((await episodePoint(ids.episode(3))).resume_position_ms).toBe(600_000);
    now += 10_000;
    await command('POST', 'next');
    expect((await episodePoint(ids.episode(3))).resume_position_ms).toBe(610_000);
    expect((await episodePoint(ids.episode(2))).last_played_at).toBe(new Date(now).toISOString());
  });

  it('advance every 30 s of playing as the clock runs, and never more than once a second', async () => {
    await play({ context_uri: uri('audiobook', ids.audiobook), offset: { position: 0 } });
    now += RESUME_INTERVAL_MS - 1;
    service.context.playback.tick(now);
    expect((await chapterPoint(ids.chapter(1))).resume_position_ms).toBe(0);
    now += 1;
    service.context.playback.tick(now);
    expect((await chapterPoint(ids.chapter(1))).resume_position_ms).toBe(RESUME_INTERVAL_MS);

    // A pause within a second of the last write waits for the second to pass.
    now += 400;
    await command('PUT', 'pause');
    expect((await chapterPoint(ids.chapter(1))).resume_position_ms).toBe(RESUME_INTERVAL_MS);
    now += 600;
    service.context.playback.tick(now);
    expect((await chapterPoint(ids.chapter(1))).resume_position_ms).toBe(RESUME_INTERVAL_MS + 400);
  });

  it('mark the item fully played at its end, and the next item starts at its own resume point', async () => {
    await play({ context_uri: uri('audiobook', ids.audiobook), offset: { position: 0 }, position_ms: CHAPTER_MS - 10_000 });
    now += 10_000;
    service.context.playback.tick(now);
    expect(await chapterPoint(ids.chapter(1))).toMatchObject({ fully_played: true, resume_position_ms: 0 });
    const body = (await service.get('/v1/me/player?additional_types=episode')).body;
    expect(body.item.id).toBe(ids.chapter(2));
    expect((await chapterPoint(ids.chapter(2))).last_played_at).toBe(new Date(now).toISOString());
  });

  it('reaching the end of the last item marks it played and leaves the first unplayed', async () => {
    await play({ uris: [uri('episode', ids.episode(2))], position_ms: EPISODE_MS - 1_000 });
    now += 5_000;
    service.context.playback.tick(now);
    expect(await episodePoint(ids.episode(2))).toMatchObject({ fully_played: true, resume_position_ms: 0 });
    const body = (await service.get('/v1/me/player?additional_types=episode')).body;
    expect(body).toMatchObject({ is_playing: false, progress_ms: 0 });
  });

  it('show the item playing in the playback state with its new resume point', async () => {
    await play({ context_uri: uri('show', ids.show), offset: { position: 0 } });
    now += 3_000;
    await command('PUT', 'pause');
    const body = (await service.get('/v1/me/player?additional_types=episode')).body;
    expect(body.item.resume_point.resume_position_ms).toBe(3_000);
  });
});
