import { isApiError, LoginExpiredError } from '../../api/errors.js';

/** What the loop needs from its owner: the latest options, and where its results go. */
export interface PollLoopHooks<T> {
  fetch(signal: AbortSignal): Promise<T>;
  /** The wait after a good answer, given it. */
  delayAfter(data: T): number;
  /** The wait after a good answer for the data shown now (undefined before the first). */
  normalDelay(): number;
  maxBackoffMs: number;
  /** A good answer; `isOutdated` when a refresh or replace came while it was on its way. */
  onData(data: T, isOutdated: boolean): void;
  /** A failed attempt, and when the last good answer came (null if none came yet). */
  onError(error: Error, lastSuccessAt: number | null): void;
}

export interface PollLoop<T> {
  refresh(): void;
  /** After the owner showed `data` itself: drops the answer on its way, or waits a full interval from now. */
  replaced(data: T): void;
  /** The pace changed (`delayAfter` would answer otherwise): the wait after the last good answer, counted from it. */
  retime(): void;
  stop(): void;
}

/**
 * A chain of timeouts, one request at a time: the next is scheduled when the last settles, after
 * `delayAfter`, or after a backoff that doubles with each failure (at least what a 429 asked for).
 * Plain code, no React: `usePoll` owns one per component.
 */
export function startPollLoop<T>(hooks: () => PollLoopHooks<T>): PollLoop<T> {
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | null = null;
  let isOutdated = false;
  let isRefreshQueued = false;
  let failures = 0;
  let lastSuccessAt: number | null = null;
  /** When the wait now running after a good answer (or a replace) began; null while failing or stopped for good. */
  let waitingSince: number | null = null;

  const schedule = (delay: number): void => {
    clearTimeout(timer);
    timer = setTimeout(run, delay);
  };

  async function run(): Promise<void> {
    if (inFlight) {
      isRefreshQueued = true;
      return;
    }
    clearTimeout(timer);
    waitingSince = null;
    const request = new AbortController();
    inFlight = request;
    isOutdated = false;
    let delay: number;
    let failedForGood = false;
    try {
      const data = await hooks().fetch(request.signal);
      if (isStopped) return;
      failures = 0;
      lastSuccessAt = Date.now();
      hooks().onData(data, isOutdated);
      delay = hooks().delayAfter(data);
    } catch (error) {
      if (isStopped) return;
      failures++;
      const { normalDelay, maxBackoffMs, onError } = hooks();
      onError(error instanceof Error ? error : new Error(String(error)), lastSuccessAt);
      failedForGood = error instanceof LoginExpiredError;
      const retryAfter = isApiError(error) ? (error.details.retryAfterMs ?? 0) : 0;
      const backoff = Math.max(1_000, normalDelay()) * 2 ** (failures - 1);
      delay = Math.max(retryAfter, Math.min(maxBackoffMs, backoff));
    } finally {
      inFlight = null;
    }
    // Only a new login helps: asking again would only collect refusals. The last data stays on screen.
    if (failedForGood) return;
    if (isRefreshQueued) {
      isRefreshQueued = false;
      void run();
    } else {
      if (failures === 0) waitingSince = Date.now();
      schedule(delay);
    }
  }

  void run();
  return {
    refresh() {
      if (inFlight) isOutdated = true;
      void run();
    },
    replaced(data) {
      if (inFlight) isOutdated = true;
      else {
        waitingSince = Date.now();
        schedule(hooks().delayAfter(data));
      }
    },
    retime() {
      if (isStopped || waitingSince === null) return;
      schedule(Math.max(0, waitingSince + hooks().normalDelay() - Date.now()));
    },
    stop() {
      isStopped = true;
      clearTimeout(timer);
      inFlight?.abort();
    },
  };
}
