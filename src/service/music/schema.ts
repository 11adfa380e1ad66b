import type { Database } from 'better-sqlite3';
import { ftsTable, INDEXED, type IndexedType } from '../store/search-index.js';

/**
 * A music folder's own tables (decisions §19), a step of every database's migrations (empty in the demo's):
 * each file read (where, its size and time for the rescan, its tags, the album, show or audiobook it is in and
 * the item it is), where each item's sound is (a chapter is a part of its file), and what was ever seen, so
 * that an album the user unsaved is not saved again by the next scan.
 */
export function createMusicTables(db: Database): void {
  db.exec(`
    CREATE TABLE music_files (
      root TEXT NOT NULL,
      path TEXT NOT NULL,
      size INTEGER NOT NULL,
      mtime_ms INTEGER NOT NULL,
      kind TEXT NOT NULL,
      container_id TEXT NOT NULL,
      item_key TEXT NOT NULL,
      item_id TEXT,
      tags TEXT NOT NULL,
      PRIMARY KEY (root, path)
    ) WITHOUT ROWID;
    CREATE INDEX music_files_by_container ON music_files(container_id);
    CREATE TABLE music_items (
      id TEXT PRIMARY KEY,
      root TEXT NOT NULL,
      path TEXT NOT NULL,
      start_ms INTEGER NOT NULL,
      end_ms INTEGER
    ) WITHOUT ROWID;
    CREATE TABLE music_seen (type TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (type, id)) WITHOUT ROWID;
  `);
}

/**
 * Makes a music folder's database able to change its search index: the demo's full-text tables are built once
 * and never change, a folder's lose and gain rows at each scan (contentless_delete), found by id.
 * Once, at its first start.
 */
export function prepareMusicSearch(db: Database): void {
  if (db.prepare("SELECT 1 FROM meta WHERE key = 'music_search'").get() !== undefined) return;
  db.transaction(() => {
    for (const type of Object.keys(INDEXED) as IndexedType[]) {
      db.exec(`DROP TABLE IF EXISTS ${ftsTable(type)}`);
      db.exec(
        `CREATE VIRTUAL TABLE ${ftsTable(type)} USING fts5(${INDEXED[type].join(', ')}, content='', contentless_delete=1, ` +
          `tokenize='unicode61 remove_diacritics 2')`,
      );
    }
    db.exec('DELETE FROM search_entries; CREATE INDEX IF NOT EXISTS search_entries_by_id ON search_entries(type, id)');
    db.prepare("INSERT INTO meta (key, value) VALUES ('music_search', '1')").run();
  }).immediate();
}
