import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestService, ids, type TestService } from '../helpers/service.js';

const START = Date.UTC(2025, 0, 1, 12);
// Fixture durations: track n lasts 180 s + n s.
const trackMs = (n: number) => 180_000 + n * 1_000;

let service: TestService;
let now: number;
beforeEach(async () => {
  now = START;
  service = await createTestService({ now: () => now });
});
afterEach(() => service.close());

const uri = (type: string, id: string) => `playdeck:${type}:${id}`;
const request = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => service.request({ method, url, payload });
const state = async () => (await service.get('/v1/me/player?additional_types=episode')).body;
const devices = async () => (await service.get('/v1/me/player/devices')).body.devices as { id: string; name: string; is_active: boolean; is_restricted: boolean; supports_volume: boolean; volume_percent: number | null }[];

describe('devices', () => {
  it('lists the web player (active), a speaker without volume and a restricted device, with stable ids', async () => {
    const listed = await devices();
    expect(listed.map((device) => [device.is_active, device.supports_volume, device.is_restricted])).toEqual([
      [true, true, false],
      [false, false, false],
      [false, false, true],
    ]);
    expect(listed[0]!.id).toBe((await state()).device.id);
    expect(listed[1]!.volume_percent).toBeNull();
    const again = await createTestService();
    expect((await again.get('/v1/me/player/devices')).body.devices.map((device: { id: string }) => device.id)).toEqual(listed.map((device) => device.id));
    await again.close();
  });

  it('transfers playback keeping the position, and plays there when asked', async () => {
    const [web, speaker] = await devices();
    now += 10_000;
    await request('PUT', '/v1/me/player/pause');
    now += 5_000;
    expect((await request('PUT', '/v1/me/player', { device_ids: [speaker!.id] })).status).toBe(204);
    expect(await state()).toMatchObject({ device: { id: speaker!.id, is_active: true }, progress_ms: 10_000, is_playing: false });
    expect((await devices()).map((device) => device.is_active)).toEqual([false, true, false]);

    expect((await request('PUT', '/v1/me/player', { device_ids: [web!.id], play: true })).status).toBe(204);
    now += 1_000;
    expect(await state()).toMatchObject({ device: { id: web!.id, volume_percent: 70 }, progress_ms: 11_000, is_playing: true });
  });

  it('refuses bad transfers: not one id, an unknown device, a restricted one', async () => {
    const [web, , restricted] = await devices();
    for (const body of [{}, { device_ids: [] }, { device_ids: [web!.id, web!.id] }, { device_ids: web!.id }, { device_ids: [web!.id], play: 'yes' }]) {
      const response = await request('PUT', '/v1/me/player', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.message).toMatch(/device_ids|play/);
    }
    expect((await request('PUT', '/v1/me/player', { device_ids: ['0'.repeat(40)] })).status).toBe(404);
    const refused = await request('PUT', '/v1/me/player', { device_ids: [restricted!.id] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.reason).toBe('DEVICE_NOT_CONTROLLABLE');
    expect((await state()).device.id).toBe(web!.id);
  });
});

describe('volume', () => {
  it('sets 0-100 on a device with volume, and the state follows', async () => {
    for (const volume of [0, 100, 35]) {
      expect((await request('PUT', `/v1/me/player/volume?volume_percent=${volume}`)).status).toBe(204);
      expect((await state()).device.volume_percent).toBe(volume);
    }
    expect((await devices())[0]!.volume_percent).toBe(35);
  });

  it('refuses values that are not integers from 0 to 100', async () => {
    for (const query of ['', '?volume_percent=101', '?volume_percent=-1', '?volume_percent=5.5', '?volume_percent=x', '?volume_percent=1&volume_percent=2']) {
      const response = await request('PUT', `/v1/me/player/volume${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.message).toMatch(/volume_percent/);
    }
    expect((await state()).device.volume_percent).toBe(70);
  });

  it('refuses a device without volume with VOLUME_CONTROL_DISALLOW, and remembers the web player volume', async () => {
    const [web, speaker] = await devices();
    await request('PUT', '/v1/me/player/volume?volume_percent=40');
    await request('PUT', '/v1/me/player', { device_ids: [speaker!.id] });
    const refused = await request('PUT', '/v1/me/player/volume?volume_percent=50');
    expect(refused.status).toBe(403);
    expect(refused.body.error.reason).toBe('VOLUME_CONTROL_DISALLOW');
    expect((await state()).device.volume_percent).toBeNull();
    expect((await devices())[0]!.volume_percent).toBe(40);
    await request('PUT', '/v1/me/player', { device_ids: [web!.id] });
    expect((await state()).device.volume_percent).toBe(40);
  });
});

describe('queue', () => {
  const queueIds = async () => {
    const body = (await service.get('/v1/me/player/queue')).body;
    return { current: body.currently_playing?.id, next: body.queue.map((item: { id: string }) => item.id) as string[] };
  };

  it('lists what follows in the context, ending with it unless repeat context', async () => {
    // The first playlist holds tracks 1-5 (fixture).
    await request('PUT', '/v1/me/player/play', { context_uri: uri('playlist', ids.firstPlaylist), offset: { position: 3 } });
    const off = await queueIds();
    expect(off.current).toBe(ids.track(4));
    // Then track 5 and two more entries: the playlist has seven.
    expect(off.next[0]).toBe(ids.track(5));
    expect(off.next.length).toBe(3);
    await request('PUT', '/v1/me/player/repeat?state=context');
    const wrapped = await queueIds();
    expect(wrapped.next.length).toBe(20);
    expect(wrapped.next.slice(0, 3)).toEqual(off.next);
    expect(wrapped.next[3]).toBe(ids.track(1));
  });

  it('follows the shuffled play order', async () => {
    await request('PUT', '/v1/me/player/shuffle?state=true');
    const { next } = await queueIds();
    for (const expected of next.slice(0, 3)) {
      await request('POST', '/v1/me/player/next');
      expect((await state()).item.id).toBe(expected);
    }
  });

  it('plays added items first, in the order added, and drops them as they play', async () => {
    expect((await request('POST', `/v1/me/player/queue?uri=${uri('episode', ids.episode(2))}`)).status).toBe(204);
    expect((await request('POST', `/v1/me/player/queue?uri=${uri('track', ids.track(4))}`)).status).toBe(204);
    const before = await queueIds();
    expect(before.next.slice(0, 3)).toEqual([ids.episode(2), ids.track(4), ids.track(2)]);

    await request('POST', '/v1/me/player/next');
    const playing = await queueIds();
    expect(playing.current).toBe(ids.episode(2));
    expect(playing.next.slice(0, 2)).toEqual([ids.track(4), ids.track(2)]);
    // The added track follows at the end of the episode, with the clock; then the context goes on.
    now += 1_200_000;
    expect((await state()).item.id).toBe(ids.track(4));
    now += trackMs(4);
    expect((await state()).item.id).toBe(ids.track(2));
    expect((await queueIds()).next[0]).toBe(ids.track(3));
  });

  it('refuses a missing or bad uri, an unknown item and one unavailable in the market', async () => {
    const cases: [string, number][] = [
      ['', 400],
      [`?uri=${uri('chapter', ids.chapter(1))}`, 400],
      [`?uri=${uri('playlist', ids.firstPlaylist)}`, 400],
      ['?uri=nonsense', 400],
      [`?uri=${uri('track', 'Z'.repeat(22))}`, 404],
      [`?uri=${uri('episode', ids.usOnlyEpisode)}`, 403],
    ];
    for (const [query, status] of cases) {
      const response = await request('POST', `/v1/me/player/queue${query}`);
      expect(response.status, query).toBe(status);
      expect(response.body.error.status).toBe(status);
    }
    expect((await queueIds()).next[0]).toBe(ids.track(2));
  });
});
