import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.js';

export interface PollOptions<T> {
  /** Fetches once; the signal aborts the request when the component unmounts. */
  fetch(signal: AbortSignal): Promise<T>;
  /** How long to wait after a good answer before asking again, given that answer. */
  delayAfter(data: T): number;
  /** The longest wait between failed attempts (the wait doubles from `delayAfter` of the last data). */
  maxBackoffMs?: number;
}

export interface PollState<T> {
  /** The last good answer, kept through failures; undefined until the first one. */
  data: T | undefined;
  /** When `data` (this very object) arrived, epoch ms. */
  receivedAt: number;
  /** Why the last attempt failed; null after a success. */
  error: Error | null;
  /** While the last attempt failed: when the last good answer came (null if none came). */
  staleSince: number | null;
}

export interface Poll<T> extends PollState<T> {
  /** Asks again now, or right after the request in flight (whose answer is then dropped as outdated). */
  refresh(): void;
  /** Shows `data` at once (an optimistic result), dropping the answer of any request in flight. */
  replace(data: T): void;
}

const INITIAL: PollState<never> = { data: undefined, receivedAt: 0, error: null, staleSince: null };
const DEFAULT_MAX_BACKOFF_MS = 60_000;

/**
 * Polls with a chain of timeouts: one request at a time, the next one scheduled when it settles. Failures
 * back off (and wait at least as long as a 429 asked); the last good data stays. An answer that is the
 * same object as the data shown (a 304) changes no state, so it renders nothing.
 */
export function usePoll<T>(options: PollOptions<T>): Poll<T> {
  const [state, setState] = useState<PollState<T>>(INITIAL);
  // The latest state and options, for the loop, which lives as long as the component.
  const stateRef = useRef<PollState<T>>(state);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const controlsRef = useRef<Pick<Poll<T>, 'refresh' | 'replace'> | null>(null);

  useEffect(() => {
    let isStopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | null = null;
    let isOutdated = false;
    let isRefreshQueued = false;
    let failures = 0;
    let lastSuccessAt: number | null = null;

    const commit = (next: PollState<T>): void => {
      stateRef.current = next;
      setState(next);
    };
    const accept = (data: T): void => {
      const current = stateRef.current;
      if (current.data === data && current.error === null) return;
      const receivedAt = current.data === data ? current.receivedAt : Date.now();
      commit({ data, receivedAt, error: null, staleSince: null });
    };
    const schedule = (delay: number): void => {
      clearTimeout(timer);
      timer = setTimeout(run, delay);
    };
    const normalDelay = (): number => {
      const { data } = stateRef.current;
      return data === undefined ? 0 : optionsRef.current.delayAfter(data);
    };

    async function run(): Promise<void> {
      if (inFlight) {
        isRefreshQueued = true;
        return;
      }
      clearTimeout(timer);
      const request = new AbortController();
      inFlight = request;
      isOutdated = false;
      let delay: number;
      try {
        const data = await optionsRef.current.fetch(request.signal);
        if (isStopped) return;
        failures = 0;
        lastSuccessAt = Date.now();
        if (!isOutdated) accept(data);
        delay = optionsRef.current.delayAfter(data);
      } catch (error) {
        if (isStopped) return;
        failures++;
        const reason = error instanceof Error ? error : new Error(String(error));
        commit({ ...stateRef.current, error: reason, staleSince: lastSuccessAt });
        const retryAfter = isApiError(error) ? (error.details.retryAfterMs ?? 0) : 0;
        const backoff = Math.max(1_000, normalDelay()) * 2 ** (failures - 1);
        delay = Math.max(retryAfter, Math.min(optionsRef.current.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, backoff));
      } finally {
        inFlight = null;
      }
      if (isRefreshQueued) {
        isRefreshQueued = false;
        void run();
      } else {
        schedule(delay);
      }
    }

    controlsRef.current = {
      refresh() {
        if (inFlight) isOutdated = true;
        void run();
      },
      replace(data) {
        if (inFlight) isOutdated = true;
        accept(data);
        if (!inFlight) schedule(optionsRef.current.delayAfter(data));
      },
    };
    void run();
    return () => {
      isStopped = true;
      clearTimeout(timer);
      inFlight?.abort();
    };
  }, []);

  const refresh = useRef(() => controlsRef.current?.refresh()).current;
  const replace = useRef((data: T) => controlsRef.current?.replace(data)).current;
  return { ...state, refresh, replace };
}
