import type { Got } from 'got';
import { createImageCache, type ImageCache } from './image-cache.js';

/**
 * Cover pictures: fetched without the bearer token (the real service's image host needs none and must not
 * be sent one), bounded in size and time, at most one in flight (a newer request aborts the older one), and
 * kept on disk so a track heard again costs no request.
 */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 8_000;

export class ImageFetchError extends Error {}

export interface ImageFetcher {
  /** The bytes of the picture at `url`; rejects with ImageFetchError (or an abort) when there is none. */
  fetch(url: string): Promise<Buffer>;
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
  return {
    async fetch(url) {
      if (!isFetchableImageUrl(url)) throw new ImageFetchError(`not an http(s) image URL: ${url}`);
      const cached = cache?.get(url);
      if (cached) return cached;
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
        cache?.put(url, bytes);
        return bytes;
      } catch (error) {
        if (error instanceof ImageFetchError) throw error;
        const reason = controller.signal.aborted ? 'aborted (newer picture or too large)' : error instanceof Error ? error.message : String(error);
        throw new ImageFetchError(`cannot fetch ${url}: ${reason}`);
      } finally {
        if (inFlight === controller) inFlight = null;
      }
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
 * image host is not the API), counted like every other request.
 */
export function createPictures(http: Got, options: PicturesOptions): (url: string) => Promise<Buffer> {
  const counted = options.onRequest
    ? http.extend({ hooks: { beforeRequest: [(request) => options.onRequest!(request.method, request.url?.toString() ?? '')] } })
    : http;
  const fetcher = createImageFetcher(counted, options.cacheDir === null ? null : createImageCache(options.cacheDir));
  return async (url) => {
    try {
      return await fetcher.fetch(url);
    } catch (error) {
      options.log?.(error instanceof Error ? error.message : String(error));
      throw error;
    }
  };
}
