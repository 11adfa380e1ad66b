import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseFault, openDatabase } from '../../src/service/store/db.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

const folders: string[] = [];
const services: TestService[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'playdeck-db-'));
  folders.push(path);
  return path;
}
const checksum = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

async function service(): Promise<TestService> {
  const made = await createTestService({ path: join(folder(), 'playdeck.db') });
  services.push(made);
  return made;
}

const move = (target: TestService) =>
  target.request({ method: 'PUT', url: `/v1/playlists/${ids.firstPlaylist}/items`, payload: { range_start: 0, insert_before: 3 } });

describe('the database file', () => {
  it('that is not a database is named with the way forward, and left exactly as it was', () => {
    const path = join(folder(), 'playdeck.db');
    writeFileSync(path, 'these are my notes, not a database\n'.repeat(200));
    const before = checksum(path);
    const fault = (() => {
      try {
        openDatabase({ path });
      } catch (error) {
        return error;
      }
    })();
    expect(fault).toBeInstanceOf(DatabaseFault);
    expect((fault as Error).message).toContain(path);
    expect((fault as Error).message).toMatch(/--db ANOTHER_PATH.*move it aside/);
    expect(checksum(path)).toBe(before);
  });

  it('on a full disk answers a save in the error shape (507), and the playlist is unchanged', async () => {
    const target = await service();
    const before = (await target.get(`/v1/playlists/${ids.firstPlaylist}?fields=snapshot_id`)).body.snapshot_id;
    // A disk that fills up mid-save: SQLite's own error, thrown where the store writes (a real full disk
    // cannot be made here: SQLite will not lower max_page_count below the file's size, and a save reuses the
    // pages it frees).
    const write = vi.spyOn(target.context.playlists, 'reorder').mockImplementationOnce(() => {
      throw new Sqlite.SqliteError('database or disk is full', 'SQLITE_FULL');
    });
    const answer = await move(target);
    expect(answer.status).toBe(507);
    expect(answer.body).toEqual({ error: { status: 507, message: expect.stringMatching(/disk is full/) } });
    write.mockRestore();
    expect((await target.get(`/v1/playlists/${ids.firstPlaylist}?fields=snapshot_id`)).body.snapshot_id).toBe(before);
    expect((await move(target)).status).toBe(200);
  });

  it('that is read-only is read, and saves are refused with the reason', async () => {
    const target = await service();
    target.db.pragma('query_only = 1');
    expect((await target.get(`/v1/playlists/${ids.firstPlaylist}`)).status).toBe(200);
    const answer = await move(target);
    expect(answer.status).toBe(507);
    expect(answer.body.error.message).toMatch(/read-only/);
  });
});
