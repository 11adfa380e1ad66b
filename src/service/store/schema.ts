import type { Database } from 'better-sqlite3';
import { oauthExpiryMigration, oauthMigration } from '../oauth/schema.js';
import type { SeedCatalog } from '../seed/types.js';
import { createCollectionTables, loadCollection } from './load-collection.js';
import { createDiscographyTables, loadDiscography } from './load-discography.js';
import { loadCatalog, loadPlayedAt } from './load-seed.js';
import { createSearchTables, loadSearchIndex } from './search-index.js';
import type { MigrationStep } from './migration.js';
import { createMusicTables } from '../music/schema.js';
import { createPlaylistFileTables } from '../playlist-files/file-tables.js';

/**
 * The database's history, applied in order on open; `PRAGMA user_version` records how many steps ran.
 * Append new steps at the end, never edit a released one. A step that seeds a new table (liked songs, saved
 * albums…) is one entry: `{ schema: (db) => db.exec('CREATE TABLE …'), seed: loadLikedSongs }`, its part
 * generated from a stream of its own (seed/random.ts).
 */
export const migrations: readonly MigrationStep[] = [
  { schema: createTables, seed: loadCatalog },
  { schema: oauthMigration },
  // When the user last played each item (epoch ms), for "continue listening".
  { schema: (db) => db.exec('ALTER TABLE resume_points ADD COLUMN played_at INTEGER') },
  // Databases seeded before the column existed get the seed's dates (they had none).
  { seed: loadPlayedAt },
  // Refresh tokens expire too; expiry indexes for the purge.
  { schema: oauthExpiryMigration },
  // Entry ids never used twice, now that removals delete entries: a version kept for a stale write names its
  // entries by id, and SQLite would give a deleted largest id to the next entry added.
  { schema: entryIdsNeverReused },
  // Albums and artists as entities, and the larger catalog (seed/discography.ts).
  { schema: createDiscographyTables, seed: loadDiscography },
  // Search over the catalog (store/search-index.ts), built in bulk after it.
  { schema: createSearchTables, seed: loadSearchIndex },
  // Liked songs, saved albums, followed artists and what was played (seed/collection.ts).
  { schema: createCollectionTables, seed: loadCollection },
  // A music folder's files, items and what was seen of them (music/schema.ts): empty in the demo's database.
  { schema: createMusicTables },
  // Playlists kept as files of a music folder (playlist-files/file-tables.ts): empty without one.
  { schema: createPlaylistFileTables },
];

