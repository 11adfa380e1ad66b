import type { PageRequest } from '../../api/api.js';
import type { Paging } from '../../api/types.js';
import { pagesToFetch } from '../state/list-cursor.js';
import { PAGE_SIZE, PageFetcher } from './page-fetcher.js';

export { PAGE_SIZE, RECHECK_MS, REFRESH_INTERVAL_MS } from './page-fetcher.js';

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
 * The pages of one list around its visible window, nearest first (the fetching itself is `PageFetcher`'s).
 * No React here: `usePagedList` wires it to a pane.
 */
export class PageLoader<T> {
  private readonly fetcher: PageFetcher<T>;

  constructor(private readonly host: PageLoaderHost<T>) {
    this.fetcher = new PageFetcher<T>({
      fetchPage: (page, signal) => host.fetchPage(page, signal),
      onPage: (offset, page) => {
        // A new total drops the pages that no longer fit: they must count as missing again.
        const { total } = host.view();
        if (total !== null && total !== page.total) this.fetcher.forgetAnswers();
        host.onPage(offset, page);
      },
      onError: (offset, error) => host.onError(offset, error),
      onRecovered: () => host.onRecovered(),
    });
  }

  /** Starts the nearest missing pages of the window, as many as the in-flight limit allows. */
  pump(): void {
    const { top, height, total, isLoaded } = this.host.view();
    const wanted = total === null ? [0] : pagesToFetch(top, height, total, PAGE_SIZE, isLoaded);
    this.fetcher.want(wanted);
  }

  /** The window moved: pages that failed may be tried again. */
  windowMoved(): void {
    this.fetcher.windowMoved();
  }

  /**
   * Re-reads the page holding `index` if it is older than the interval, or never loaded (a failed first load
   * is tried again this way); returns the ms until the next check.
   */
  refreshIfDue(index: number, now: number): number {
    return this.fetcher.refreshIfDue(Math.max(0, index - (index % PAGE_SIZE)), now);
  }

  close(): void {
    this.fetcher.close();
  }
}
