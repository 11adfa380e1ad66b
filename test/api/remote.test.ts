/** Devices, volume and the queue against the real embedded service. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/api.js';
import { createApi, isApiError, staticToken } from '../../src/api/index.js';
import { useService } from './service-fixture.js';

const service = useService();
let api: Api;

const rejection = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

beforeAll(() => {
  api = createApi({ baseUrl: service.current.baseUrl, tokens: staticToken(service.current.accessToken) });
});

describe('devices and volume', () => {
  it('lists the devices with their volume, active and restricted flags', async () => {
    const devices = await api.getDevices();
    expect(devices.map((device) => device.type)).toEqual(['Computer', 'Speaker', 'Automobile']);
    expect(devices.filter((device) => device.is_active)).toHaveLength(1);
    expect(devices[1]!.volume_percent).toBeNull();
    expect(devices[2]!.is_restricted).toBe(true);
  });

  it('sets the volume and moves playback to the speaker, where volume is refused', async () => {
    const [computer, speaker, car] = await api.getDevices();
    await api.setVolume(45);
    expect((await api.getPlaybackState())?.device.volume_percent).toBe(45);

    const refused = await rejection(api.transferPlayback(car!.id!));
    expect(isApiError(refused) && refused.kind).toBe('forbidden');
    await api.transferPlayback(speaker!.id!);
    expect((await api.getPlaybackState())?.device.name).toBe(speaker!.name);
    const noVolume = await rejection(api.setVolume(50));
    expect(isApiError(noVolume) && noVolume.details.reason).toBe('VOLUME_CONTROL_DISALLOW');

    await api.transferPlayback(computer!.id!, true);
    const back = await api.getPlaybackState();
    expect(back?.device.volume_percent).toBe(45);
    expect(back?.is_playing).toBe(true);
  });

  it('refuses a volume out of range and an unknown device before or at the service', async () => {
    expect(isApiError(await rejection(api.setVolume(101)))).toBe(true);
    const vanished = await rejection(api.transferPlayback('no-such-device'));
    expect(isApiError(vanished) && vanished.kind).toBe('not-found');
  });
});

describe('queue', () => {
  it('puts an added track first in the queue', async () => {
    const before = await api.getQueue();
    const last = before.queue.at(-1)!;
    await api.addToQueue(last.uri);
    const after = await api.getQueue();
    expect(after.queue[0]!.id).toBe(last.id);
    expect(after.currentlyPlaying?.id).toBe(before.currentlyPlaying?.id);
  });

  it('refuses a uri that is not a track or an episode', async () => {
    const refused = await rejection(api.addToQueue('playdeck:playlist:abc'));
    expect(isApiError(refused) && refused.kind).toBe('bad-request');
  });
});
