/**
 * A playlist's items refused with a bare 403: since 2026 the real service lets a development-mode app read
 * only the playlists the user owns or collaborates on. Said in plain words; other errors pass unchanged.
 */
import { ApiError, isApiError } from './errors.js';

export const FOLLOWED_PLAYLIST_REFUSED = 'only playlists you own or collaborate on can be read by your own app';

/** `Forbidden (403, GET …)` or a 403 without a body: no reason given, unlike a missing scope or subscription. */
const BARE_FORBIDDEN = /^(Forbidden|HTTP 403\b)/i;

export function explainItemsRefusal(error: unknown): unknown {
  if (!isApiError(error) || error.kind !== 'forbidden' || !BARE_FORBIDDEN.test(error.message)) return error;
  return new ApiError('forbidden', FOLLOWED_PLAYLIST_REFUSED, error.details);
}

export const UNWRITABLE_PLAYLIST_REFUSED = 'only playlists you own or collaborate on can be changed';

/** A write to a playlist's items refused with a bare 403 (the real service gives no reason): said in plain words. */
export function explainWriteRefusal(error: unknown): unknown {
  if (!isApiError(error) || error.kind !== 'forbidden' || !BARE_FORBIDDEN.test(error.message)) return error;
  return new ApiError('forbidden', UNWRITABLE_PLAYLIST_REFUSED, error.details);
}
