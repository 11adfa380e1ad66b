import { ApiError } from '../../src/api/errors.js';
import type { Device } from '../../src/api/types.js';
import { FAKE_DEVICE } from './fake-player.js';

/** The fake's devices: the one playing, a speaker without volume and a restricted car stereo. */
export const FAKE_DEVICES: readonly Device[] = [
  FAKE_DEVICE,
  { id: 'device-2', name: 'Kitchen speaker', type: 'Speaker', volume_percent: null, is_active: false,
    is_private_session: false, is_restricted: false, supports_volume: false },
  { id: 'device-3', name: 'Car stereo', type: 'Automobile', volume_percent: 40, is_active: false,
    is_private_session: false, is_restricted: true, supports_volume: true },
];

export class FakeDevices {
  private devices: Device[] = [...FAKE_DEVICES];
  /** The last list handed out, kept while nothing changes (as a 304 would). */
  private listed: Device[] | null = null;

  list(activeId: string | null, activeVolume: number | null): Device[] {
    const devices = this.devices.map((device) =>
      device.id === activeId ? { ...device, is_active: true, volume_percent: activeVolume } : { ...device, is_active: false },
    );
    if (this.listed && JSON.stringify(this.listed) === JSON.stringify(devices)) return this.listed;
    this.listed = devices;
    return devices;
  }

  /** The device a transfer goes to; refuses as the service does. */
  target(deviceId: string): Device {
    const device = this.devices.find((candidate) => candidate.id === deviceId);
    if (!device) throw new ApiError('not-found', 'Device not found', { status: 404 });
    if (device.is_restricted) {
      throw new ApiError('forbidden', 'Player command failed: Restriction violated', { status: 403, reason: 'DEVICE_NOT_CONTROLLABLE' });
    }
    return { ...device, is_active: true };
  }

  /** Remembers the volume of the device being left. */
  remember(device: Device): void {
    this.devices = this.devices.map((candidate) => (candidate.id === device.id ? { ...device, is_active: false } : candidate));
  }

  remove(deviceId: string): void {
    this.devices = this.devices.filter((device) => device.id !== deviceId);
  }
}
