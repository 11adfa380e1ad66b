/**
 * Start Playback with a target (`PUT /me/player/play` with a body): a context (playlist, show, audiobook,
 * album, or liked songs as `prefix:user:USER_ID:collection`) from an offset, or a list of uris. `once`, as
 * every player command.
 */
import { invalidArgument } from './map-error.js';
import type { Caller, RequestOptions } from './request.js';

/** Where to start within the context: an index in its order, or an item's uri (its first copy). */
export type PlayOffset = { position: number } | { uri: string };

export type PlayTarget =
  | { contextUri: string; offset?: PlayOffset; positionMs?: number }
  | { uris: string[]; offset?: PlayOffset; positionMs?: number };

export interface PlayContextApi {
  /** Plays `target`; without `positionMs` an episode or chapter starts at its resume point. */
  startPlayback(target: PlayTarget, options?: RequestOptions): Promise<void>;
}

/** The request body, or an `ApiError` (nothing sent) for a target the service would refuse anyway. */
export function playBody(target: PlayTarget): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if ('contextUri' in target) {
    if (typeof target.contextUri !== 'string' || target.contextUri === '') throw invalidArgument('Invalid context_uri');
    body.context_uri = target.contextUri;
  } else {
    if (!Array.isArray(target.uris) || target.uris.length < 1 || target.uris.length > 100) {
      throw invalidArgument('Invalid uris: 1 to 100 uris');
    }
    body.uris = target.uris;
  }
  const { offset, positionMs } = target;
  if (offset !== undefined) {
    if ('position' in offset) {
      if (!Number.isInteger(offset.position) || offset.position < 0) throw invalidArgument('Invalid offset position');
      body.offset = { position: offset.position };
    } else body.offset = { uri: offset.uri };
  }
  if (positionMs !== undefined) {
    if (!Number.isInteger(positionMs) || positionMs < 0) throw invalidArgument('Invalid position_ms');
    body.position_ms = positionMs;
  }
  return body;
}

export function playContextApi(caller: Caller): PlayContextApi {
  return {
    startPlayback: async (target, options = {}) => {
      const json = playBody(target);
      await caller.send({ method: 'PUT', path: 'me/player/play', json, policy: 'once', signal: options.signal }, () => undefined);
    },
  };
}
