/**
 * What the last 200 of each GET gave, so that a repeated request can ask "changed since?" with
 * `If-None-Match` and a 304 can resolve to the very same normalised object (the UI compares by reference).
 * Our own small map instead of got's cache: that one needs `cacheOptions: {shared: false}` for Bearer
 * requests, stores whole responses and revalidates by its own rules; we need only the ETag and the value.
 * Bounded, least recently used first out.
 */

export interface CachedResponse {
  etag: string | null;
  /**
   * The raw body, kept for small responses without an ETag (the playback state): an identical body then
   * also resolves to the same object, so a paused player polled all day re-renders nothing.
   */
  body: string | null;
  value: unknown;
}

export interface ConditionalCache {
  get(key: string): CachedResponse | undefined;
  set(key: string, entry: CachedResponse): void;
  readonly size: number;
}

/**
 * Enough for every list's pages near its cursor and the player; more would keep all 200 pages of a
 * 10,000-item playlist walked once (the view lets go of far pages, this cache would not).
 */
export const DEFAULT_CACHE_ENTRIES = 40;
/** Bodies longer than this are not kept for comparison: their ETag does that job, and memory matters. */
export const MAX_COMPARED_BODY = 32 * 1024;

export function createConditionalCache(maxEntries = DEFAULT_CACHE_ENTRIES): ConditionalCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, CachedResponse>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    set(key, entry) {
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    get size() {
      return entries.size;
    },
  };
}
