/**
 * The user's devices (`GET /me/player/devices`), moving playback between them (`PUT /me/player`) and the
 * active device's volume (`PUT /me/player/volume`).
 */
import type { Api, RequestOptions } from './api.js';
import { isObject, toList } from './coerce.js';
import { invalidArgument } from './map-error.js';
import { normalizeDevice } from './normalize-player.js';
import type { Caller } from './request.js';

type DevicesApi = Pick<Api, 'getDevices' | 'transferPlayback' | 'setVolume'>;

export function devicesApi(caller: Caller): DevicesApi {
  return {
    getDevices: async (options: RequestOptions = {}) =>
      caller.get({ path: 'me/player/devices', signal: options.signal }, (body, unreadable) =>
        isObject(body) ? toList(body.devices, (device) => (isObject(device) ? normalizeDevice(device) : null))
          : unreadable('expected an object with a devices list'),
      ),
    transferPlayback: async (deviceId, play, options = {}) => {
      if (typeof deviceId !== 'string' || deviceId === '') throw invalidArgument('Invalid device id: must not be empty');
      const json = play === undefined ? { device_ids: [deviceId] } : { device_ids: [deviceId], play };
      await caller.send({ method: 'PUT', path: 'me/player', json, policy: 'once', signal: options.signal }, () => undefined);
    },
    setVolume: async (percent, options = {}) => {
      if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
        throw invalidArgument(`Invalid volume ${String(percent)}: must be an integer from 0 to 100`);
      }
      // `once`, as every player command: a retry after a timeout could land after a newer value.
      await caller.send(
        { method: 'PUT', path: 'me/player/volume', query: { volume_percent: percent }, policy: 'once', signal: options.signal },
        () => undefined,
      );
    },
  };
}
