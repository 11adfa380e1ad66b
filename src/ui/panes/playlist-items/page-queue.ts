import type { PageRequest } from '../../../api/api.js';
import type { Paging, PlaylistItem } from '../../../api/types.js';
import { PAGE_SIZE, RECHECK_MS, REFRESH_INTERVAL_MS } from '../../hooks/page-loader.js';

/** More would fetch pages the window has already passed while a key is held down. */
const MAX_IN_FLIGHT = 2;

export interface PageQueueHost {
  fetchPage(page: PageRequest, signal: AbortSignal): Promise<Paging<PlaylistItem>>;
  /** A page asked for during `generation` arrived, and differs from the last answer at its offset. */
  onPage(offset: number, page: Paging<PlaylistItem>, generation: number): void;
  onError(offset: number, error: unknown): void;
  /** A load succeeded after a failure was reported. */
  onRecovered(): void;
}

/**
 * Fetches the pages a reordered view needs. Unlike `PageLoader`, whose window is one run of positions,
 * the rows on screen may come from anywhere in the playlist (an entry moved from the end to the top), so
 * the caller names the pages, most wanted first. A new generation (the base renumbered, a write going
 * out) aborts what is in flight and forgets what was answered: those answers speak of other positions.
 * Failed pages wait until the window moves; errors are reported once, like `PageLoader`.
 */
export class PageQueue {
  private generation = 0;
  private wanted: readonly number[] = [];
  private readonly inFlight = new Map<number, AbortController>();
  private readonly failed = new Set<number>();
  /** Answers of this generation, set aside or not: a page the state declined is not asked for again. */
  private readonly answers = new Map<number, Paging<PlaylistItem>>();
  private readonly fetchedAt = new Map<number, number>();
  private readonly reported = new Set<number>();
  private hasMovedSinceReport = false;
  private isClosed = false;

  constructor(private readonly host: PageQueueHost) {}

  /** The page offsets the view lacks, most wanted first, as of `generation`. */
  want(offsets: readonly number[], generation: number): void {
    if (generation !== this.generation) this.restart(generation);
    this.wanted = offsets;
    this.pump();
  }

  /** The window moved: pages that failed may be tried again. */
  windowMoved(): void {
    this.failed.clear();
    this.hasMovedSinceReport = true;
  }

  /** Re-reads the page at `offset` when it is older than the refresh interval; returns the ms until the next check. */
  refreshIfDue(offset: number, now: number): number {
    if (this.isClosed) return REFRESH_INTERVAL_MS;
    if (this.inFlight.has(offset)) return RECHECK_MS;
    const age = now - (this.fetchedAt.get(offset) ?? Number.NEGATIVE_INFINITY);
    if (age < REFRESH_INTERVAL_MS) return REFRESH_INTERVAL_MS - age;
    this.load(offset);
    return REFRESH_INTERVAL_MS;
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

  private received(offset: number, page: Paging<PlaylistItem>, generation: number): void {
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
