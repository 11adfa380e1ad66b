import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../context.js';
import { devicesOf, knownDevice, transferred } from '../devices.js';
import { ServiceError, badRequest } from '../errors.js';
import { sendJson, userOf } from '../http.js';
import { integerParam, single, type Query } from '../params.js';

const readConfig = { auth: { scope: 'user-read-playback-state', user: true } };
const commandConfig = { auth: { scope: 'user-modify-playback-state', user: true } };

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

/** Get Available Devices, Transfer Playback, Set Playback Volume. */
export async function deviceRoutes(app: FastifyInstance, { context }: RouteOptions): Promise<void> {
  const { playback } = context;

  app.get('/me/player/devices', { config: readConfig }, (request, reply) => {
    const current = playback.current(userOf(request), context.now());
    return sendJson(reply, JSON.stringify({ devices: devicesOf(current?.state ?? null) }));
  });

  app.put('/me/player', { config: commandConfig }, (request, reply) => {
    const { deviceId, play } = transferOf(request.body);
    const target = knownDevice(deviceId);
    if (!target) throw new ServiceError(404, 'Device not found');
    if (target.is_restricted) {
      throw new ServiceError(403, 'Player command failed: Restricted device: it does not accept commands', 'DEVICE_NOT_CONTROLLABLE');
    }
    const userId = userOf(request);
    const now = context.now();
    const moved = playback.update(userId, (state) => transferred(state, target), now);
    if (!moved) throw noActiveDevice();
    // `play: true` makes it play there; false or absent keeps playing or paused as it was.
    if (play === true) playback.command(userId, { kind: 'play' }, now);
    return reply.code(204).send();
  });

  app.put<{ Querystring: Query }>('/me/player/volume', { config: commandConfig }, (request, reply) => {
    if (single(request.query, 'volume_percent') === undefined) throw badRequest('Missing required parameter: volume_percent');
    const volume = integerParam(request.query, 'volume_percent', { min: 0, max: 100, default: 0 });
    const deviceId = single(request.query, 'device_id');
    if (deviceId !== undefined && !knownDevice(deviceId)) throw new ServiceError(404, 'Device not found');
    const userId = userOf(request);
    const current = playback.current(userId, context.now());
    if (!current) throw noActiveDevice();
    const device = deviceId === undefined ? current.state.device : knownDevice(deviceId)!;
    if (deviceId !== undefined && deviceId !== current.state.device.id) {
      throw new ServiceError(404, 'Player command failed: the device is not active', 'NO_ACTIVE_DEVICE');
    }
    if (!device.supports_volume) {
      throw new ServiceError(403, 'Player command failed: Cannot control device volume', 'VOLUME_CONTROL_DISALLOW');
    }
    playback.update(userId, (state) => ({ ...state, device: { ...state.device, volume_percent: volume } }), context.now());
    return reply.code(204).send();
  });
}
