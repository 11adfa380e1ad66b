/**
 * The client-wide gate that a 429 closes: until it opens again no request of any kind leaves, whoever
 * sends it. Per-request retries alone are not enough: with several pollers each would keep asking while
 * the service is asking all of us to wait.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { rateLimitedNow } from './map-error.js';

export interface Gate {
  /** Epoch ms at which requests may leave again (in the past when open). */
  readonly openAt: number;
  /** Milliseconds until the gate opens; 0 when open. */
  remainingMs(): number;
  /** Closes the gate for at least `waitMs` from now (never shortens a longer closure). */
  closeFor(waitMs: number): void;
  /**
   * Resolves once the gate is open. Rejects with an `ApiError` of kind `rate-limited` at once when the wait
   * would exceed `maxWaitMs`, and with the signal's reason when the caller gives up.
   */
  pass(maxWaitMs: number, signal?: AbortSignal): Promise<void>;
}

export function createGate(now: () => number = Date.now): Gate {
  let openAt = 0;
  const remainingMs = () => Math.max(0, openAt - now());
  return {
    get openAt() {
      return openAt;
    },
    remainingMs,
    closeFor(waitMs) {
      openAt = Math.max(openAt, now() + waitMs);
    },
    async pass(maxWaitMs, signal) {
      // A loop, because another 429 may extend the closure while we wait, and a timer may fire a little
      // early by the wall clock.
      for (let waitMs = remainingMs(); waitMs > 0; waitMs = remainingMs()) {
        if (waitMs > maxWaitMs) throw rateLimitedNow(waitMs);
        await sleep(waitMs, undefined, { signal });
      }
    },
  };
}
