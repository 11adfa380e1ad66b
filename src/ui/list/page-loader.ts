import type { PageRequest } from '../../api/api.js';
import type { Paging } from '../../api/types.js';
import { pagesToFetch } from '../state/list-cursor.js';
import { DEFAULT_POLL } from '../state/poll-pace.js';

/** Items per request: small enough to answer fast, large enough that a held key rarely waits. */
export const PAGE_SIZE = 50;
/** The page under the cursor is read again at most this often (a 304 costs no render), without a config file's [poll]. */
export const REFRESH_INTERVAL_MS = DEFAULT_POLL.listRefreshMs;
/** How soon to look again when a page is still in flight (or never loaded). */
export const RECHECK_MS = 1_000;
/** More would fetch pages the window has already passed while a key is held down. */
const MAX_IN_FLIGHT = 2;

export interface PageLoaderHost<T> {
  fetchPage(page: PageRequest, signal: AbortSignal): Promise<Paging<T>>;
  /** A page asked for during `generation` arrived, and differs from the last answer at its offset. */
  onPage(offset: number, page: Paging<T>, generation: number): void;
  onError(offset: number, error: unknown): void;
  /** A load succeeded after a failure was reported. */
  onRecovered(): void;
}

/**
 * The one page loader of every list. Fetches the pages of one collection that the caller names, most wanted
 * first, a few at a time: a list's window (`usePagesAround`), or the scattered pages of a reordered playlist. It remembers what failed (not tried
 * again until the window moves) and what each page last was, so that a refetch answered with the very same
 * object (a 304) reports nothing; errors are reported once. A new generation (positions renumbered, a write
 * going out) aborts what is in flight and forgets what was answered: those answers speak of other positions.
 */
export class PageLoader<T> {
  private generation = 0;
  private wanted: readonly number[] = [];
  private readonly inFlight = new Map<number, AbortController>();
  private readonly failed = new Set<number>();
  /** Answers of this generation, set aside or not: a page the state declined is not asked for again. */
  private readonly answers = new Map<number, Paging<T>>();
  private readonly fetchedAt = new Map<number, number>();
  private readonly reported = new Set<number>();
  private hasMovedSinceReport = false;
  private isClosed = false;

  constructor(private readonly host: PageLoaderHost<T>) {}

  /** The page offsets the view lacks, most wanted first, as of `generation`. */
  want(offsets: readonly number[], generation = this.generation): void {
    if (generation !== this.generation) this.restart(generation);
    this.wanted = offsets;
    this.pump();
  }

  /** The window moved: pages that failed may be tried again. */
  windowMoved(): void {
    this.failed.clear();
    this.hasMovedSinceReport = true;
  }

  /**
   * Re-reads the page at `offset` when it is older than the refresh interval (telling `onRead`, the budget it
   * spends from); returns the ms until the next check.
   */
  refreshIfDue(offset: number, now: number, intervalMs = REFRESH_INTERVAL_MS, onRead?: () => void): number {
    if (this.isClosed) return intervalMs;
    if (this.inFlight.has(offset)) return RECHECK_MS;
    const age = now - (this.fetchedAt.get(offset) ?? Number.NEGATIVE_INFINITY);
    if (age < intervalMs) return intervalMs - age;
    this.load(offset);
    onRead?.();
    return intervalMs;
  }

  /**
   * Reads the pages at `offsets` again now, whatever their age (what they hold has changed); the view keeps
   * showing them until the answers come.
   */
  reload(offsets: readonly number[]): void {
    if (this.isClosed) return;
    for (const offset of offsets) {
      this.inFlight.get(offset)?.abort();
      this.inFlight.delete(offset);
      this.failed.delete(offset);
      this.load(offset);
    }
  }

  /** Answers no longer stand for what the view holds (its total changed): their pages count as missing. */
  forgetAnswers(): void {
    this.answers.clear();
  }

  /** Forgets the answers at the offsets `isKept` refuses (the view let those pages go): they may be asked again. */
  keepAnswers(isKept: (offset: number) => boolean): void {
    for (const offset of this.answers.keys()) {
      if (isKept(offset)) continue;
      this.answers.delete(offset);
      this.fetchedAt.delete(offset);
    }
  }

  close(): void {
    this.isClosed = true;
    this.restart(this.generation);
  }

  private restart(generation: number): void {
    this.generation = generation;
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    this.answers.clear();
    this.failed.clear();
  }

  private pump(): void {
    for (const offset of this.wanted) {
      if (this.isClosed || this.inFlight.size >= MAX_IN_FLIGHT) return;
      if (!this.inFlight.has(offset) && !this.failed.has(offset) && !this.answers.has(offset)) this.load(offset);
    }
  }

  private load(offset: number): void {
    const controller = new AbortController();
    const generation = this.generation;
    this.inFlight.set(offset, controller);
    this.host
      .fetchPage({ offset, limit: PAGE_SIZE }, controller.signal)
      .then((page) => {
        if (!controller.signal.aborted) this.received(offset, page, generation);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || this.isClosed) return;
        this.failed.add(offset);
        this.reported.add(offset);
        this.hasMovedSinceReport = false;
        this.host.onError(offset, error);
      })
      .finally(() => {
        if (this.inFlight.get(offset) === controller) this.inFlight.delete(offset);
        if (!controller.signal.aborted) this.pump();
      });
  }

  private received(offset: number, page: Paging<T>, generation: number): void {
    this.fetchedAt.set(offset, Date.now());
    const isSame = this.answers.get(offset) === page;
    this.answers.set(offset, page);
    const hadMessage = this.reported.size > 0;
    this.reported.delete(offset);
    // The message goes once every failed page has loaded, or once the user has moved on since it was shown.
    if (hadMessage && (this.reported.size === 0 || this.hasMovedSinceReport)) {
      this.reported.clear();
      this.host.onRecovered();
    }
    if (!isSame) this.host.onPage(offset, page, generation);
  }
}

/**
 * The pages to load so that a window of `height` rows from `top` and a page either side are there, nearest
 * first; the first page alone while the size is unknown (`total` null).
 */
export function pagesAround(top: number, height: number, total: number | null, isLoaded: (offset: number) => boolean): number[] {
  return total === null ? [0] : pagesToFetch(top, height, total, PAGE_SIZE, isLoaded);
}

/** The offset of the page holding `index`. */
export const pageOf = (index: number): number => Math.max(0, index - (index % PAGE_SIZE));
