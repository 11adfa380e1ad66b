import Sqlite, { type Database } from 'better-sqlite3';
import { generateCatalog } from '../seed/generate.js';
import { keepDatabasePrivate } from './file-modes.js';
import type { SeedCatalog } from '../seed/types.js';
import { isSeeded, migrate } from './schema.js';

export type { Database } from 'better-sqlite3';

export interface OpenDatabaseOptions {
  /** A file path, or `:memory:`. */
  path: string;
  /** The catalog a new database is seeded with; the generated demo catalog by default. */
  catalog?: () => SeedCatalog;
}

/**
 * SQLite's page cache, in KiB when negative. better-sqlite3 builds SQLite with 16 MB (SQLITE_DEFAULT_CACHE_SIZE
 * -16000), and walking a 10,000-item playlist and 10,000 liked songs filled it: resident memory that the
 * dashboard's process kept all day. Pages read again come from the operating system's file cache instead (a
 * read of a 4 KiB page from memory, not the disk), so 2 MB, SQLite's own default, costs the walk little.
 */
const PAGE_CACHE_KIB = -2000;

/**
 * Opens the service's database, bringing it up to date (schema.ts: a new one is created and seeded, an old one
 * gets the steps and seeded parts it lacks). WAL with synchronous=FULL: a write that has returned is on disk
 * (decisions §7).
 */
export function openDatabase(options: OpenDatabaseOptions): Database {
  let db: Database;
  keepDatabasePrivate(options.path);
  try {
    db = new Sqlite(options.path);
  } catch (error) {
    throw databaseFault(error, options.path);
  }
  try {
    // A new database is seeded through a rollback journal, then goes to WAL: its pages are all new, so nothing
    // is journaled, where the log would carry the whole seed once more (~100 ms of a first start); a crash
    // in the middle leaves an empty file, seeded at the next start.
    const isNew = options.path !== ':memory:' && db.pragma('page_count', { simple: true }) === 0;
    db.pragma(isNew ? 'journal_mode = DELETE' : 'journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma(`cache_size = ${PAGE_CACHE_KIB}`);
    migrate(db, options.catalog ?? generateCatalog);
    if (isNew) db.pragma('journal_mode = WAL');
    return db;
  } catch (error) {
    db.close();
    if (codeOf(error) === 'SQLITE_READONLY') return openReadOnly(options.path);
    throw databaseFault(error, options.path);
  }
}

/** A database that cannot be written: the service still reads it, and refuses writes in the error shape. */
function openReadOnly(path: string): Database {
  const db = new Sqlite(path, { readonly: true, fileMustExist: true });
  if (!isSeeded(db)) {
    db.close();
    throw new DatabaseFault(`${path} is read-only and was never set up: use --db with a path that can be written`);
  }
  return db;
}

/** What went wrong with the database file, in one line that names it and says what to do. */
export class DatabaseFault extends Error {
  override readonly name = 'DatabaseFault';
}

const codeOf = (error: unknown): string | undefined => (error as { code?: string } | null)?.code;

/** SQLite's words for a file that is damaged or no database at all (extended codes included: SQLITE_CORRUPT_INDEX…). */
export function isDamageError(error: unknown): boolean {
  const code = codeOf(error);
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** A fault of the file met while opening or starting to serve it, as one line; other errors as they are. */
export function databaseFault(error: unknown, path: string): Error {
  const reason = error instanceof Error ? error.message : String(error);
  if (isDamageError(error)) {
    return new DatabaseFault(
      `${path} is not a usable playdeck database (${reason}); it was left as it is: start with --db ANOTHER_PATH, or move it aside for a fresh one`,
    );
  }
  switch (codeOf(error)) {
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return new DatabaseFault(`${path} is locked by another program (waited 5 s): close that program, or start with --db ANOTHER_PATH`);
    case 'SQLITE_CANTOPEN':
      return new DatabaseFault(`cannot open ${path} (${reason}): check that its folder exists and can be written, or use --db ANOTHER_PATH`);
    default:
      return error instanceof Error ? error : new Error(reason);
  }
}

/**
 * Closes a damaged file without the checkpoint SQLite makes when the last connection to a file closes, which
 * would copy the write-ahead log into it: a read-only connection that has read (and so holds its shared lock)
 * keeps that close from taking the lock a checkpoint needs, and closes without one itself, being read-only.
 */
export function closeLeavingFileAsIs(db: Database): void {
  let guard: Database | null = null;
  try {
    guard = new Sqlite(db.name, { readonly: true, fileMustExist: true });
    guard.pragma('schema_version');
  } catch {
    // No guard (not even the header can be read): the close below may checkpoint.
  }
  db.close();
  guard?.close();
}

export function demoUserId(db: Database): string {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'demo_user_id'").get() as { value: string };
  return row.value;
}
