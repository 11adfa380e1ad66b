/**
 * The playback state and the player commands. Commands use the `once` retry policy (retry.ts): `next`
 * sent twice skips two items, so a command is repeated only when it certainly did not reach the service.
 */
import type { Api, RequestOptions } from './api.js';
import { invalidArgument } from './map-error.js';
import { normalizePlaybackState } from './normalize-player.js';
import type { Caller, Query } from './request.js';
import type { RepeatState } from './types.js';

type PlayerApi = Pick<
  Api,
  'getPlaybackState' | 'play' | 'pause' | 'next' | 'previous' | 'seek' | 'setShuffle' | 'setRepeat'
>;

const REPEAT_STATES: readonly RepeatState[] = ['off', 'track', 'context'];

export function playerApi(caller: Caller): PlayerApi {
  const command = (method: 'PUT' | 'POST', action: string, options: RequestOptions = {}, query?: Query) =>
    caller.send({ method, path: `me/player/${action}`, query, policy: 'once', signal: options.signal }, () => undefined);

  return {
    getPlaybackState: async (options = {}) =>
      caller.get(
        // Episodes are asked for too: without it an episode playing shows as `item: null`.
        { path: 'me/player', query: { market: options.market, additional_types: 'track,episode' }, signal: options.signal },
        // 204 (empty body): no active device, nothing playing.
        (body, unreadable) =>
          body === undefined || body === null
            ? null
            : (normalizePlaybackState(body) ?? unreadable('expected a playback state object')),
      ),
    play: async (options) => command('PUT', 'play', options),
    pause: async (options) => command('PUT', 'pause', options),
    next: async (options) => command('POST', 'next', options),
    previous: async (options) => command('POST', 'previous', options),
    seek: async (positionMs, options) => {
      if (!Number.isInteger(positionMs) || positionMs < 0) {
        throw invalidArgument(`Invalid seek position ${String(positionMs)}: must be a non-negative integer of ms`);
      }
      return command('PUT', 'seek', options, { position_ms: positionMs });
    },
    setShuffle: async (state, options) => {
      if (typeof state !== 'boolean') throw invalidArgument(`Invalid shuffle state ${String(state)}`);
      return command('PUT', 'shuffle', options, { state });
    },
    setRepeat: async (state, options) => {
      if (!REPEAT_STATES.includes(state)) {
        throw invalidArgument(`Invalid repeat state ${String(state)}: must be off, track or context`);
      }
      return command('PUT', 'repeat', options, { state });
    },
  };
}