function createTables(db: Database): void {
  db.exec(`
    CREATE TABLE users (
      id TEXT PRIMARY KEY,
      display_name TEXT NOT NULL,
      country TEXT,
      product TEXT NOT NULL,
      email TEXT NOT NULL
    );
    -- Catalog objects keep their pre-built JSON (hrefs hold an origin placeholder) next to the columns
    -- that queries and market rules need, so a read is one row and no object assembly.
    CREATE TABLE tracks (
      id TEXT PRIMARY KEY,
      markets TEXT NOT NULL,
      relinked_to TEXT,
      duration_ms INTEGER NOT NULL,
      doc TEXT NOT NULL
    );
    CREATE TABLE shows (id TEXT PRIMARY KEY, markets TEXT NOT NULL, doc TEXT NOT NULL);
    CREATE TABLE episodes (
      id TEXT PRIMARY KEY,
      show_id TEXT NOT NULL REFERENCES shows(id),
      duration_ms INTEGER NOT NULL,
      doc TEXT NOT NULL
    );
    CREATE TABLE audiobooks (id TEXT PRIMARY KEY, markets TEXT NOT NULL, doc TEXT NOT NULL);
    CREATE TABLE chapters (
      id TEXT PRIMARY KEY,
      audiobook_id TEXT NOT NULL REFERENCES audiobooks(id),
      chapter_number INTEGER NOT NULL,
      duration_ms INTEGER NOT NULL,
      doc TEXT NOT NULL
    );
    CREATE INDEX chapters_by_audiobook ON chapters(audiobook_id, chapter_number);
    CREATE TABLE saved_shows (
      user_id TEXT NOT NULL REFERENCES users(id),
      show_id TEXT NOT NULL REFERENCES shows(id),
      added_at TEXT NOT NULL,
      position INTEGER NOT NULL,
      PRIMARY KEY (user_id, show_id)
    );
    CREATE TABLE saved_audiobooks (
      user_id TEXT NOT NULL REFERENCES users(id),
      audiobook_id TEXT NOT NULL REFERENCES audiobooks(id),
      added_at TEXT NOT NULL,
      position INTEGER NOT NULL,
      PRIMARY KEY (user_id, audiobook_id)
    );
    CREATE TABLE resume_points (
      user_id TEXT NOT NULL REFERENCES users(id),
      item_id TEXT NOT NULL,
      fully_played INTEGER NOT NULL,
      resume_position_ms INTEGER NOT NULL,
      PRIMARY KEY (user_id, item_id)
    );
    CREATE TABLE playlists (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users(id),
      name TEXT NOT NULL,
      description TEXT NOT NULL,
      public INTEGER NOT NULL,
      collaborative INTEGER NOT NULL,
      images TEXT NOT NULL,
      version INTEGER NOT NULL,
      snapshot_id TEXT NOT NULL
    );
    -- What GET /me/playlists lists for each user (own and followed), in order.
    CREATE TABLE user_playlists (
      user_id TEXT NOT NULL REFERENCES users(id),
      playlist_id TEXT NOT NULL REFERENCES playlists(id),
      position INTEGER NOT NULL,
      PRIMARY KEY (user_id, playlist_id)
    );
    -- One row per item ever placed in a playlist; the order lives in playlist_versions.
    CREATE TABLE playlist_entries (
      entry_id INTEGER PRIMARY KEY,
      playlist_id TEXT NOT NULL REFERENCES playlists(id),
      item_type TEXT NOT NULL,
      item_id TEXT NOT NULL,
      added_at TEXT NOT NULL,
      added_by TEXT NOT NULL
    );
    CREATE INDEX playlist_entries_by_playlist ON playlist_entries(playlist_id);
    -- Each version's order as a BLOB of entry ids (Int32 little-endian), the last 100+ kept.
    CREATE TABLE playlist_versions (
      playlist_id TEXT NOT NULL REFERENCES playlists(id),
      version INTEGER NOT NULL,
      snapshot_id TEXT NOT NULL,
      entries BLOB NOT NULL,
      PRIMARY KEY (playlist_id, version)
    );
    CREATE UNIQUE INDEX playlist_versions_by_snapshot ON playlist_versions(playlist_id, snapshot_id);
    -- Access tokens, stored as the sha256 of the token; user_id null for a token with no user.
    CREATE TABLE tokens (
      token_hash TEXT PRIMARY KEY,
      user_id TEXT REFERENCES users(id),
      scopes TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      client_id TEXT
    );
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE player_states (user_id TEXT PRIMARY KEY REFERENCES users(id), state TEXT NOT NULL);
    `);
}

function entryIdsNeverReused(db: Database): void {
  db.exec(`
    CREATE TABLE playlist_entries_kept (
      entry_id INTEGER PRIMARY KEY AUTOINCREMENT,
      playlist_id TEXT NOT NULL REFERENCES playlists(id),
      item_type TEXT NOT NULL,
      item_id TEXT NOT NULL,
      added_at TEXT NOT NULL,
      added_by TEXT NOT NULL
    );
    INSERT INTO playlist_entries_kept (entry_id, playlist_id, item_type, item_id, added_at, added_by)
      SELECT entry_id, playlist_id, item_type, item_id, added_at, added_by FROM playlist_entries ORDER BY entry_id;
    DROP TABLE playlist_entries;
    ALTER TABLE playlist_entries_kept RENAME TO playlist_entries;
    CREATE INDEX playlist_entries_by_playlist ON playlist_entries(playlist_id);
  `);
}

/** Whether the first seed is in: a database made by a start that stopped before seeding it has none. */
export function isSeeded(db: Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get() !== undefined
    && db.prepare("SELECT 1 FROM meta WHERE key = 'demo_user_id'").get() !== undefined;
}

/**
 * Runs the steps the database has not seen, each in its own transaction: its schema change, then its seed.
 * A database without its first seed is given every step's seed, in order. `catalog` is made only if a seed
 * runs; `steps` is the whole history but in tests.
 */
export function migrate(db: Database, catalog: () => SeedCatalog, steps: readonly MigrationStep[] = migrations): void {
  const applied = db.pragma('user_version', { simple: true }) as number;
  const seedFrom = applied > 0 && !isSeeded(db) ? 0 : applied;
  let made: SeedCatalog | undefined;
  const run = () => {
    for (let index = seedFrom; index < steps.length; index++) {
      const step = steps[index]!;
      const isNew = index >= applied;
      if (!isNew && !step.seed) continue;
      db.transaction(() => {
        if (isNew) step.schema?.(db);
        step.seed?.(db, (made ??= catalog()));
        if (isNew) db.pragma(`user_version = ${index + 1}`);
      })();
    }
  };
  // A new database is made in one transaction (each step a savepoint in it): one commit, one sync to disk.
  if (applied === 0) db.transaction(run)();
  else run();
}
