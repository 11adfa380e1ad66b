/** Paging: checking a page request before it is sent, the page holding an index, and walking all pages. */
import type { PageRequest } from './api.js';
import { invalidArgument } from './map-error.js';
import type { Paging } from './types.js';

/** The `limit`/`offset` query of a page request, or an `ApiError` (nothing sent) when out of bounds. */
export function pageQuery(page: PageRequest, maxLimit: number): { limit: number; offset: number } {
  const { limit, offset } = page;
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
    throw invalidArgument(`Invalid limit ${String(limit)}: must be an integer from 1 to ${maxLimit}`);
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw invalidArgument(`Invalid offset ${String(offset)}: must be a non-negative integer`);
  }
  return { limit, offset };
}

/** The page of `pageSize` items that holds position `index` (pages start at multiples of the size). */
export function pageAt(index: number, pageSize: number): PageRequest {
  return { limit: pageSize, offset: Math.max(0, Math.floor(index / pageSize) * pageSize) };
}

/**
 * Every page from `startOffset` on, one request at a time, e.g.
 * `for await (const page of allPages((page) => api.getPlaylistItems(id, page), 100)) ...`.
 * Ends at the last page (no `next`), on an empty page, or at `total`, whichever comes first.
 */
export async function* allPages<T>(
  fetchPage: (page: PageRequest) => Promise<Paging<T>>,
  pageSize: number,
  startOffset = 0,
): AsyncGenerator<Paging<T>, void, undefined> {
  for (let offset = startOffset; ; ) {
    const page = await fetchPage({ limit: pageSize, offset });
    yield page;
    offset = page.offset + page.items.length;
    if (page.next === null || page.items.length === 0 || offset >= page.total) return;
  }
}
