import { createHash } from 'node:crypto';

/** What a cached value can depend on that a write may change; each has a version every write bumps. */
export type Covered = 'library' | 'resume' | 'playlists' | 'player';

/**
 * The catalog itself: fixed once seeded for the demo, changed by each batch a music folder's scan commits
 * (music/library-scan.ts). Every cached value is made of the catalog, so every key carries its version.
 */
export type Versioned = Covered | 'catalog';

/** One version counter per covered kind of data, bumped by every write to it (in memory: caches are too). */
export class Versions {
  private readonly counts: Record<Versioned, number> = { library: 0, resume: 0, playlists: 0, player: 0, catalog: 0 };

  of(covered: Versioned): number {
    return this.counts[covered];
  }

  bump(covered: Versioned): void {
    this.counts[covered] += 1;
  }
}

/** What names a cached value: plain values of the request (ids, market, user, origin, page bounds...). */
export type KeyPart = string | number | boolean | null | undefined;

/** A cache key, only made by `cacheKey`: kind, the versions of what it covers, then its parts. */
export type CacheKey = string & { readonly brand: 'CacheKey' };

export interface KeySpec {
  /** The kind of value (one per route or rendered object), so two kinds never share a key. */
  kind: string;
  /** The data the value is built from that writes can change. */
  covers: readonly Covered[];
  parts: readonly KeyPart[];
}

/** JSON of the parts: unambiguous whatever a part holds (a `fields` filter may hold any character). */
export function cacheKey(versions: Versions, spec: KeySpec): CacheKey {
  const stamps = [`catalog@${versions.of('catalog')}`, ...spec.covers.map((covered) => `${covered}@${versions.of(covered)}`)];
  return JSON.stringify([spec.kind, stamps, spec.parts]) as CacheKey;
}

/**
 * A memo of rendered JSON, bounded by the total size of its values. Emptied when full rather than tracking
 * recency: entries are cheap to rebuild, and the bound only guards memory against keys a client can vary
 * (Host, query parameters) and against entries a version bump left behind.
 */
export class RenderCache<V> {
  private readonly entries = new Map<CacheKey, V>();
  private weight = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number,
  ) {}

  get(key: CacheKey, make: () => V): V {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = make();
      const weight = this.weigh(value) + key.length;
      if (this.weight + weight > this.maxWeight) this.clear();
      this.entries.set(key, value);
      this.weight += weight;
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }
}

/** A response body, encoded once, with its ETag, computed once when the body is built. */
export interface RenderedBody {
  bytes: Buffer;
  etag: string;
}

export function withEtag(body: string): RenderedBody {
  const bytes = Buffer.from(body);
  return { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
}
