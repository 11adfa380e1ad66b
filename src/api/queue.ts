/** What plays next (`GET /me/player/queue`) and adding to it (`POST /me/player/queue`). */
import type { Api, RequestOptions } from './api.js';
import { isObject, toList } from './coerce.js';
import { invalidArgument } from './map-error.js';
import { normalizePlayable } from './normalize.js';
import type { Caller } from './request.js';

type QueueApi = Pick<Api, 'getQueue' | 'addToQueue'>;

/** A track or episode uri, any prefix (the service says the same of `uri`). */
const QUEUEABLE_URI = /^[a-z]+:(track|episode):[A-Za-z0-9]+$/;

export function queueApi(caller: Caller): QueueApi {
  return {
    getQueue: async (options: RequestOptions = {}) =>
      caller.get({ path: 'me/player/queue', signal: options.signal }, (body, unreadable) => {
        if (!isObject(body)) return unreadable('expected an object with a queue list');
        return { currentlyPlaying: normalizePlayable(body.currently_playing), queue: toList(body.queue, normalizePlayable) };
      }),
    addToQueue: async (uri, options = {}) => {
      if (typeof uri !== 'string' || !QUEUEABLE_URI.test(uri)) {
        throw invalidArgument(`Invalid uri ${String(uri)}: only a track or an episode can be queued`);
      }
      await caller.send({ method: 'POST', path: 'me/player/queue', query: { uri }, policy: 'once', signal: options.signal }, () => undefined);
    },
  };
}
