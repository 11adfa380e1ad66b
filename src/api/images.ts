import type { Got } from 'got';
import { createImageCache, type ImageCache } from './image-cache.js';

/**
 * Cover pictures: fetched without the bearer token (the real service's image host needs none and must not
 * be sent one), bounded in size and time, at most one in flight (a newer request aborts the older one), and
 * kept on disk so a track heard again costs no request. A picture is kept only once its caller could decode
 * it: bytes that fail (not a picture, past the decoding budget) are neither written nor kept, a cached copy
 * that fails is deleted, and the URL is remembered for this run so that no redraw fetches or decodes it again.
 */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 8_000;
/** URLs refused this run, the oldest forgotten first: a day's worth of covers. */
const MAX_REFUSED = 256;

export class ImageFetchError extends Error {}

/** A picture refused earlier in this run: its reason was logged then, so this one is not. */
export class RefusedBeforeError extends ImageFetchError {}

/** Turns a picture's bytes into what is drawn (at once or later); throws or rejects when they are no picture or cost too much. */
export type PictureDecoder<T> = (bytes: Buffer) => T | Promise<T>;

export interface ImageFetcher {
  /**
   * The picture at `url` as `decode` makes it; rejects with ImageFetchError (or an abort) when there is none,
   * or with what `decode` threw.
   */
  fetch<T>(url: string, decode: PictureDecoder<T>): Promise<T>;
}

export function isFetchableImageUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** `http` is a got instance with no Authorization header, no retries of its own and no base URL. */
export function createImageFetcher(http: Got, cache: ImageCache | null, timeoutMs = IMAGE_TIMEOUT_MS): ImageFetcher {
  let inFlight: AbortController | null = null;
  const refused = new Map<string, string>();

  async function download(url: string): Promise<Buffer> {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    try {
      const request = http.get(url, {
        signal: controller.signal,
        timeout: { request: timeoutMs },
        retry: { limit: 0 },
        responseType: 'buffer',
        followRedirect: true,
      });
      request.on('downloadProgress', ({ transferred, total }) => {
        if (transferred > MAX_IMAGE_BYTES || (total ?? 0) > MAX_IMAGE_BYTES) controller.abort();
      });
      const response = await request;
      const bytes = response.body;
      if (bytes.length > MAX_IMAGE_BYTES) throw new ImageFetchError(`image larger than ${MAX_IMAGE_BYTES} bytes: ${url}`);
      return bytes;
    } catch (error) {
      if (error instanceof ImageFetchError) throw error;
      const reason = controller.signal.aborted ? 'aborted (newer picture or too large)' : error instanceof Error ? error.message : String(error);
      throw new ImageFetchError(`cannot fetch ${url}: ${reason}`);
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  }

  function refuse(url: string, error: unknown): never {
    if (refused.size >= MAX_REFUSED) refused.delete(refused.keys().next().value!);
    refused.set(url, error instanceof Error ? error.message : String(error));
    throw error;
  }

  return {
    async fetch(url, decode) {
      if (!isFetchableImageUrl(url)) throw new ImageFetchError(`not an http(s) image URL: ${url}`);
      const reason = refused.get(url);
      if (reason !== undefined) throw new RefusedBeforeError(`refused earlier: ${url}: ${reason}`);
      const cached = cache?.get(url);
      if (cached) {
        try {
          return await decode(cached);
        } catch (error) {
          cache?.forget(url);
          refuse(url, error);
        }
      }
      const bytes = await download(url);
      let decoded;
      try {
        decoded = await decode(bytes);
      } catch (error) {
        refuse(url, error);
      }
      cache?.put(url, bytes);
      return decoded;
    },
  };
}

export interface PicturesOptions {
  /** Where pictures are kept between runs; null keeps none. */
  cacheDir: string | null;
  /** A picture that could not be had, for the log (the screen shows a placeholder). */
  log?: (line: string) => void;
  onRequest?: (method: string, url: string) => void;
}

/**
 * The fetcher the dashboard's `Api.getImage` uses: got without the API's hooks (no token, no 429 gate: an
 * image host is not the API), counted like every other request. What could not be fetched is logged here;
 * what `decode` refused is its caller's to say.
 */
export function createPictures(http: Got, options: PicturesOptions): <T>(url: string, decode: PictureDecoder<T>) => Promise<T> {
  const counted = options.onRequest
    ? http.extend({ hooks: { beforeRequest: [(request) => options.onRequest!(request.method, request.url?.toString() ?? '')] } })
    : http;
  const fetcher = createImageFetcher(counted, options.cacheDir === null ? null : createImageCache(options.cacheDir));
  return async (url, decode) => {
    try {
      return await fetcher.fetch(url, decode);
    } catch (error) {
      if (error instanceof ImageFetchError && !(error instanceof RefusedBeforeError)) options.log?.(error.message);
      throw error;
    }
  };
}
