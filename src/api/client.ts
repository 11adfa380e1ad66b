/**
 * The API's got instance, extended from the base one in http.ts, that every API request goes through: base URL,
 * bearer token, timeouts, retries, the client-wide 429 gate, the 401 refresh and the error mapping, each set once here.
 * got's silent defaults are all overridden on purpose: no timeout, `Retry-After` ignored past
 * `timeout.request`, POST never retried, redirects followed anywhere (got keeps the Authorization header on
 * a redirect from https to http on the same host, and our hook would set it again on any host).
 */
import type { Agent as HttpAgent } from 'node:http';
import type { Got, RequestError } from 'got';
import { baseHttp } from './http.js';
import { createConnectionTracker, type ConnectionStatus, type ConnectionTracker } from './connection.js';
import { ApiError } from './errors.js';
import { createGate } from './gate.js';
import { invalidArgument, toApiError } from './map-error.js';
import {
  backoffDelay,
  DEFAULT_RETRY,
  mayRetry,
  parseRetryAfter,
  type RetryPolicy,
  type RetrySettings,
} from './retry.js';
import { createTokenSource, type TokenProvider } from './tokens.js';

export interface Timeouts {
  /** Opening the TCP connection. */
  connectMs: number;
  /** From the request being sent to the response headers. */
  responseMs: number;
  /** One whole attempt, body included. */
  requestMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 5_000, responseMs: 10_000, requestMs: 30_000 };

export interface ClientOptions {
  /** The service's base URL including `/v1`, e.g. `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  tokens: TokenProvider;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetrySettings>;
  /** Called for every attempt that actually leaves (after the gate), for counting in tests and benches. */
  onRequest?: (method: string, url: string) => void;
  /** The agent of plain http connections, when not the shared one of http.ts. */
  agent?: HttpAgent;
}

/** Per call, carried in got's `context` across all attempts of that call. */
export interface CallState {
  policy: RetryPolicy;
  /** The token the latest attempt carried, so a 401 knows which one was refused. */
  token?: string;
  /** A call refreshes the token at most once. */
  refreshed: boolean;
}

export interface Client {
  http: Got;
  connection: ConnectionTracker;
  /**
   * The `beforeError` mapping, for the few failures got rejects with directly (an aborted signal destroys
   * the request without running the hooks).
   */
  mapError(error: RequestError): ApiError;
}

const RETRIED_STATUSES = [429, 500, 502, 503, 504];
const RETRIED_ERROR_CODES = [
  'ETIMEDOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ENOTFOUND',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EAI_AGAIN',
];

function checkBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw invalidArgument(`Invalid base URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidArgument(`Invalid base URL: ${JSON.stringify(baseUrl)} (http or https only)`);
  }
  return url.href.replace(/\/+$/, '');
}

export function callState(options: { context: Record<string, unknown>; method: string }): CallState {
  const context = options.context as { call?: CallState };
  context.call ??= { policy: options.method === 'GET' ? 'idempotent' : 'once', refreshed: false };
  return context.call;
}

const FAILING: ReadonlySet<string> = new Set(['network', 'timeout', 'unavailable']);

/** Where a redirect points, resolved against the URL that answered it; null when it names nothing usable. */
function redirectTarget(location: string | undefined, from: string): URL | null {
  try {
    return location === undefined ? null : new URL(location, from);
  } catch {
    return null;
  }
}

export function createClient(options: ClientOptions): Client {
  const prefixUrl = checkBaseUrl(options.baseUrl);
  // The token is the service's: it goes to this origin (scheme, host, port) and nowhere else.
  const origin = new URL(prefixUrl).origin;
  const retry: RetrySettings = { ...DEFAULT_RETRY, ...options.retry };
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const tokens = createTokenSource(options.tokens);
  const gate = createGate();
  const connection = createConnectionTracker();
  const rateLimited = (): ConnectionStatus => ({ state: 'rate-limited', until: gate.openAt });
  // Consecutive 429s without a usable Retry-After: the gate's own backoff grows with them.
  let strikes = 0;

  // Bodies stay text (baseHttp) and are parsed in request.ts.
  const http = baseHttp.extend({
    ...(options.agent ? { agent: { http: options.agent } } : {}),
    prefixUrl,
    timeout: { connect: timeouts.connectMs, response: timeouts.responseMs, request: timeouts.requestMs },
    // A redirect within the service is followed; one to another origin (another host or port, https to http)
    // is not, and fails in afterResponse below with the place it pointed to.
    followRedirect: (response) => redirectTarget(response.headers.location, response.url)?.origin === origin,
    retry: {
      limit: retry.limit,
      // POST is listed so that `once` calls (player commands) get their narrow retries; `mayRetry` decides.
      methods: ['GET', 'PUT', 'POST', 'DELETE'],
      statusCodes: RETRIED_STATUSES,
      errorCodes: RETRIED_ERROR_CODES,
      maxRetryAfter: retry.maxRetryAfterMs,
      backoffLimit: retry.backoffLimitMs,
      calculateDelay: ({ attemptCount, error, retryAfter, computedValue }) => {
        if (error.name === 'RetryError') return computedValue; // a 401 with a fresh token: at once
        if (computedValue === 0) return 0; // got's rules: limit, status, code, Retry-After > maxRetryAfter
        if (!mayRetry(callState(error.options).policy, error)) return 0;
        // After a 429 the gate (closed in afterResponse) holds this retry along with everything else.
        if (error.response?.statusCode === 429) return 1;
        return retryAfter ? computedValue : backoffDelay(attemptCount, retry);
      },
    },
    hooks: {
      beforeRequest: [
        async (request) => {
          const call = callState(request);
          await gate.pass(retry.maxRetryAfterMs, request.signal as AbortSignal | undefined);
          call.token = await tokens.current();
          if (new URL(String(request.url)).origin === origin) request.headers.authorization = `Bearer ${call.token}`;
          else delete request.headers.authorization;
          options.onRequest?.(request.method, String(request.url));
        },
      ],
      afterResponse: [
        async (response, retryWithMergedOptions) => {
          const status = response.statusCode;
          if (status >= 300 && status < 400 && status !== 304) {
            const target = redirectTarget(response.headers.location, response.url);
            const where = `${response.request.options.method} ${new URL(response.url).pathname}`;
            throw new ApiError('malformed', `The service redirected ${where} to ${target?.origin ?? 'nowhere readable'}: not followed, the token is only sent to ${origin} (${status})`, { status });
          }
          if (status === 429) {
            strikes += 1;
            gate.closeFor(parseRetryAfter(response.headers['retry-after'], Date.now()) ?? backoffDelay(strikes, retry));
            connection.set(rateLimited());
            return response;
          }
          strikes = 0;
          const call = callState(response.request.options);
          if (status === 401 && !call.refreshed) {
            call.refreshed = true;
            // beforeRequest reads the new token from the source; keep this hook for the retried attempt.
            if ((await tokens.replace(call.token ?? '')) !== null) return retryWithMergedOptions({ preserveHooks: true });
          }
          if (status < 500 && status !== 401) connection.set({ state: 'online' });
          return response;
        },
      ],
      beforeRetry: [
        (error) => {
          if (error.name === 'RetryError' || error.response?.statusCode === 429) return;
          connection.set({ state: 'retrying', message: describe(error) });
        },
      ],
      beforeError: [mapError],
    },
  });

  function mapError(error: RequestError): ApiError {
    const mapped = toApiError(error, [callState(error.options ?? { context: {}, method: '' }).token], gate.remainingMs() || undefined);
    // A 401 whose refresh failed for a reason of its own (the login expired) ends with that reason.
    const refreshFailure = tokens.refreshFailure();
    const apiError = mapped.kind === 'unauthorized' && refreshFailure instanceof ApiError ? refreshFailure : mapped;
    if (FAILING.has(apiError.kind)) connection.set({ state: 'offline', message: apiError.message });
    else if (apiError.kind === 'unauthorized') connection.set({ state: 'unauthorized', message: apiError.message });
    else if (apiError.kind === 'rate-limited') connection.set(rateLimited());
    return apiError;
  }

  function describe(error: RequestError): string {
    return toApiError(error, [callState(error.options).token]).message;
  }

  return { http, connection, mapError };
}
