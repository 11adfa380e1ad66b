import type { Api } from '../../api/api.js';
import { isApiError } from '../../api/errors.js';
import type { SearchResults, SearchType } from '../../api/library-types.js';
import { SEARCH_PAGE } from '../state/search-results.js';

/** At most one search per this long while typing: the first character asks at once, the text typed meanwhile once it is up. */
export const SEARCH_PACE_MS = 250;

export interface SearchListener {
  /** The first page of each kind for `query`: the answer to the last search sent. */
  answered(query: string, results: SearchResults): void;
  /** A page more of `type` for `query`. */
  more(query: string, type: SearchType, results: SearchResults): void;
  failed(reason: string): void;
}

const reasonOf = (error: unknown): string => (isApiError(error) ? error.message : String(error));

/**
 * The requests of a search typed as it goes: paced (at most one per SEARCH_PACE_MS, the text typed meanwhile
 * sent once the time is up), the ones before aborted when another goes, and an answer passed on only when it
 * answers the last search sent. No React: the hook (use-search.ts) holds one.
 */
export class SearchRequests {
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Each search sent takes a number: an answer to any but the last is dropped, unseen. */
  private generation = 0;
  private sent: string | null = null;
  private readonly controllers = new Set<AbortController>();
  /** The kinds a page more is being read of. */
  private readonly reading = new Set<SearchType>();

  constructor(
    private readonly api: () => Api,
    private readonly types: () => readonly SearchType[],
    private readonly listener: SearchListener,
  ) {}

  /** The text is now `query` (trimmed; empty: nothing to search). Returns whether a search is on its way or waiting. */
  typed(query: string): boolean {
    this.cancelTimer();
    if (query === '') {
      this.stop();
      this.sent = null;
      return false;
    }
    if (query === this.sent) return false;
    const wait = this.lastSentAt + SEARCH_PACE_MS - Date.now();
    if (wait <= 0) this.send(query);
    else this.timer = setTimeout(() => this.send(query), wait);
    return true;
  }

  /** Reads the page after `nextOffset` of `type` for the answer shown, once at a time per kind. */
  more(query: string, type: SearchType, nextOffset: number): void {
    if (this.reading.has(type) || query !== this.sent) return;
    this.reading.add(type);
    const generation = this.generation;
    this.request(query, [type], nextOffset, (results) => {
      this.reading.delete(type);
      if (generation === this.generation) this.listener.more(query, type, results);
    }, () => this.reading.delete(type));
  }

  close(): void {
    this.cancelTimer();
    this.stop();
  }

  private send(query: string): void {
    this.timer = null;
    this.lastSentAt = Date.now();
    this.stop();
    const generation = this.generation;
    this.sent = query;
    this.request(query, this.types(), 0, (results) => generation === this.generation && this.listener.answered(query, results));
  }

  private request(query: string, types: readonly SearchType[], offset: number, done: (results: SearchResults) => void, failed = (): void => {}): void {
    const controller = new AbortController();
    const generation = this.generation;
    this.controllers.add(controller);
    void this.api()
      .search(query, types, { offset, limit: SEARCH_PAGE }, { signal: controller.signal })
      .then(done, (error: unknown) => {
        failed();
        if (generation === this.generation && !controller.signal.aborted) this.listener.failed(reasonOf(error));
      })
      .finally(() => this.controllers.delete(controller));
  }

  /** Drops what is on its way: its answers would speak of another text. */
  private stop(): void {
    this.generation += 1;
    for (const controller of this.controllers) controller.abort();
    this.controllers.clear();
    this.reading.clear();
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
