import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Pictures on disk, bounded in bytes, least recently used evicted first. Recency is the file's mtime, touched
 * on every read, so the order survives restarts without an index file of its own.
 */
export interface ImageCache {
  get(url: string): Buffer | null;
  put(url: string, bytes: Buffer): void;
}

export const DEFAULT_IMAGE_CACHE_BYTES = 20 * 1024 * 1024;

interface Entry {
  size: number;
  usedAt: number;
}

export function createImageCache(directory: string, maxBytes = DEFAULT_IMAGE_CACHE_BYTES): ImageCache {
  let entries: Map<string, Entry> | null = null;
  const fileOf = (url: string): string => `${createHash('sha1').update(url).digest('hex')}.img`;

  // Read once, on first use: the dashboard starts without touching the folder.
  function index(): Map<string, Entry> {
    if (entries !== null) return entries;
    entries = new Map();
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(directory)) {
      if (!name.endsWith('.img')) continue;
      try {
        const stat = statSync(join(directory, name));
        entries.set(name, { size: stat.size, usedAt: stat.mtimeMs });
      } catch {
        // Gone between the listing and the stat: another dashboard evicted it.
      }
    }
    return entries;
  }

  function evict(map: Map<string, Entry>): void {
    let total = 0;
    for (const entry of map.values()) total += entry.size;
    const oldestFirst = [...map.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [name, entry] of oldestFirst) {
      if (total <= maxBytes) break;
      try {
        unlinkSync(join(directory, name));
      } catch {
        // Already gone.
      }
      map.delete(name);
      total -= entry.size;
    }
  }

  return {
    get(url) {
      const map = index();
      const name = fileOf(url);
      const entry = map.get(name);
      if (entry === undefined) return null;
      try {
        const bytes = readFileSync(join(directory, name));
        const now = Date.now();
        utimesSync(join(directory, name), now / 1000, now / 1000);
        entry.usedAt = now;
        return bytes;
      } catch {
        map.delete(name);
        return null;
      }
    },
    put(url, bytes) {
      if (bytes.length > maxBytes) return;
      const map = index();
      const name = fileOf(url);
      const path = join(directory, name);
      // A picture half written by a crash must never be read back: write aside, then rename.
      const partial = `${path}.${process.pid}.part`;
      writeFileSync(partial, bytes, { mode: 0o600 });
      renameSync(partial, path);
      map.set(name, { size: bytes.length, usedAt: Date.now() });
      evict(map);
    },
  };
}
