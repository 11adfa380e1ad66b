/** A show and its episodes (GET /shows/{id}, GET /shows/{id}/episodes), with the user's resume points. */
import type { Api } from './api.js';
import { idSegment } from './ids.js';
import { MAX_LIBRARY_PAGE } from './library.js';
import { normalizeEpisode, normalizeShow } from './normalize.js';
import { normalizePaging, orStandIn } from './normalize-library.js';
import { pageQuery } from './paging.js';
import type { Caller } from './request.js';

type ShowsApi = Pick<Api, 'getShow' | 'getShowEpisodes'>;

export function showsApi(caller: Caller): ShowsApi {
  return {
    getShow: async (showId, options = {}) =>
      caller.get(
        { path: `shows/${idSegment(showId, 'show')}`, query: { market: options.market }, signal: options.signal },
        (body, unreadable) => normalizeShow(body) ?? unreadable('expected a show object'),
      ),
    getShowEpisodes: async (showId, page, options = {}) =>
      caller.get(
        {
          path: `shows/${idSegment(showId, 'show')}/episodes`,
          query: { ...pageQuery(page, MAX_LIBRARY_PAGE), market: options.market },
          signal: options.signal,
        },
        (body, unreadable) => normalizePaging(body, orStandIn(normalizeEpisode)) ?? unreadable('expected a paging object'),
      ),
  };
}
