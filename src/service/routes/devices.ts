import { devicesOf, knownDevice, transferred } from '../devices.js';
import { ServiceError, badRequest } from '../errors.js';
import { sendJson, userOf } from '../http.js';
import { integerParam, single, type Query } from '../params.js';
import { plainRoute } from './route.js';

const noActiveDevice = () => new ServiceError(404, 'Player command failed: No active device found', 'NO_ACTIVE_DEVICE');

/** Transfer's body: `device_ids` with exactly one known, unrestricted device; `play` a boolean when given. */
function transferOf(body: unknown): { deviceId: string; play: boolean | undefined } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Invalid request body: expected a JSON object');
  const { device_ids: deviceIds, play } = body as { device_ids?: unknown; play?: unknown };
  if (!Array.isArray(deviceIds) || deviceIds.length !== 1 || typeof deviceIds[0] !== 'string') {
    throw badRequest('Invalid device_ids: must be an array of exactly one device id');
  }
  if (play !== undefined && typeof play !== 'boolean') throw badRequest('Invalid play: must be true or false');
  return { deviceId: deviceIds[0], play };
}

/** Get Available Devices. */
export const devices = plainRoute((context) => (request, reply) => {
  const current = context.playback.current(userOf(request), context.now());
  return sendJson(reply, JSON.stringify({ devices: devicesOf(current?.state ?? null, context.playback.devices) }));
});

/** Transfer Playback: `play: true` makes it play there; false or absent keeps playing or paused as it was. */
export const transfer = plainRoute((context) => (request, reply) => {
  const { deviceId, play } = transferOf(request.body);
  const target = knownDevice(deviceId, context.playback.devices);
  if (!target) throw new ServiceError(404, 'Device not found');
  if (target.is_restricted) {
    throw new ServiceError(403, 'Player command failed: Restricted device: it does not accept commands', 'DEVICE_NOT_CONTROLLABLE');
  }
  const userId = userOf(request);
  const now = context.now();
  const moved = context.playback.update(userId, (state) => transferred(state, target), now);
  if (!moved) throw noActiveDevice();
  if (play === true) context.playback.command(userId, { kind: 'play' }, now);
  return reply.code(204).send();
});

/** Set Playback Volume, on the active device (or `device_id`, which must be it). */
export const volume = plainRoute((context) => (request, reply) => {
  const query = request.query as Query;
  if (single(query, 'volume_percent') === undefined) throw badRequest('Missing required parameter: volume_percent');
  const percent = integerParam(query, 'volume_percent', { min: 0, max: 100, default: 0 });
  const deviceId = single(query, 'device_id');
  if (deviceId !== undefined && !knownDevice(deviceId, context.playback.devices)) throw new ServiceError(404, 'Device not found');
  const userId = userOf(request);
  const current = context.playback.current(userId, context.now());
  if (!current) throw noActiveDevice();
  const device = deviceId === undefined ? current.state.device : knownDevice(deviceId, context.playback.devices)!;
  if (deviceId !== undefined && deviceId !== current.state.device.id) {
    throw new ServiceError(404, 'Player command failed: the device is not active', 'NO_ACTIVE_DEVICE');
  }
  if (!device.supports_volume) {
    throw new ServiceError(403, 'Player command failed: Cannot control device volume', 'VOLUME_CONTROL_DISALLOW');
  }
  context.playback.update(userId, (state) => ({ ...state, device: { ...state.device, volume_percent: percent } }), context.now());
  return reply.code(204).send();
});
