/**
 * When a failed request may be sent again, and after how long. got runs the retries (`retry` options and
 * `calculateDelay` in client.ts); this module holds the decisions, as plain functions.
 */
import type { RequestError } from 'got';

export interface RetrySettings {
  /** Retries after the first attempt. */
  limit: number;
  /** First backoff; doubles with each attempt, then jittered. */
  backoffBaseMs: number;
  /** No backoff is longer than this. */
  backoffLimitMs: number;
  /** The longest `Retry-After` we wait for; a longer one fails the call at once as `rate-limited`. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetrySettings = {
  limit: 5,
  backoffBaseMs: 500,
  backoffLimitMs: 20_000,
  maxRetryAfterMs: 60_000,
};

/**
 * How a request may be retried:
 * - `idempotent`: sending it twice has the effect of sending it once (GETs, a replace of a playlist's items,
 *   a reorder that names its snapshot: see playlists.ts). Retried on 429, 5xx, timeouts and network errors.
 * - `once`: a second delivery could act twice (player commands: `next` would skip two items). Retried only
 *   when the first attempt certainly did not act: the service refused it with 429, or no connection was
 *   ever made. A 5xx, a timeout or a dropped connection might have come after the service acted.
 */
export type RetryPolicy = 'idempotent' | 'once';

/** Errors for which no connection to the service was made, so nothing can have happened there. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

export function mayRetry(policy: RetryPolicy, error: RequestError): boolean {
  if (policy === 'idempotent') return true;
  if (error.response) return error.response.statusCode === 429;
  if (error.name === 'TimeoutError') return (error as { event?: string }).event === 'connect';
  return NEVER_CONNECTED.has(error.code);
}

/** Exponential backoff with "equal jitter": half fixed, half random, so that many clients spread out. */
export function backoffDelay(attempt: number, settings: RetrySettings, random: () => number = Math.random): number {
  const ceiling = Math.min(settings.backoffLimitMs, settings.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(1, Math.round(ceiling / 2 + random() * (ceiling / 2)));
}

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date. Undefined when absent, zero, in the past or
 * unreadable, meaning "use the backoff".
 */
export function parseRetryAfter(header: string | string[] | undefined, now: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  const waitMs = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  return Number.isFinite(waitMs) && waitMs > 0 ? Math.ceil(waitMs) : undefined;
}
