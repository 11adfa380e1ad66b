import type { Database } from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/service/store/db.js';
import { CatalogStore } from '../../src/service/store/catalog.js';

let db: Database | undefined;
afterEach(() => db?.close());

/** `database` with the reads of a track by id counted. */
function countingTrackReads(database: Database): { db: Database; reads: () => number } {
  let reads = 0;
  const prepare = database.prepare.bind(database);
  const counted = new Proxy(database, {
    get(target, key, receiver) {
      if (key !== 'prepare') return Reflect.get(target, key, receiver);
      return (sql: string) => {
        const statement = prepare(sql);
        if (!/FROM tracks WHERE id = \?/.test(sql)) return statement;
        const get = statement.get.bind(statement);
        return Object.assign(statement, { get: (...args: unknown[]) => (reads++, get(...args)) });
      };
    },
  });
  return { db: counted, reads: () => reads };
}

describe("the catalog's rows in memory", () => {
  it('answers a row read again from memory, up to a bound past which rows are read again, the same', () => {
    db = openDatabase({ path: ':memory:' });
    const ids = (db.prepare('SELECT id FROM tracks ORDER BY id LIMIT 600').all() as { id: string }[]).map((row) => row.id);
    expect(ids).toHaveLength(600);
    const { db: counted, reads } = countingTrackReads(db);
    const catalog = new CatalogStore(counted);
    const first = catalog.track(ids[0]!);
    expect(catalog.track(ids[0]!)).toBe(first);
    expect(reads()).toBe(1);
    for (const id of ids.slice(1)) catalog.track(id);
    expect(reads()).toBe(600);
    // Hundreds of rows later the first is no longer kept: read again, and the same row.
    expect(catalog.track(ids[0]!)).toEqual(first);
    expect(reads()).toBe(601);
  });
});
