/**
 * The one place where failures become `ApiError`s: got's errors (from the `beforeError` hook), bodies that
 * cannot be read, and bad arguments refused before anything is sent. Messages say what went wrong and
 * where, with the service's own words when it sent some, and never contain the access token.
 */
import type { RequestError } from 'got';
import { asObject, isObject, toStr } from './coerce.js';
import { ApiError, type ApiErrorKind } from './errors.js';

export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'unavailable';
  if (status >= 400) return 'bad-request';
  return 'malformed';
}

/** The service's message and reason from `{"error":{"status","message","reason"}}` or the OAuth form. */
export function readErrorBody(text: string): { message: string | null; reason: string | null } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { message: null, reason: null };
  }
  const error = asObject(body).error;
  if (isObject(error)) {
    return { message: toStr(error.message) || null, reason: toStr(error.reason) || null };
  }
  if (typeof error === 'string') {
    const description = toStr(asObject(body).error_description);
    return { message: description ? `${description} (${error})` : error, reason: null };
  }
  return { message: null, reason: null };
}

const BEARER = /Bearer\s+\S+/gi;

/** Removes every secret (and anything shaped like a bearer credential) from a message. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text.replace(BEARER, 'Bearer [redacted]');
  for (const secret of secrets) {
    if (secret && secret.length >= 4) result = result.split(secret).join('[redacted]');
  }
  return result;
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection dropped',
  EPIPE: 'connection dropped',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ENETUNREACH: 'network unreachable',
  EHOSTUNREACH: 'host unreachable',
};

function findApiError(error: unknown): ApiError | null {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof ApiError) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

function isAbort(error: RequestError): boolean {
  const cause = error.cause as { name?: string } | undefined;
  return error.name === 'AbortError' || error.name === 'CancelError' || cause?.name === 'AbortError';
}

/**
 * Maps any failure of a got request to an `ApiError`. `retryAfterMs` is what the 429 asked for, parsed
 * where the gate was closed; `secrets` are removed from the message.
 */
export function toApiError(
  error: RequestError,
  secrets: readonly (string | undefined)[],
  retryAfterMs?: number,
): ApiError {
  const passed = findApiError(error);
  if (passed) return passed;
  const where = `${error.options?.method ?? 'GET'} ${error.options?.url instanceof URL ? error.options.url.pathname : ''}`;
  const say = (kind: ApiErrorKind, message: string, details: ApiError['details'] = {}) =>
    new ApiError(kind, redact(message, secrets), details);

  if (isAbort(error)) return say('aborted', `Request cancelled (${where})`);
  const response = error.response;
  if (response) {
    const status = response.statusCode;
    const { message, reason } = readErrorBody(typeof response.body === 'string' ? response.body : '');
    const text = message ?? `HTTP ${status} ${response.statusMessage ?? ''}`.trim();
    return say(kindOfStatus(status), `${text} (${status}, ${where})`, {
      status,
      ...(status === 429 && retryAfterMs !== undefined ? { retryAfterMs } : {}),
      ...(reason ? { reason } : {}),
    });
  }
  if (error.name === 'TimeoutError') {
    const event = (error as { event?: string }).event ?? 'response';
    return say('timeout', `The service did not answer in time (${event} timeout, ${where})`);
  }
  if (error.name === 'ParseError' || error.name === 'ReadError') {
    return say('malformed', `Unreadable response (${where}): ${error.message}`);
  }
  const words = NETWORK_WORDS[error.code] ?? error.message;
  return say('network', `Cannot reach the service: ${words} (${where})`);
}

/** A 2xx body that cannot be made sense of. */
export function malformedResponse(where: string, what: string): ApiError {
  return new ApiError('malformed', `Unreadable response (${where}): ${what}`);
}

/** An answer past the client's cap (http.ts), cut off as it came. */
export function tooLargeResponse(where: string, maxBytes: number): ApiError {
  return new ApiError('malformed', `Unreadable response (${where}): larger than ${maxBytes / (1024 * 1024)} MB, not read`);
}

/** An argument refused before any request is sent. */
export function invalidArgument(message: string): ApiError {
  return new ApiError('bad-request', message);
}

/** The gate is closed for longer than the client may wait: fail now instead of hanging the caller. */
export function rateLimitedNow(retryAfterMs: number): ApiError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return new ApiError('rate-limited', `Rate limited by the service; next request allowed in ${seconds} s`, {
    status: 429,
    retryAfterMs,
  });
}
