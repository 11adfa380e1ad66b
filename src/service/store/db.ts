import Sqlite, { type Database } from 'better-sqlite3';
import { generateCatalog } from '../seed/generate.js';
import type { SeedCatalog } from '../seed/types.js';
import { loadSeed } from './load-seed.js';
import { migrate } from './schema.js';

export type { Database } from 'better-sqlite3';

export interface OpenDatabaseOptions {
  /** A file path, or `:memory:`. */
  path: string;
  /** The catalog a new database is seeded with; the generated demo catalog by default. */
  catalog?: () => SeedCatalog;
}

/**
 * Opens (creating and seeding on first open) the service's database. WAL with synchronous=FULL: a write
 * that has returned is on disk (decisions §7).
 */
export function openDatabase(options: OpenDatabaseOptions): Database {
  const db = new Sqlite(options.path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db);
    const seeded = db.prepare("SELECT 1 FROM meta WHERE key = 'demo_user_id'").get();
    if (!seeded) {
      const catalog = (options.catalog ?? generateCatalog)();
      db.transaction(() => loadSeed(db, catalog))();
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function demoUserId(db: Database): string {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'demo_user_id'").get() as { value: string };
  return row.value;
}
