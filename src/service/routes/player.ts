import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteOptions } from '../context.js';
import { ServiceError, badRequest } from '../errors.js';
import { marketFor, originOf, sendJson, userOf } from '../http.js';
import { additionalTypesParam, integerParam, marketParam, single, type Query } from '../params.js';
import type { ServiceContext } from '../context.js';
import type { CommandOutcome } from '../playback.js';
import type { PlayerCommand } from '../player.js';
import { renderPlayback } from '../render/playback.js';
import { playRequestOf } from './play-body.js';

const readConfig = { auth: { scope: 'user-read-playback-state', user: true } };
const commandConfig = { auth: { scope: 'user-modify-playback-state', user: true } };

type CommandRequest = FastifyRequest<{ Querystring: Query }>;

function booleanParam(query: Query, name: string): boolean {
  const value = single(query, name);
  if (value !== 'true' && value !== 'false') throw badRequest(`Invalid ${name}: must be true or false`);
  return value === 'true';
}

function repeatParam(query: Query): 'off' | 'track' | 'context' {
  const value = single(query, 'state');
  if (value !== 'off' && value !== 'track' && value !== 'context') {
    throw badRequest('Invalid state: must be track, context or off');
  }
  return value;
}

function replyToCommand(reply: FastifyReply, result: CommandOutcome): FastifyReply {
  if (!result) throw new ServiceError(404, 'Player command failed: No active device found', 'NO_ACTIVE_DEVICE');
  if (!result.ok) throw new ServiceError(403, 'Player command failed: Restriction violated', result.reason);
  return reply.code(204).send();
}

/** Get Playback State and the seven playback commands (decisions §1, §8). */
export async function playerRoutes(app: FastifyInstance, { context }: RouteOptions): Promise<void> {
  const { playback } = context;

  app.get<{ Querystring: Query }>('/me/player', { config: readConfig }, (request, reply) => {
    const marketParameter = marketParam(request.query);
    const additionalTypes = additionalTypesParam(request.query);
    const userId = userOf(request);
    const current = playback.current(userId, context.now());
    // No active device: 204 with no body. Never an ETag (decisions §9): progress moves on every read.
    if (!current) return reply.code(204).send();
    const body = renderPlayback(context, current, {
      market: marketFor(request, context, marketParameter),
      userId,
      origin: originOf(request, context),
      acceptsEpisodes: additionalTypes.has('episode'),
    });
    return sendJson(reply, body);
  });

  const command = (toCommand: (request: CommandRequest) => PlayerCommand) => (request: CommandRequest, reply: FastifyReply) => {
    const playerCommand = toCommand(request);
    return replyToCommand(reply, playback.command(userOf(request), playerCommand, context.now()));
  };

  app.put<{ Querystring: Query }>('/me/player/play', { config: commandConfig }, (request, reply) => {
    const market = marketFor(request, context, undefined);
    const result = playback.play(userOf(request), playRequestOf(context, request.body, market), context.now());
    return replyToCommand(reply, result);
  });
  app.put('/me/player/pause', { config: commandConfig }, command(() => ({ kind: 'pause' })));
  app.post('/me/player/next', { config: commandConfig }, command(() => ({ kind: 'next' })));
  app.post('/me/player/previous', { config: commandConfig }, command(() => ({ kind: 'previous' })));
  app.put(
    '/me/player/seek',
    { config: commandConfig },
    command((request) => {
      if (single(request.query, 'position_ms') === undefined) throw badRequest('Missing required parameter: position_ms');
      const positionMs = integerParam(request.query, 'position_ms', { min: 0, max: Number.MAX_SAFE_INTEGER, default: 0 });
      return { kind: 'seek', positionMs };
    }),
  );
  app.put('/me/player/shuffle', { config: commandConfig }, command((request) => ({ kind: 'shuffle', state: booleanParam(request.query, 'state') })));
  app.put('/me/player/repeat', { config: commandConfig }, command((request) => ({ kind: 'repeat', state: repeatParam(request.query) })));
}
