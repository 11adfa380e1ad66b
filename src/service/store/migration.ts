import type { Database } from 'better-sqlite3';
import type { SeedCatalog } from '../seed/types.js';

/** A change of the schema. */
export type Migration = (db: Database) => void;

/**
 * One step of a database's history (schema.ts lists them in order): a change of the schema, the part of the
 * seed it brings, or both. A step's seed runs wherever the step runs, so a database seeded before the step
 * is given the step's part as a new one is: one entry adds a seeded table to every database.
 */
export interface MigrationStep {
  schema?: Migration;
  /** Loads the step's part of the catalog (the database's own catalog: the generated one, or a test's). */
  seed?: (db: Database, catalog: SeedCatalog) => void;
}
