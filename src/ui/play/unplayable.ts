import type { Api } from '../../api/api.js';
import type { Chapter, Episode, Track } from '../../api/types.js';
import { marketOf } from '../current-user.js';
import { unplayableReason } from './play-request.js';

/**
 * When `item` cannot play here, says why through `say` and returns true; returns false, saying nothing, when it
 * can. The reason names the user's country ("not available in GB"), read once per client and only when a
 * refusal needs it, so the line comes a request later the first time.
 */
export function sayIfUnplayable(api: Api, item: Track | Episode | Chapter, say: (reason: string) => void): boolean {
  if (unplayableReason(item, null) === null) return false;
  void marketOf(api).then((market) => say(unplayableReason(item, market) ?? ''));
  return true;
}
