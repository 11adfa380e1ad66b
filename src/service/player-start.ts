/** The embedded player's device and its first state: what a new start of the player is (player.ts moves it on). */
import { hashString, mix32 } from './player-order.js';
import type { PlayerDevice, PlayerState } from './player.js';

export const DEFAULT_DEVICE_NAME = 'playdeck web player';
const DEFAULT_VOLUME_PERCENT = 70;
/** A 40-hex-digit device id, as the real service's look, stable for a device name. */
export function deviceIdFor(name: string): string {
  let hash = hashString(name);
  let id = '';
  for (let part = 0; part < 5; part++) {
    hash = mix32(hash + part);
    id += hash.toString(16).padStart(8, '0');
  }
  return id;
}

/** A device playing item 0 of the context from 0 ms (paused with no item when the context is empty). */
export function initialPlayerState(opts: {
  contextUri: string;
  length: number;
  now: number;
  deviceName?: string;
  /** The device to play on (a new start keeps the device it was playing on). */
  device?: PlayerDevice;
}): PlayerState {
  const name = opts.deviceName ?? DEFAULT_DEVICE_NAME;
  const hasItem = opts.length > 0;
  return {
    device: opts.device ?? {
      id: deviceIdFor(name),
      is_active: true,
      is_private_session: false,
      is_restricted: false,
      name,
      type: 'computer',
      volume_percent: DEFAULT_VOLUME_PERCENT,
      supports_volume: true,
    },
    contextUri: opts.contextUri,
    contextLength: Math.max(0, opts.length),
    index: hasItem ? 0 : -1,
    durationMs: 0,
    isPlaying: hasItem,
    progressMs: 0,
    changedAt: opts.now,
    shuffle: false,
    shuffleSeed: hashString(opts.contextUri),
    shuffleStart: 0,
    repeat: 'off',
  };
}
