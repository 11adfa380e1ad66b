import { isApiError } from '../../api/errors.js';
import { answered, nextSendAt, rateLimited, sent, type Pace } from './model/save-pace.js';

/** Resolves at `at` (epoch ms), or rejects when `signal` aborts. */
export function waitUntil(at: number, signal: AbortSignal): Promise<void> {
  const ms = at - Date.now();
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
  });
}

/** The pace of a playlist's requests, kept across saves and reads (model/save-pace.ts). */
export interface PaceHolder {
  current: Pace;
}

/**
 * One request on the pace: spaced out when `isSpaced` (a long save, a long read), and after a 429 sent again
 * once the service's wait is over. A short run goes at once, as a few moves always have: it fits any budget.
 */
export async function sendPaced<T>(pace: PaceHolder, isSpaced: boolean, signal: AbortSignal, send: () => Promise<T>): Promise<T> {
  for (;;) {
    const now = Date.now();
    await waitUntil(isSpaced ? nextSendAt(pace.current, now) : Math.max(now, pace.current.blockedUntil), signal);
    pace.current = sent(pace.current, Date.now());
    try {
      const result = await send();
      pace.current = answered(pace.current);
      return result;
    } catch (error) {
      if (!(isApiError(error) && error.kind === 'rate-limited')) throw error;
      pace.current = rateLimited(pace.current, Date.now(), error.details.retryAfterMs);
    }
  }
}
