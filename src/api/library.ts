/** The user's saved shows and audiobooks, and an audiobook's chapters. */
import type { Api } from './api.js';
import { idSegment } from './ids.js';
import { normalizeChapter } from './normalize.js';
import { normalizePaging, normalizeSavedAudiobook, normalizeSavedShow, orStandIn } from './normalize-library.js';
import { pageQuery } from './paging.js';
import type { Caller } from './request.js';

/** The largest page these endpoints serve (decisions §1). */
export const MAX_LIBRARY_PAGE = 50;

type LibraryApi = Pick<Api, 'getSavedShows' | 'getSavedAudiobooks' | 'getAudiobookChapters'>;

export function libraryApi(caller: Caller): LibraryApi {
  return {
    getSavedShows: async (page, options = {}) =>
      caller.get({ path: 'me/shows', query: pageQuery(page, MAX_LIBRARY_PAGE), signal: options.signal }, (body, unreadable) =>
        normalizePaging(body, orStandIn(normalizeSavedShow, 'show')) ?? unreadable('expected a paging object'),
      ),
    getSavedAudiobooks: async (page, options = {}) =>
      caller.get(
        { path: 'me/audiobooks', query: pageQuery(page, MAX_LIBRARY_PAGE), signal: options.signal },
        (body, unreadable) => normalizePaging(body, orStandIn(normalizeSavedAudiobook, 'audiobook')) ?? unreadable('expected a paging object'),
      ),
    getAudiobookChapters: async (audiobookId, page, options = {}) =>
      caller.get(
        {
          path: `audiobooks/${idSegment(audiobookId, 'audiobook')}/chapters`,
          query: pageQuery(page, MAX_LIBRARY_PAGE),
          signal: options.signal,
        },
        (body, unreadable) => normalizePaging(body, orStandIn(normalizeChapter)) ?? unreadable('expected a paging object'),
      ),
  };
}
