import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/service/store/db.js';
import { fixtureCatalog } from '../helpers/catalog-fixture.js';
import { createTestService, ids } from '../helpers/service.js';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'playdeck-db-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('the file database', () => {
  it('opens in WAL mode with synchronous=FULL and foreign keys on', () => {
    const db = openDatabase({ path: join(folder, 'a.db'), catalog: fixtureCatalog });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(1);
    db.close();
  });

  it('keeps a page cache of 2 MB (SQLite\'s default), not the 16 MB the driver is built with', () => {
    const db = openDatabase({ path: join(folder, 'a.db'), catalog: fixtureCatalog });
    expect(db.pragma('cache_size', { simple: true })).toBe(-2000);
    db.close();
  });

  it('a seed that fails leaves the new file empty, seeded whole at the next open', () => {
    const path = join(folder, 'failed.db');
    const failing = () => {
      throw new Error('the generator broke');
    };
    expect(() => openDatabase({ path, catalog: failing })).toThrow('the generator broke');
    const db = openDatabase({ path, catalog: fixtureCatalog });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect((db.prepare('SELECT count(*) AS n FROM playlists').get() as { n: number }).n).toBe(5);
    db.close();
  });

  it('is seeded once: reopening keeps the data and does not seed again', () => {
    const path = join(folder, 'b.db');
    let calls = 0;
    const catalog = () => {
      calls++;
      return fixtureCatalog();
    };
    openDatabase({ path, catalog }).close();
    const db = openDatabase({ path, catalog });
    expect(calls).toBe(1);
    expect((db.prepare('SELECT count(*) AS n FROM playlists').get() as { n: number }).n).toBe(5);
    db.close();
  });

  it('a reorder answered 200 is there after closing and reopening', async () => {
    const path = join(folder, 'c.db');
    const first = await createTestService({ path });
    const url = `/v1/playlists/${ids.bigPlaylist}/tracks`;
    const moved = await first.request({ method: 'PUT', url, payload: { range_start: 9_900, insert_before: 0, range_length: 100 } });
    expect(moved.status).toBe(200);
    const expected = (await first.get(`${url}?limit=100&fields=items(track.id,added_at)`)).body;
    await first.close();

    const second = await createTestService({ path });
    try {
      const snapshot = (await second.get(`/v1/playlists/${ids.bigPlaylist}?fields=snapshot_id`)).body.snapshot_id;
      expect(snapshot).toBe(moved.body.snapshot_id);
      expect((await second.get(`${url}?limit=100&fields=items(track.id,added_at)`)).body).toEqual(expected);
      expect(expected.items[0].added_at).toBe(new Date(Date.UTC(2024, 0, 1) + 9_900 * 60_000).toISOString().replace('.000', ''));
    } finally {
      await second.close();
    }
  });
});
