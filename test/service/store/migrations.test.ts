import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/service/store/db.js';
import { insertInto } from '../../../src/service/store/load-seed.js';
import type { MigrationStep } from '../../../src/service/store/migration.js';
import { migrate, migrations } from '../../../src/service/store/schema.js';
import type { SeedCatalog } from '../../../src/service/seed/types.js';
import { fixtureCatalog } from '../../helpers/catalog-fixture.js';

/**
 * Databases made by earlier versions, built here from the first steps of the history (schema.ts), then
 * opened by this one: each is given the steps and the seeded parts it lacks, and ends with the rows a new
 * database has.
 */
let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'playdeck-migrations-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A database file as a version that knew only `steps` left it. */
function madeBy(steps: readonly MigrationStep[], name = 'old.db'): string {
  const path = join(folder, name);
  const db = new Sqlite(path);
  migrate(db, fixtureCatalog, steps);
  db.close();
  return path;
}

/** How a table's rows are ordered: by rowid, or by its key where it has none. */
function orderOf(db: Database, table: string, sql: string | null): string {
  if (!/WITHOUT ROWID/i.test(sql ?? '')) return 'rowid';
  const key = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; pk: number }[]).filter((column) => column.pk > 0);
  return key.sort((a, b) => a.pk - b.pk).map((column) => column.name).join(', ');
}

/** Every row of every table (the full-text index's own tables included), in order; snapshot ids are random, so only their presence counts. */
function rowsOf(db: Database): Record<string, unknown[]> {
  // A full-text table is read through its own tables (a contentless one cannot be scanned).
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name").all() as { name: string; sql: string | null }[];
  return Object.fromEntries(
    tables.map(({ name, sql }) => [
      name,
      (db.prepare(`SELECT * FROM ${name} ORDER BY ${orderOf(db, name, sql)}`).all() as Record<string, unknown>[]).map((row) =>
        'snapshot_id' in row ? { ...row, snapshot_id: typeof row.snapshot_id } : row,
      ),
    ]),
  );
}

function freshRows(steps: readonly MigrationStep[] = migrations): Record<string, unknown[]> {
  const db = new Sqlite(':memory:');
  migrate(db, fixtureCatalog, steps);
  const rows = rowsOf(db);
  db.close();
  return rows;
}

const columnsOf = (db: Sqlite.Database, table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((column) => column.name);

describe('a database made by an earlier version', () => {
  it("seeded before plays were dated: gets the seed's dates", () => {
    const path = madeBy(migrations.slice(0, 2));
    const old = new Sqlite(path);
    expect(columnsOf(old, 'resume_points')).not.toContain('played_at');
    old.close();

    const db = openDatabase({ path, catalog: fixtureCatalog });
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    const dated = db.prepare('SELECT item_id, played_at FROM resume_points ORDER BY item_id').all();
    const seeded = fixtureCatalog().resume_points.map((point) => ({ item_id: point.item_id, played_at: Date.parse(point.played_at) }));
    expect(dated).toEqual(seeded.sort((a, b) => a.item_id.localeCompare(b.item_id)));
    db.close();
  });

  it('a point played since the column came keeps its own date', () => {
    const path = madeBy(migrations.slice(0, 3));
    const [point] = fixtureCatalog().resume_points;
    const old = new Sqlite(path);
    old.prepare('UPDATE resume_points SET played_at = 42 WHERE item_id = ?').run(point!.item_id);
    old.close();
    const db = openDatabase({ path, catalog: fixtureCatalog });
    expect(db.prepare('SELECT played_at FROM resume_points WHERE item_id = ?').get(point!.item_id)).toEqual({ played_at: 42 });
    db.close();
  });

  it.each(migrations.slice(1).map((_, place) => place + 1))('of %i steps: ends with the rows of a new database', (known) => {
    const db = openDatabase({ path: madeBy(migrations.slice(0, known)), catalog: fixtureCatalog });
    expect(rowsOf(db)).toEqual(freshRows());
    db.close();
  });

  it('that stopped before its first seed: is seeded whole', () => {
    const unseeded = migrations.map(({ schema }) => (schema ? { schema } : {}));
    const db = openDatabase({ path: madeBy(unseeded), catalog: fixtureCatalog });
    expect(rowsOf(db)).toEqual(freshRows());
    db.close();
  });
});

describe('a step that seeds a new table', () => {
  // The shape of the steps to come (liked songs, saved albums, followed artists): one entry.
  const likedSongs: MigrationStep = {
    schema: (db) => db.exec('CREATE TABLE liked_tracks (user_id TEXT NOT NULL, track_id TEXT NOT NULL, added_at TEXT NOT NULL)'),
    seed: (db: Database, catalog: SeedCatalog) => {
      const insert = insertInto(db, 'liked_tracks', ['user_id', 'track_id', 'added_at']);
      for (const track of catalog.tracks.slice(0, 3)) insert({ user_id: catalog.demo_user_id, track_id: track.id, added_at: '2024-01-01T00:00:00Z' });
    },
  };

  it('fills it in a database seeded before it, as in a new one', () => {
    const path = madeBy(migrations);
    const db = new Sqlite(path);
    migrate(db, fixtureCatalog, [...migrations, likedSongs]);
    expect(db.prepare('SELECT track_id FROM liked_tracks').all()).toHaveLength(3);
    expect(rowsOf(db)).toEqual(freshRows([...migrations, likedSongs]));
    db.close();
  });

  it('runs each seed once: opening again adds nothing', () => {
    const path = madeBy([...migrations, likedSongs]);
    const db = new Sqlite(path);
    migrate(db, fixtureCatalog, [...migrations, likedSongs]);
    expect(db.prepare('SELECT count(*) AS n FROM liked_tracks').get()).toEqual({ n: 3 });
    db.close();
  });
});
