import { createHash } from 'node:crypto';

/**
 * A memo of rendered JSON, bounded by the total size of its values. Emptied when full rather than tracking
 * recency: entries are cheap to rebuild, and the bound only guards memory against keys a client can vary
 * (Host, query parameters).
 */
export class RenderCache<V> {
  private readonly entries = new Map<string, V>();
  private weight = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number,
  ) {}

  get(key: string, make: () => V): V {
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
