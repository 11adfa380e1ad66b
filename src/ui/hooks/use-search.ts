import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.js';
import type { SearchType } from '../../api/types.js';
import { useApi } from '../api-context.js';
import { groupsOf, SEARCH_PAGE, withMore, type Group } from '../state/search-results.js';

/** At most one search per this long while typing: the first character asks at once, the text typed meanwhile once it is up. */
export const SEARCH_PACE_MS = 250;

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

const reasonOf = (error: unknown): string => (isApiError(error) ? error.message : String(error));

interface Pacing {
  lastSentAt: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** Each search sent takes a number: an answer to any but the last is dropped, unseen. */
  generation: number;
  sent: string | null;
  controllers: Set<AbortController>;
  /** The kinds a page more is being read of. */
  reading: Set<SearchType>;
}

/**
 * The catalog searched for `text` as it is typed: at most one request per SEARCH_PACE_MS (the text typed
 * meanwhile goes once the time is up), the one before aborted when another goes, and an answer drawn only
 * when it answers the last search sent: nothing from a stale one.
 */
export function useSearch(text: string, types: readonly SearchType[]): Search {
  const api = useApi();
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSearching, setSearching] = useState(false);
  const pacing = useRef<Pacing>({ lastSentAt: Number.NEGATIVE_INFINITY, timer: null, generation: 0, sent: null, controllers: new Set(), reading: new Set() });
  const latest = useRef({ api, types, answer });
  latest.current = { api, types, answer };
  const query = text.trim();

  const abortAll = useCallback((): void => {
    const state = pacing.current;
    for (const controller of state.controllers) controller.abort();
    state.controllers.clear();
    state.reading.clear();
  }, []);

  useEffect(() => {
    const state = pacing.current;
    if (state.timer !== null) clearTimeout(state.timer);
    state.timer = null;
    if (query === '') {
      state.generation += 1;
      state.sent = null;
      abortAll();
      setAnswer(null);
      setError(null);
      setSearching(false);
      return;
    }
    if (query === state.sent) return;
    const send = (): void => {
      state.timer = null;
      state.lastSentAt = Date.now();
      abortAll();
      const generation = ++state.generation;
      state.sent = query;
      const controller = new AbortController();
      state.controllers.add(controller);
      const { api: client, types: asked } = latest.current;
      client.search(query, asked, { offset: 0, limit: SEARCH_PAGE }, { signal: controller.signal }).then(
        (results) => {
          state.controllers.delete(controller);
          if (generation !== state.generation) return;
          setAnswer({ query, groups: groupsOf(results) });
          setError(null);
          setSearching(false);
        },
        (failure: unknown) => {
          state.controllers.delete(controller);
          if (generation !== state.generation || controller.signal.aborted) return;
          setError(reasonOf(failure));
          setSearching(false);
        },
      );
    };
    setSearching(true);
    const wait = state.lastSentAt + SEARCH_PACE_MS - Date.now();
    if (wait <= 0) send();
    else state.timer = setTimeout(send, wait);
  }, [query, abortAll]);

  useEffect(
    () => () => {
      const state = pacing.current;
      if (state.timer !== null) clearTimeout(state.timer);
      state.generation += 1;
      abortAll();
    },
    [abortAll],
  );

  const more = useCallback((type: SearchType): void => {
    const state = pacing.current;
    const shown = latest.current.answer;
    const group = shown?.groups.find((candidate) => candidate.kind.type === type);
    if (shown === null || group === undefined || state.reading.has(type) || shown.query !== state.sent) return;
    state.reading.add(type);
    const generation = state.generation;
    const controller = new AbortController();
    state.controllers.add(controller);
    latest.current.api.search(shown.query, [type], { offset: group.nextOffset, limit: SEARCH_PAGE }, { signal: controller.signal }).then(
      (results) => {
        state.controllers.delete(controller);
        state.reading.delete(type);
        if (generation !== state.generation) return;
        setAnswer((previous) => (previous?.query === shown.query ? { query: shown.query, groups: withMore(previous.groups, type, results) } : previous));
      },
      (failure: unknown) => {
        state.controllers.delete(controller);
        if (generation !== state.generation || controller.signal.aborted) return;
        state.reading.delete(type);
        setError(reasonOf(failure));
      },
    );
  }, []);

  return { answer, isSearching, error, more };
}
