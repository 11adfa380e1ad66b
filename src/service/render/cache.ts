import { createHash } from 'node:crypto';

/**
 * A bounded memo of rendered JSON strings. Emptied when full rather than tracking recency: entries are
 * cheap to rebuild, and the bound only guards memory against keys an attacker can vary (Host, query).
 */
export class RenderCache<V = string> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, make: () => V): V {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = make();
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
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
