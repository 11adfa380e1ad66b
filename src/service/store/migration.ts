import type { Database } from 'better-sqlite3';

/** One schema step (schema.ts lists them in order). */
export type Migration = (db: Database) => void;
