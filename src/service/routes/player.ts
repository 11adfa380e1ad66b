import type { FastifyReply } from 'fastify';
import { ServiceError, badRequest } from '../errors.js';
import { marketFor, originOf, sendJson, userOf } from '../http.js';
import { additionalTypesParam, integerParam, marketParam, single, type Query } from '../params.js';
import type { CommandOutcome } from '../playback.js';
import type { PlayerCommand } from '../player.js';
import { renderPlayback } from '../render/playback.js';
import { playRequestOf } from './play-body.js';
import { plainRoute } from './route.js';

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

/** Get Playback State (decisions §1, §8): 204 with no body when no device is active. */
export const playbackState = plainRoute((context) => (request, reply) => {
  const query = request.query as Query;
  const marketParameter = marketParam(query);
  const additionalTypes = additionalTypesParam(query);
  const userId = userOf(request);
  const current = context.playback.current(userId, context.now());
  // Never an ETag (decisions §9): progress moves on every read.
  if (!current) return reply.code(204).send();
  const body = renderPlayback(context, current, {
    market: marketFor(request, context, marketParameter),
    userId,
    origin: originOf(request, context),
    acceptsEpisodes: additionalTypes.has('episode'),
  });
  return sendJson(reply, body);
});

/** A playback command: 204, or the refusal of decisions §8 (403 with a reason, 404 without a device). */
const command = (toCommand: (query: Query) => PlayerCommand) =>
  plainRoute((context) => (request, reply) => {
    const playerCommand = toCommand(request.query as Query);
    return replyToCommand(reply, context.playback.command(userOf(request), playerCommand, context.now()));
  });

/** Start/Resume Playback (the body: play-body.ts). */
export const play = plainRoute((context) => (request, reply) => {
  const market = marketFor(request, context, undefined);
  const userId = userOf(request);
  const result = context.playback.play(userId, playRequestOf(context, request.body, market, userId), context.now());
  return replyToCommand(reply, result);
});
export const pause = command(() => ({ kind: 'pause' }));
export const next = command(() => ({ kind: 'next' }));
export const previous = command(() => ({ kind: 'previous' }));
export const seek = command((query) => {
  if (single(query, 'position_ms') === undefined) throw badRequest('Missing required parameter: position_ms');
  return { kind: 'seek', positionMs: integerParam(query, 'position_ms', { min: 0, max: Number.MAX_SAFE_INTEGER, default: 0 }) };
});
export const shuffle = command((query) => ({ kind: 'shuffle', state: booleanParam(query, 'state') }));
export const repeat = command((query) => ({ kind: 'repeat', state: repeatParam(query) }));
