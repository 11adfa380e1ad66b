/**
 * mpv's audio outputs as the player's devices (decisions §20): `GET /me/player/devices` lists them, a transfer
 * sets mpv's `audio-device`. Ids are derived from mpv's device names, so a device keeps its id across starts.
 */
import { sanitizeText } from '../../text/sanitize.js';
import type { DeviceList } from '../devices.js';
import type { PlayerDevice } from '../player.js';
import { deviceIdFor } from '../player-start.js';

/** An entry of mpv's `audio-device-list`. */
export interface MpvDevice {
  name: string;
  description: string;
}

/** mpv's own choice of output: the system's default. */
export const AUTO_DEVICE = 'auto';

/** A device's id: stable for an mpv device name, apart from the demo devices' ids. */
export function outputIdFor(mpvName: string): string {
  return deviceIdFor(`mpv:${mpvName}`);
}

/** What mpv's `audio-device-list` holds, as far as it is a list of devices. */
export function mpvDevicesOf(data: unknown): MpvDevice[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry: unknown) => {
    const { name, description } = (entry ?? {}) as { name?: unknown; description?: unknown };
    return typeof name === 'string' && name !== '' ? [{ name, description: typeof description === 'string' ? description : name }] : [];
  });
}

/**
 * The outputs offered: mpv's automatic choice and the devices of the first audio driver it lists after it (the
 * one its automatic choice uses: PipeWire, PulseAudio or ALSA, whichever answers). mpv also lists every other
 * driver it was built with, each with the same devices again, and ALSA's plugins: offering those would bury the
 * few real outputs. Names are mpv's descriptions, sanitised; two alike are told apart by mpv's name.
 */
export class Outputs implements DeviceList {
  private devices: PlayerDevice[] = [];
  private readonly names = new Map<string, string>();

  /** Takes mpv's list; `volumePercent` is the volume a device not played on yet starts at (what is heard now). */
  update(listed: readonly MpvDevice[], volumePercent: number): void {
    const driverOf = (name: string) => name.split('/', 1)[0]!;
    const driver = driverOf(listed.find((device) => device.name !== AUTO_DEVICE)?.name ?? AUTO_DEVICE);
    const kept = listed.filter((device) => device.name === AUTO_DEVICE || (driverOf(device.name) === driver && !isAlsaPlugin(device.name)));
    const described = kept.map((device) => sanitizeText(device.description).trim() || sanitizeText(device.name));
    this.names.clear();
    this.devices = kept.map((device, place) => {
      const id = outputIdFor(device.name);
      this.names.set(id, device.name);
      const isAlike = described.filter((name) => name === described[place]).length > 1;
      return {
        id,
        is_active: false,
        is_private_session: false,
        is_restricted: false,
        name: isAlike ? `${described[place]} (${sanitizeText(device.name)})` : described[place]!,
        type: device.name === AUTO_DEVICE ? 'computer' : 'speaker',
        volume_percent: volumePercent,
        supports_volume: true,
      };
    });
  }

  all(): readonly PlayerDevice[] {
    return this.devices;
  }

  /** mpv's name of the device with this id, or null when it is not one of mpv's. */
  mpvNameOf(id: string): string | null {
    return this.names.get(id) ?? null;
  }

  /** The device of an mpv name, or null when mpv does not list it. */
  deviceOf(mpvName: string): PlayerDevice | null {
    return this.devices.find((device) => device.id === outputIdFor(mpvName)) ?? null;
  }
}

/** ALSA's converters and bridges (`alsa/lavrate`, `alsa/jack`…): its outputs name a card (`alsa/front:CARD=PCH,DEV=0`). */
function isAlsaPlugin(name: string): boolean {
  return name.startsWith('alsa/') && !name.includes('CARD=');
}
