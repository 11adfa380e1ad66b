/**
 * The device's volume (`PUT /me/player/volume`). Apart from player.ts while the `Api` interface and its
 * in-memory fake do not have it yet: `createApi` adds it, typed as `Api & VolumeApi`.
 */
import type { RequestOptions } from './api.js';
import { invalidArgument } from './map-error.js';
import type { Caller } from './request.js';

export interface VolumeApi {
  /** Sets the active device's volume, 0–100. */
  setVolume(percent: number, options?: RequestOptions): Promise<void>;
}

export function volumeApi(caller: Caller): VolumeApi {
  return {
    setVolume: async (percent, options = {}) => {
      if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
        throw invalidArgument(`Invalid volume ${String(percent)}: must be an integer from 0 to 100`);
      }
      // `once`, as every player command: a volume sent twice is harmless, but a retry after a timeout could
      // land after a newer value.
      await caller.send(
        { method: 'PUT', path: 'me/player/volume', query: { volume_percent: percent }, policy: 'once', signal: options.signal },
        () => undefined,
      );
    },
  };
}
