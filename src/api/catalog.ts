/** Catalog reads: episodes, tracks and chapters, one at a time or several by id. */
import type { Api } from './api.js';
import { idChunks, idSegment } from './ids.js';
import { normalizeChapter, normalizeEpisode, normalizeTrack } from './normalize.js';
import { normalizeSeveral } from './normalize-library.js';
import type { Caller } from './request.js';

/** The most ids the service takes in one several-ids request (decisions §1). */
export const MAX_IDS_PER_REQUEST = 50;

type CatalogApi = Pick<Api, 'getEpisode' | 'getTrack' | 'getTracks' | 'getChapter' | 'getChapters'>;

export function catalogApi(caller: Caller): CatalogApi {
  /** Several ids in chunks of 50, sent together (the gate keeps them polite), answers in request order. */
  async function several<T>(
    ids: string[],
    path: 'tracks' | 'chapters',
    item: (value: unknown) => T | null,
    options: { market?: string; signal?: AbortSignal } = {},
  ): Promise<(T | null)[]> {
    const chunks = idChunks(ids, path === 'tracks' ? 'track' : 'chapter', MAX_IDS_PER_REQUEST);
    const answers = await Promise.all(
      chunks.map((chunk) =>
        caller.get(
          { path, query: { ids: chunk.join(','), market: options.market }, signal: options.signal },
          (body, unreadable) =>
            normalizeSeveral(body, path, chunk.length, item) ?? unreadable(`expected {"${path}": [...]}`),
        ),
      ),
    );
    return answers.flat();
  }

  return {
    getEpisode: async (id, options = {}) =>
      caller.get(
        { path: `episodes/${idSegment(id, 'episode')}`, query: { market: options.market }, signal: options.signal },
        (body, unreadable) => normalizeEpisode(body) ?? unreadable('expected an episode object'),
      ),
    getTrack: async (id, options = {}) =>
      caller.get(
        { path: `tracks/${idSegment(id, 'track')}`, query: { market: options.market }, signal: options.signal },
        (body, unreadable) => normalizeTrack(body) ?? unreadable('expected a track object'),
      ),
    getTracks: async (ids, options) => several(ids, 'tracks', normalizeTrack, options),
    getChapter: async (id, options = {}) =>
      caller.get(
        { path: `chapters/${idSegment(id, 'chapter')}`, query: { market: options.market }, signal: options.signal },
        (body, unreadable) => normalizeChapter(body) ?? unreadable('expected a chapter object'),
      ),
    getChapters: async (ids, options) => several(ids, 'chapters', normalizeChapter, options),
  };
}
