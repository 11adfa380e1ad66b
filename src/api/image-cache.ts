import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Pictures on disk, bounded in bytes, least recently used evicted first. Recency is the file's mtime, touched
 * on every read, so the order survives restarts without an index file of its own. The bound is the folder's:
 * what is there is counted from the folder itself after each write, so several dashboards sharing it stay
 * within it together, and a write a crash left half done (`*.part`) is removed once it is a minute old.
 */
export interface ImageCache {
  get(url: string): Buffer | null;
  put(url: string, bytes: Buffer): void;
  /** Removes the picture of `url` (one that turned out not to decode). */
  forget(url: string): void;
}

export const DEFAULT_IMAGE_CACHE_BYTES = 20 * 1024 * 1024;
/** A `.part` file older than this is no other dashboard's write in progress but a leftover. */
export const STALE_PART_MS = 60_000;

interface Entry {
  name: string;
  size: number;
  usedAt: number;
}

const removeQuietly = (path: string): void => {
  try {
    unlinkSync(path);
  } catch {
    // Gone already: another dashboard removed it.
  }
};

/** The file the picture of `url` is kept in, in `directory` (there or not): the desktop points at it. */
export function cachedPicturePath(directory: string, url: string): string {
  return join(directory, `${createHash('sha1').update(url).digest('hex')}.img`);
}

export function createImageCache(directory: string, maxBytes = DEFAULT_IMAGE_CACHE_BYTES, now: () => number = () => Date.now()): ImageCache {
  let isSwept = false;
  const fileOf = (url: string): string => basename(cachedPicturePath(directory, url));

  /** The pictures in the folder now, leftovers of crashed writes removed on the way. */
  function survey(): Entry[] {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const entries: Entry[] = [];
    for (const name of readdirSync(directory)) {
      const isPart = name.endsWith('.part');
      if (!isPart && !name.endsWith('.img')) continue;
      try {
        const stat = statSync(join(directory, name));
        if (!isPart) entries.push({ name, size: stat.size, usedAt: stat.mtimeMs });
        else if (now() - stat.mtimeMs > STALE_PART_MS) removeQuietly(join(directory, name));
      } catch {
        // Gone between the listing and the stat: another dashboard evicted it.
      }
    }
    isSwept = true;
    return entries;
  }

  function evict(): void {
    const entries = survey();
    let total = entries.reduce((sum, entry) => sum + entry.size, 0);
    for (const entry of entries.sort((a, b) => a.usedAt - b.usedAt)) {
      if (total <= maxBytes) break;
      removeQuietly(join(directory, entry.name));
      total -= entry.size;
    }
  }

  return {
    get(url) {
      // The first use sweeps the folder; the dashboard starts without touching it.
      if (!isSwept) survey();
      const path = join(directory, fileOf(url));
      try {
        const bytes = readFileSync(path);
        const touched = now() / 1000;
        utimesSync(path, touched, touched);
        return bytes;
      } catch {
        return null;
      }
    },
    put(url, bytes) {
      if (bytes.length > maxBytes) return;
      mkdirSync(directory, { recursive: true, mode: 0o700 });
      const path = join(directory, fileOf(url));
      // A picture half written by a crash must never be read back: write aside, then rename.
      const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.part`;
      writeFileSync(partial, bytes, { mode: 0o600 });
      renameSync(partial, path);
      // Recency by this cache's clock, as reads touch it: the order does not hang on the file system's.
      const written = now() / 1000;
      utimesSync(path, written, written);
      evict();
    },
    forget(url) {
      removeQuietly(join(directory, fileOf(url)));
    },
  };
}
