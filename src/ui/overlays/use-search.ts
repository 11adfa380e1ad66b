import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchType } from '../../api/library-types.js';
import { useApi } from '../context/api-context.js';
import { groupsOf, withMore, type Group } from '../state/search-results.js';
import { SearchRequests } from './search-requests.js';

export { SEARCH_PACE_MS } from './search-requests.js';

export interface SearchAnswer {
  /** The text this answers. */
  query: string;
  groups: readonly Group[];
}

export interface Search {
  /** The last answer to the last search sent; null before one, and for an empty text. */
  answer: SearchAnswer | null;
  /** A search is waiting its turn or on its way. */
  isSearching: boolean;
  /** Why the last search failed; null once one answers. */
  error: string | null;
  /** Reads a page more of a kind of the answer shown (once at a time per kind). */
  more(type: SearchType): void;
}

/**
 * The catalog searched for `text` as it is typed (search-requests.ts: paced, the last answer wins), the
 * answer grouped by kind and each kind read further on demand.
 */
export function useSearch(text: string, types: readonly SearchType[]): Search {
  const api = useApi();
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSearching, setSearching] = useState(false);
  const latest = useRef({ api, types, answer });
  latest.current = { api, types, answer };
  const [requests] = useState(
    () =>
      new SearchRequests(() => latest.current.api, () => latest.current.types, {
        answered: (query, results) => {
          setAnswer({ query, groups: groupsOf(results) });
          setError(null);
          setSearching(false);
        },
        more: (query, type, results) =>
          setAnswer((previous) => (previous?.query === query ? { query, groups: withMore(previous.groups, type, results) } : previous)),
        failed: (reason) => {
          setError(reason);
          setSearching(false);
        },
      }),
  );
  const query = text.trim();
  useEffect(() => {
    const isOnItsWay = requests.typed(query);
    if (isOnItsWay) setSearching(true);
    if (query !== '') return;
    setAnswer(null);
    setError(null);
    setSearching(false);
  }, [requests, query]);
  useEffect(() => () => requests.close(), [requests]);

  const more = useCallback(
    (type: SearchType): void => {
      const shown = latest.current.answer;
      const group = shown?.groups.find((candidate) => candidate.kind.type === type);
      if (shown !== null && group !== undefined) requests.more(shown.query, type, group.nextOffset);
    },
    [requests],
  );
  return { answer, isSearching, error, more };
}
