import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestService, ids, type TestService } from '../helpers/service.js';

const START = Date.UTC(2025, 0, 1, 12);
// Fixture durations: track n lasts 180 s + n s.
const FIRST_TRACK_MS = 181_000;

let service: TestService;
let now: number;
beforeEach(async () => {
  now = START;
  service = await createTestService({ now: () => now });
});
afterEach(() => service.close());

const command = (method: 'PUT' | 'POST', path: string, token?: string) =>
  service.request({ method, url: `/v1/me/player/${path}`, token });

describe('Get Playback State', () => {
  it('the demo user starts playing their first playlist, advancing in real time', async () => {
    now = START + 5_000;
    const response = await service.get('/v1/me/player');
    expect(response.status).toBe(200);
    expect(response.headers.etag).toBeUndefined();
    expect(response.body).toMatchObject({
      is_playing: true,
      progress_ms: 5_000,
      timestamp: START,
      currently_playing_type: 'track',
      repeat_state: 'off',
      shuffle_state: false,
      item: { id: ids.track(1), type: 'track' },
      context: { type: 'playlist', uri: `playdeck:playlist:${ids.firstPlaylist}` },
      device: { is_active: true, type: 'computer' },
    });
    expect(response.body.actions).toMatchObject({ pausing: true, resuming: false, seeking: true, skipping_next: true });
    expect(response.body.actions.disallows).toMatchObject({ resuming: true });
    expect(response.body.actions.disallows.pausing).toBeUndefined();

    now = START + FIRST_TRACK_MS + 1_000;
    const later = await service.get('/v1/me/player');
    expect(later.body).toMatchObject({ item: { id: ids.track(2) }, progress_ms: 1_000, timestamp: START + FIRST_TRACK_MS });
  });

  it('204 with no body for a user with no active device', async () => {
    const response = await service.get('/v1/me/player', service.tokenFor({ userId: ids.other }));
    expect(response.status).toBe(204);
    expect(response.raw).toBe('');
  });

  it('an episode playing is item null unless additional_types includes episode (decisions §8)', async () => {
    const play = await service.request({
      method: 'PUT',
      url: '/v1/me/player/play',
      payload: { context_uri: `playdeck:playlist:${ids.mixedPlaylist}`, offset: { position: 1 }, position_ms: 2_000 },
    });
    expect(play.status).toBe(204);
    const hidden = await service.get('/v1/me/player');
    expect(hidden.body).toMatchObject({ item: null, currently_playing_type: 'episode', progress_ms: 2_000 });
    const shown = await service.get('/v1/me/player?additional_types=track,episode');
    expect(shown.body).toMatchObject({ item: { id: ids.episode(1), type: 'episode' }, currently_playing_type: 'episode' });
  });

  it('needs user-read-playback-state', async () => {
    const token = service.tokenFor({ scopes: ['user-modify-playback-state'] });
    expect((await service.get('/v1/me/player', token)).status).toBe(403);
  });
});

describe('playback commands', () => {
  it('pause, then a second pause is refused with a reason, and actions agree', async () => {
    now += 10_000;
    expect((await command('PUT', 'pause')).status).toBe(204);
    now += 10_000;
    const paused = await service.get('/v1/me/player');
    expect(paused.body).toMatchObject({ is_playing: false, progress_ms: 10_000, timestamp: START + 10_000 });
    expect(paused.body.actions).toMatchObject({ pausing: false, resuming: true });
    const again = await command('PUT', 'pause');
    expect(again.status).toBe(403);
    expect(again.body.error).toMatchObject({ status: 403, reason: 'ALREADY_PAUSED' });
    expect((await command('PUT', 'play')).status).toBe(204);
    expect((await service.get('/v1/me/player')).body.is_playing).toBe(true);
  });

  it('next and previous move through the context', async () => {
    expect((await command('POST', 'next')).status).toBe(204);
    expect((await service.get('/v1/me/player')).body.item.id).toBe(ids.track(2));
    expect((await command('POST', 'previous')).status).toBe(204);
    expect((await service.get('/v1/me/player')).body.item.id).toBe(ids.track(1));
  });

  it('seek, shuffle and repeat take query parameters', async () => {
    expect((await command('PUT', 'seek?position_ms=60000')).status).toBe(204);
    expect((await service.get('/v1/me/player')).body.progress_ms).toBe(60_000);
    expect((await command('PUT', 'shuffle?state=true')).status).toBe(204);
    expect((await command('PUT', 'repeat?state=context')).status).toBe(204);
    const state = (await service.get('/v1/me/player')).body;
    expect(state).toMatchObject({ shuffle_state: true, repeat_state: 'context' });
  });

  it.each([
    ['seek', 'Missing required parameter: position_ms'],
    ['seek?position_ms=-1', 'Invalid position_ms: must be an integer from 0 to 9007199254740991'],
    ['shuffle?state=yes', 'Invalid state: must be true or false'],
    ['repeat?state=all', 'Invalid state: must be track, context or off'],
    ['repeat?state=off&state=track', 'Invalid state: given more than once'],
  ])('400 for %s', async (path, message) => {
    const response = await command('PUT', path);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
  });

  it('400 for a play body naming an unknown playlist', async () => {
    const response = await service.request({ method: 'PUT', url: '/v1/me/player/play', payload: { context_uri: 'playdeck:playlist:nope' } });
    expect(response.status).toBe(400);
  });

  it('404 NO_ACTIVE_DEVICE for a user with no device; play with a context starts one', async () => {
    const token = service.tokenFor({ userId: ids.other });
    const refused = await command('PUT', 'pause', token);
    expect(refused.status).toBe(404);
    expect(refused.body.error.reason).toBe('NO_ACTIVE_DEVICE');
    const started = await service.request({
      method: 'PUT',
      url: '/v1/me/player/play',
      token,
      payload: { context_uri: `playdeck:playlist:${ids.othersPlaylist}` },
    });
    expect(started.status).toBe(204);
    expect((await service.get('/v1/me/player', token)).body.item.id).toBe(ids.track(20));
  });

  it('needs user-modify-playback-state', async () => {
    const token = service.tokenFor({ scopes: ['user-read-playback-state'] });
    expect((await command('PUT', 'pause', token)).status).toBe(403);
  });

  it('the state is kept in SQLite', async () => {
    await command('PUT', 'pause');
    const row = service.db.prepare('SELECT state FROM player_states WHERE user_id = ?').get(ids.demo) as { state: string };
    expect(JSON.parse(row.state)).toMatchObject({ isPlaying: false });
  });
});

describe('the player follows playlist edits', () => {
  it('keeps playing the same item when it moves', async () => {
    now += 30_000;
    const move = await service.request({ method: 'PUT', url: `/v1/playlists/${ids.firstPlaylist}/tracks`, payload: { range_start: 0, insert_before: 3 } });
    expect(move.status).toBe(200);
    now += 1_000;
    const state = (await service.get('/v1/me/player')).body;
    expect(state).toMatchObject({ item: { id: ids.track(1) }, progress_ms: 31_000 });
    await command('POST', 'next');
    expect((await service.get('/v1/me/player')).body.item.id).toBe(ids.track(4));
  });

  it('starts the item now at its place when the playing one is replaced', async () => {
    now += 30_000;
    await service.request({ method: 'PUT', url: `/v1/playlists/${ids.firstPlaylist}/tracks`, payload: { uris: [`playdeck:track:${ids.track(9)}`] } });
    const state = (await service.get('/v1/me/player')).body;
    expect(state).toMatchObject({ item: { id: ids.track(9) }, progress_ms: 0, timestamp: now });
  });
});
