import type { Database } from 'better-sqlite3';
import type { CatalogSize } from '../seed/generate.js';

/** What `serve --catalog-tracks` and `--liked-songs` ask of a new database (absent: the default). */
export type AskedSize = Partial<CatalogSize>;

const KEYS: Record<keyof CatalogSize, { meta: string; option: string; what: string }> = {
  catalogTracks: { meta: 'catalog_tracks', option: '--catalog-tracks', what: 'a catalog of {} tracks' },
  likedSongs: { meta: 'liked_songs', option: '--liked-songs', what: '{} liked songs' },
};

/**
 * Why a database cannot be served at the size asked (it was seeded at another: sizes apply when a database
 * is made), in one line naming the way forward; null when it can.
 */
export function sizeMismatch(db: Database, asked: AskedSize, path: string): string | null {
  const read = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
  for (const [name, key] of Object.entries(KEYS) as [keyof CatalogSize, (typeof KEYS)[keyof CatalogSize]][]) {
    const wanted = asked[name];
    const seeded = read.get(key.meta) as string | undefined;
    if (wanted === undefined || seeded === undefined || Number(seeded) === wanted) continue;
    return `${key.option} ${wanted}: ${path} was made with ${key.what.replace('{}', seeded)}; sizes apply when a database is made: use --db NEW_PATH`;
  }
  return null;
}
