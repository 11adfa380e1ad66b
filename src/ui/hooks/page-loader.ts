import type { PageRequest } from '../../api/api.js';
import type { Paging } from '../../api/types.js';
import { pagesToFetch } from '../state/list-cursor.js';

export const PAGE_SIZE = 50;
/** More would fetch pages the window has already passed while a key is held down. */
const MAX_IN_FLIGHT = 2;
/** A page is re-read at most this often (the request budget of an idle dashboard). */
export const REFRESH_INTERVAL_MS = 60_000;
/** While the anchor's page is in flight, when to look again; a page that never loaded is due at once then. */
export const RECHECK_MS = 1_000;

/** What the loader needs to know and to tell; read afresh at each use, so it always sees the latest window. */
export interface PageLoaderHost<T> {
  fetchPage(page: PageRequest, signal: AbortSignal): Promise<Paging<T>>;
  /** The visible window and the list as last rendered (total null before the first page). */
  view(): { top: number; height: number; total: number | null; isLoaded(offset: number): boolean };
  /** A page arrived that differs from the last one seen at its offset. */
  onPage(offset: number, page: Paging<T>): void;
  onError(offset: number, error: unknown): void;
  /** A load succeeded after a failure was reported. */
  onRecovered(): void;
}

/**
 * Fetches the pages of one collection around the visible window, nearest first, a few at a time; remembers
 * what failed (not retried until the window moves) and what each page last was, so that a refetch answered
 * with the very same object (a 304) reports nothing. No React here: `usePagedList` wires it to a pane.
 */
export class PageLoader<T> {
  private readonly inFlight = new Map<number, AbortController>();
  private readonly failed = new Set<number>();
  private readonly responses = new Map<number, Paging<T>>();
  private readonly fetchedAt = new Map<number, number>();
  /** Pages whose failure the status line shows; cleared once they load, or once the user has moved on. */
  private readonly reported = new Set<number>();
  private hasMovedSinceReport = false;
  private isClosed = false;

  constructor(private readonly host: PageLoaderHost<T>) {}

  /** Starts the nearest missing pages of the window, as many as the in-flight limit allows. */
  pump(): void {
    if (this.isClosed) return;
    const { top, height, total, isLoaded } = this.host.view();
    // `responses` covers a page that arrived but whose state update has not rendered yet.
    const isCovered = (offset: number) =>
      this.inFlight.has(offset) || this.failed.has(offset) || this.responses.has(offset) || isLoaded(offset);
    const wanted = total === null ? (isCovered(0) ? [] : [0]) : pagesToFetch(top, height, total, PAGE_SIZE, isCovered);
    for (const offset of wanted) {
      if (this.inFlight.size >= MAX_IN_FLIGHT) break;
      this.load(offset);
    }
  }

  /** The window moved: pages that failed may be tried again. */
  windowMoved(): void {
    this.failed.clear();
    this.hasMovedSinceReport = true;
  }

  /**
   * Re-reads the page holding `index` if it is older than the interval, or never loaded (a failed first load
   * is tried again this way); returns the ms until the next check.
   */
  refreshIfDue(index: number, now: number): number {
    const offset = Math.max(0, index - (index % PAGE_SIZE));
    const age = now - (this.fetchedAt.get(offset) ?? Number.NEGATIVE_INFINITY);
    if (this.inFlight.has(offset)) return RECHECK_MS;
    if (age < REFRESH_INTERVAL_MS) return REFRESH_INTERVAL_MS - age;
    this.load(offset);
    return REFRESH_INTERVAL_MS;
  }

  close(): void {
    this.isClosed = true;
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
  }

  private load(offset: number): void {
    const controller = new AbortController();
    this.inFlight.set(offset, controller);
    this.host
      .fetchPage({ offset, limit: PAGE_SIZE }, controller.signal)
      .then((page) => this.received(offset, page))
      .catch((error: unknown) => {
        if (this.isClosed) return;
        this.failed.add(offset);
        this.reported.add(offset);
        this.hasMovedSinceReport = false;
        this.host.onError(offset, error);
      })
      .finally(() => {
        if (this.inFlight.get(offset) === controller) this.inFlight.delete(offset);
        this.pump();
      });
  }

  private received(offset: number, page: Paging<T>): void {
    if (this.isClosed) return;
    this.fetchedAt.set(offset, Date.now());
    const { total, isLoaded } = this.host.view();
    const isSame = this.responses.get(offset) === page && isLoaded(offset);
    // A new total drops the pages that no longer fit: they must count as missing again.
    if (total !== null && total !== page.total) this.responses.clear();
    this.responses.set(offset, page);
    const hadMessage = this.reported.size > 0;
    this.reported.delete(offset);
    // The message goes once every failed page has loaded, or once the user has moved on since it was shown.
    if (hadMessage && (this.reported.size === 0 || this.hasMovedSinceReport)) {
      this.reported.clear();
      this.host.onRecovered();
    }
    if (!isSame) this.host.onPage(offset, page);
  }
}
