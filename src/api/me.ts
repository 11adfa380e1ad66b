/** The current user's profile. */
import type { Api } from './api.js';
import { normalizeUser } from './normalize-library.js';
import type { Caller } from './request.js';

export function meApi(caller: Caller): Pick<Api, 'getMe'> {
  return {
    getMe: async (options = {}) =>
      caller.get({ path: 'me', signal: options.signal }, (body, unreadable) =>
        normalizeUser(body) ?? unreadable('expected a user object'),
      ),
  };
}
