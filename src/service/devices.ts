import type { PlayerDevice, PlayerState } from './player.js';
import { DEFAULT_DEVICE_NAME, deviceIdFor } from './player-start.js';

/**
 * The demo user's devices, the same for every user and every start (ids from their names): the web player
 * (the default, with volume), a speaker without volume control, and a restricted device that refuses commands.
 */
const DEVICES: readonly PlayerDevice[] = [
  device(DEFAULT_DEVICE_NAME, 'computer', { volume: 70 }),
  device('Kitchen speaker', 'speaker', { volume: null }),
  device('Car stereo', 'automobile', { volume: null, restricted: true }),
];

function device(name: string, type: string, options: { volume: number | null; restricted?: boolean }): PlayerDevice {
  return {
    id: deviceIdFor(name),
    is_active: false,
    is_private_session: false,
    is_restricted: options.restricted ?? false,
    name,
    type,
    volume_percent: options.volume,
    supports_volume: options.volume !== null,
  };
}

/** The devices the player can play on: the demo's three, or a sound engine's outputs (sound/outputs.ts). */
export interface DeviceList {
  all(): readonly PlayerDevice[];
}

export const DEMO_DEVICES: DeviceList = { all: () => DEVICES };

export function knownDevice(id: string, devices: DeviceList = DEMO_DEVICES): PlayerDevice | null {
  return devices.all().find((candidate) => candidate.id === id) ?? null;
}

/** Every device as `GET /me/player/devices` lists it: the active one as the player has it (its volume). */
export function devicesOf(state: PlayerState | null, devices: DeviceList = DEMO_DEVICES): PlayerDevice[] {
  return devices.all().map((listed) => {
    if (state?.device.id === listed.id) return { ...state.device, is_active: true };
    const volume = listed.supports_volume ? (state?.volumes?.[listed.id] ?? listed.volume_percent) : null;
    return { ...listed, volume_percent: volume };
  });
}

/** The state playing on `target` from now on, its position kept; the volume of the device left remembered. */
export function transferred(state: PlayerState, target: PlayerDevice): PlayerState {
  if (state.device.id === target.id) return state;
  const volumes = { ...state.volumes };
  if (state.device.supports_volume && state.device.volume_percent !== null) volumes[state.device.id] = state.device.volume_percent;
  const volume = target.supports_volume ? (volumes[target.id] ?? target.volume_percent) : null;
  return { ...state, volumes, device: { ...target, is_active: true, volume_percent: volume } };
}

/** The first device listed, made active: where a player's first start plays (a sound engine's output first). */
export function firstDevice(devices: DeviceList): { device?: PlayerDevice } {
  const first = devices.all()[0];
  return first ? { device: { ...first, is_active: true } } : {};
}
