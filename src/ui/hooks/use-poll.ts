import { useEffect, useRef, useState } from 'react';
import { startPollLoop, type PollLoop } from './poll-loop.js';

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
  /** The pace changed (`delayAfter` would answer otherwise): re-times the wait after the last answer. */
  retime(): void;
}

const INITIAL: PollState<never> = { data: undefined, receivedAt: 0, error: null, staleSince: null };
const DEFAULT_MAX_BACKOFF_MS = 60_000;

/**
 * Polls (see poll-loop.ts) and keeps the last good data with its age and the last error. An answer that
 * is the same object as the data shown (a 304) changes no state, so it renders nothing.
 */
export function usePoll<T>(options: PollOptions<T>): Poll<T> {
  const [state, setState] = useState<PollState<T>>(INITIAL);
  // The loop outlives renders: it reads the latest options and state through refs.
  const stateRef = useRef<PollState<T>>(state);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const loopRef = useRef<PollLoop<T> | null>(null);

  const [controls] = useState(() => {
    const commit = (next: PollState<T>): void => {
      stateRef.current = next;
      setState(next);
    };
    const show = (data: T): void => {
      const current = stateRef.current;
      if (current.data === data && current.error === null) return;
      const receivedAt = current.data === data ? current.receivedAt : Date.now();
      commit({ data, receivedAt, error: null, staleSince: null });
    };
    return {
      commit,
      show,
      refresh: () => loopRef.current?.refresh(),
      retime: () => loopRef.current?.retime(),
      replace: (data: T) => {
        show(data);
        loopRef.current?.replaced(data);
      },
    };
  });

  useEffect(() => {
    const { commit, show } = controls;
    const loop = startPollLoop<T>(() => ({
      fetch: optionsRef.current.fetch,
      delayAfter: optionsRef.current.delayAfter,
      normalDelay: () => {
        const { data } = stateRef.current;
        return data === undefined ? 0 : optionsRef.current.delayAfter(data);
      },
      maxBackoffMs: optionsRef.current.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS,
      onData: (data, isOutdated) => {
        if (!isOutdated) show(data);
        // An outdated answer still shows the service works again: the failure shown is over.
        else if (stateRef.current.error !== null) commit({ ...stateRef.current, error: null, staleSince: null });
      },
      onError: (error, lastSuccessAt) => commit({ ...stateRef.current, error, staleSince: lastSuccessAt }),
    }));
    loopRef.current = loop;
    return () => loop.stop();
  }, [controls]);

  return { ...state, refresh: controls.refresh, replace: controls.replace, retime: controls.retime };
}
