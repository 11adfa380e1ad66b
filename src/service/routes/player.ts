import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteOptions } from '../context.js';
import { ServiceError, badRequest } from '../errors.js';
import { marketFor, originOf, sendJson, userOf } from '../http.js';
import { additionalTypesParam, integerParam, marketParam, single, type Query } from '../params.js';
import type { ServiceContext } from '../context.js';
import { playlistIdOfUri, type PlayRequest } from '../playback.js';
import type { PlayerCommand } from '../player.js';
import type { Playlist } from '../store/playlists.js';

type CommandOutcome = { ok: true } | { ok: false; reason: string } | null;
import { renderPlayback } from '../render/playback.js';

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

/** Start/Resume Playback's body: a playlist `context_uri`, `offset` (`position` or item `uri`), `position_ms`. */
function playRequestOf(context: ServiceContext, body: unknown): PlayRequest {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid request body: expected a JSON object');
  const fields = body as Record<string, unknown>;
  if (fields.uris !== undefined) throw badRequest('Invalid uris: only a playlist context_uri can be played');
  if (fields.context_uri === undefined) {
    if (fields.offset !== undefined || fields.position_ms !== undefined) throw badRequest('Missing context_uri');
    return {};
  }
  const playlistId = typeof fields.context_uri === 'string' ? playlistIdOfUri(fields.context_uri) : null;
  const playlist = playlistId ? context.playlists.get(playlistId) : null;
  if (!playlist) throw badRequest('Invalid context_uri: not a known playlist');
  const positionMs = fields.position_ms;
  if (positionMs !== undefined && !(Number.isSafeInteger(positionMs) && (positionMs as number) >= 0)) {
    throw badRequest('Invalid position_ms: must be a non-negative integer');
  }
  return { playlistId: playlist.id, offset: offsetOf(playlist, fields.offset), positionMs: positionMs as number | undefined };
}

function offsetOf(playlist: Playlist, offset: unknown): number | undefined {
  if (offset === undefined) return undefined;
  const { position, uri } = (offset ?? {}) as { position?: unknown; uri?: unknown };
  if (typeof position === 'number' && Number.isSafeInteger(position) && position >= 0 && position < playlist.order.length) {
    return position;
  }
  if (typeof uri === 'string' && position === undefined) {
    const index = Array.from(playlist.order).findIndex((entryId) => {
      const entry = playlist.entries.get(entryId)!;
      return uri.endsWith(`:${entry.type}:${entry.itemId}`);
    });
    if (index >= 0) return index;
  }
  throw badRequest('Invalid offset: a position within the playlist or the uri of one of its items');
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
    const result = playback.play(userOf(request), playRequestOf(context, request.body), context.now());
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
