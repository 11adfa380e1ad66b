import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startService } from '../../src/service/start.js';

/** `serve --catalog-tracks` and `--liked-songs`: the size of a new database, and a clear line for an existing one of another size. */
let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'playdeck-size-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('the catalog size of a new database', () => {
  it('seeds the sizes asked, and serves them again', async () => {
    const db = join(folder, 'sized.db');
    const service = await startService({ db, catalogSize: { catalogTracks: 2_500, likedSongs: 300 } });
    const liked = (await (await fetch(`${service.baseUrl}/me/tracks?limit=1`, { headers: { authorization: `Bearer ${service.accessToken}` } })).json()) as { total: number };
    expect(liked.total).toBe(300);
    await service.close();
    const again = await startService({ db, catalogSize: { likedSongs: 300 } });
    await again.close();
  });

  it('refuses another size for a database made with one, saying how to go on', async () => {
    const db = join(folder, 'made.db');
    await (await startService({ db, catalogSize: { catalogTracks: 2_500, likedSongs: 10 } })).close();
    await expect(startService({ db, catalogSize: { catalogTracks: 3_000 } })).rejects.toThrow(
      `--catalog-tracks 3000: ${db} was made with a catalog of 2500 tracks; sizes apply when a database is made: use --db NEW_PATH`,
    );
    await expect(startService({ db, catalogSize: { likedSongs: 11 } })).rejects.toThrow('was made with 10 liked songs');
    // Without sizes asked, it is served as it is.
    await (await startService({ db })).close();
  });
});
