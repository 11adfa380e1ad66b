/** Search across the catalog: one page of each kind asked for. */
import type { Api } from './api.js';
import { isApiError } from './errors.js';
import { invalidArgument } from './map-error.js';
import { isObject } from './coerce.js';
import { normalizePaging, normalizePlaylist, orStandIn } from './normalize-library.js';
import { normalizeFullArtist, normalizeListedAlbum } from './normalize-music.js';
import { normalizeAudiobook, normalizeEpisode, normalizeShow, normalizeTrack } from './normalize.js';
import { pageQuery } from './paging.js';
import type { Caller } from './request.js';
import type { ListEntry, Paging } from './types.js';
import type { SearchResults, SearchType } from './library-types.js';

/** The most results of a kind one request asks for; a development-mode app's service answers 10 at most. */
export const MAX_SEARCH_PAGE = 50;
const DEV_MODE_SEARCH_PAGE = 10;

/** Each kind: the key its page comes under and how one result is read (the service may send null for one). */
const KINDS: { [K in SearchType]: { key: keyof SearchResults; read: (value: unknown) => object | null } } = {
  track: { key: 'tracks', read: normalizeTrack },
  album: { key: 'albums', read: normalizeListedAlbum },
  artist: { key: 'artists', read: normalizeFullArtist },
  playlist: { key: 'playlists', read: normalizePlaylist },
  show: { key: 'shows', read: normalizeShow },
  episode: { key: 'episodes', read: normalizeEpisode },
  audiobook: { key: 'audiobooks', read: normalizeAudiobook },
};

const emptyPage = (limit: number, offset: number): Paging<never> => ({ href: '', limit, next: null, offset, previous: null, total: 0, items: [] });

export function searchApi(caller: Caller): Pick<Api, 'search'> {
  // A service that refuses a page above 10 (`400 Invalid limit`, as the real one answers a development-mode
  // app) is asked for 10 from then on; the pages say so in their `limit`.
  let pageCap = MAX_SEARCH_PAGE;

  return {
    search: async (query, types, page, options = {}) => {
      if (typeof query !== 'string' || query.trim() === '') throw invalidArgument('Invalid search query: empty');
      const asked = [...new Set(types)];
      if (asked.length === 0 || !asked.every((type) => type in KINDS)) throw invalidArgument(`Invalid search types: ${JSON.stringify(types)}`);
      const checked = pageQuery(page, MAX_SEARCH_PAGE);
      const send = (limit: number) =>
        caller.get(
          { path: 'search', query: { q: query, type: asked.join(','), market: options.market, limit, offset: checked.offset }, signal: options.signal },
          (body, unreadable) => {
            if (!isObject(body)) return unreadable('expected an object of pages');
            const results: SearchResults = {};
            for (const type of asked) {
              const { key, read } = KINDS[type];
              (results as Record<string, Paging<ListEntry<object>>>)[key] = normalizePaging(body[key], orStandIn(read)) ?? emptyPage(limit, checked.offset);
            }
            return results;
          },
        );
      const limit = Math.min(checked.limit, pageCap);
      try {
        return await send(limit);
      } catch (error) {
        if (!(isApiError(error) && error.status === 400 && limit > DEV_MODE_SEARCH_PAGE && /limit/i.test(error.message))) throw error;
        pageCap = DEV_MODE_SEARCH_PAGE;
        return send(DEV_MODE_SEARCH_PAGE);
      }
    },
  };
}
