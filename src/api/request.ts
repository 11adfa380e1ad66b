/**
 * Sending a call through the one got instance and reading its body: JSON parsed here (an empty body is
 * `undefined`, an unreadable one or one past MAX_BODY_BYTES an `ApiError` of kind `malformed`), and GETs made conditional with the
 * remembered ETag so that a 304 resolves to the very object the last 200 gave.
 */
import type { RequestError } from 'got';
import type { CallState, Client } from './client.js';
import { isApiError } from './errors.js';
import { MAX_COMPARED_BODY, type ConditionalCache } from './conditional-cache.js';
import { capBody, MAX_BODY_BYTES } from './http.js';
import { malformedResponse, tooLargeResponse } from './map-error.js';
import type { RetryPolicy } from './retry.js';

export interface RequestOptions {
  signal?: AbortSignal;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallSpec {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Relative to the base URL, no leading slash, path segments already encoded. */
  path: string;
  query?: Query;
  json?: unknown;
  /** Default: `idempotent` for GET, `once` otherwise (see retry.ts). */
  policy?: RetryPolicy;
  signal?: AbortSignal;
}

/** Turns a parsed body into a result; calls `unreadable` (which throws) when it cannot make sense of it. */
export type BodyReader<T> = (body: unknown, unreadable: (what: string) => never) => T;

export interface Caller {
  /** A GET, conditional on the last answer to the same URL. */
  get<T>(spec: Omit<CallSpec, 'method' | 'json'>, read: BodyReader<T>): Promise<T>;
  /** A write; resolves to what `read` makes of the body. */
  send<T>(spec: CallSpec, read: BodyReader<T>): Promise<T>;
}

interface FetchOptions {
  method: CallSpec['method'];
  headers?: Record<string, string>;
  json?: unknown;
  signal?: AbortSignal;
  context: { call: CallState };
}

export function urlOf(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function parseBody(text: string, where: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw malformedResponse(where, 'the body is not JSON');
  }
}

function readWith<T>(read: BodyReader<T>, body: unknown, where: string): T {
  const unreadable = (what: string): never => {
    throw malformedResponse(where, what);
  };
  try {
    return read(body, unreadable);
  } catch (error) {
    // A normaliser that trips over a shape nobody foresaw is still a malformed response, not a crash.
    if (isApiError(error)) throw error;
    throw malformedResponse(where, error instanceof Error ? error.message : String(error));
  }
}

export function createCaller(client: Client, cache: ConditionalCache): Caller {
  const fetch = async (url: string, options: FetchOptions, where: string) => {
    const request = client.http(url, options);
    const body = capBody(request);
    try {
      return await request;
    } catch (error) {
      if (body.isOver()) throw tooLargeResponse(where, MAX_BODY_BYTES);
      throw isApiError(error) ? error : client.mapError(error as RequestError);
    }
  };

  // Fresh for each call and shared by its attempts: got shallow-merges `context`, keeping this object.
  const newCall = (method: string, policy: RetryPolicy | undefined): { call: CallState } => ({
    call: { policy: policy ?? (method === 'GET' ? 'idempotent' : 'once'), refreshed: false },
  });

  return {
    async get<T>(spec: Omit<CallSpec, 'method' | 'json'>, read: BodyReader<T>): Promise<T> {
      const url = urlOf(spec.path, spec.query);
      const where = `GET /${spec.path}`;
      const cached = cache.get(url);
      const context = newCall('GET', spec.policy);
      const response = await fetch(url, {
        method: 'GET',
        headers: cached?.etag ? { 'if-none-match': cached.etag } : {},
        signal: spec.signal,
        context,
      }, where);
      if (response.statusCode === 304) {
        if (cached) return cached.value as T;
        throw malformedResponse(where, '304 Not Modified to a request that was not conditional');
      }
      const etag = typeof response.headers.etag === 'string' ? response.headers.etag : null;
      const text = response.body;
      if (cached && (etag ? etag === cached.etag : cached.body === text)) return cached.value as T;
      const value = readWith(read, parseBody(text, where), where);
      const body = etag === null && text.length <= MAX_COMPARED_BODY ? text : null;
      if (etag !== null || body !== null) cache.set(url, { etag, body, value });
      return value;
    },

    async send<T>(spec: CallSpec, read: BodyReader<T>): Promise<T> {
      const where = `${spec.method} /${spec.path}`;
      const context = newCall(spec.method, spec.policy);
      const response = await fetch(urlOf(spec.path, spec.query), {
        method: spec.method,
        ...(spec.json === undefined ? {} : { json: spec.json }),
        signal: spec.signal,
        context,
      }, where);
      return readWith(read, parseBody(response.body, where), where);
    },
  };
}
