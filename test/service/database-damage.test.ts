/**
 * A database file damaged in the middle (the header intact, so it opens): found by a read or by the background
 * integrity check, the service refuses in the error shape with one line, and the file is left exactly as it was.
 */
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { damagedLine } from '../../src/service/damage.js';
import { askInstance } from '../../src/service/instance-check.js';
import { startService, type RunningService } from '../../src/service/start.js';
import { DatabaseFault, openDatabase } from '../../src/service/store/db.js';
import { fixtureCatalog, ids } from '../helpers/catalog-fixture.js';

const folders: string[] = [];
const services: RunningService[] = [];
let seeded: string;

beforeAll(() => {
  // The small fixture catalog (~440 pages), seeded once and copied for each test.
  seeded = join(folder(), 'seeded.db');
  openDatabase({ path: seeded, catalog: fixtureCatalog }).close();
});
afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
});
afterAll(() => {
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true });
});

function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'playdeck-damage-'));
  folders.push(path);
  return path;
}

const checksum = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The pages of a table or index, from SQLite's own page map. */
function pagesOf(path: string, name: string, pagetype: 'leaf' | 'internal'): number[] {
  const db = new Sqlite(path, { readonly: true });
  try {
    return (db.prepare('SELECT pageno FROM dbstat WHERE name = ? AND pagetype = ?').all(name, pagetype) as { pageno: number }[]).map((row) => row.pageno);
  } finally {
    db.close();
  }
}

/** A copy of the seeded database with `pages` overwritten by garbage; the header (page 1) is left alone. */
function damagedCopy(pages: (path: string) => number[]): string {
  const path = join(folder(), 'playdeck.db');
  copyFileSync(seeded, path);
  const pageSize = 4096;
  const garbage = Buffer.alloc(pageSize, 0xa5);
  const fd = openSync(path, 'r+');
  try {
    for (const page of pages(path)) {
      expect(page).toBeGreaterThan(1);
      writeSync(fd, garbage, 0, pageSize, (page - 1) * pageSize);
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

/** Every leaf of the tracks table: the start reads none of them, a read of a track meets one. */
const trackLeaves = (path: string) => pagesOf(path, 'tracks', 'leaf');

async function serve(path: string, integrityCheckAfterMs: number, log: string[]): Promise<RunningService> {
  // As `playdeck serve` starts it, with the OAuth endpoints.
  const service = await startService({ db: path, log: (line) => log.push(line), integrityCheckAfterMs, consent: {} });
  services.push(service);
  return service;
}

async function call(service: RunningService, method: string, path: string, body?: unknown) {
  const response = await fetch(`${service.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${service.accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as any };
}

const move = (service: RunningService) =>
  call(service, 'PUT', `/v1/playlists/${ids.firstPlaylist}/items`, { range_start: 0, insert_before: 3 });

describe('a database damaged in the middle', () => {
  it('answers a read of a damaged page in the error shape with the one line, then refuses everything, and leaves the file as it was', async () => {
    const path = damagedCopy(trackLeaves);
    const before = checksum(path);
    const log: string[] = [];
    // The background check is put off past the test: the read alone finds the damage.
    const service = await serve(path, 60_000, log);
    expect((await call(service, 'GET', '/v1/me')).status).toBe(200);

    const refusal = { error: { status: 503, message: damagedLine(path) } };
    const read = await call(service, 'GET', `/v1/tracks/${ids.track(1)}`);
    expect(read).toEqual({ status: 503, retryAfter: '3600', body: refusal });
    expect(refusal.error.message).toMatch(/--db ANOTHER_PATH.*move it/);
    expect(log).toEqual([`playdeck service: ${damagedLine(path)} (database disk image is malformed)`]);

    // Nothing more is read or written: pages that are intact are refused too, and a save changes nothing.
    expect(await call(service, 'GET', '/v1/me')).toMatchObject({ status: 503, body: refusal });
    expect(await move(service)).toMatchObject({ status: 503, body: refusal });
    // A second dashboard still finds the service (and joins it rather than opening the file itself).
    expect(await askInstance(service.origin, service.instance!)).toBe('same');
    // Callers without a token are not told where the file is.
    const signIn = await fetch(`${service.origin}/api/token`, { method: 'POST' });
    expect({ status: signIn.status, body: await signIn.json() }).toEqual({
      status: 503,
      body: { error: 'temporarily_unavailable', error_description: expect.not.stringContaining(path) },
    });
    expect((await fetch(`${service.origin}/v1/me`)).status).toBe(401);
    expect(log).toHaveLength(1);

    await service.close();
    expect(checksum(path)).toBe(before);
  });

  it('is found by the background check, which switches the service to refusing with the same line', async () => {
    const path = damagedCopy(trackLeaves);
    const before = checksum(path);
    const log: string[] = [];
    const service = await serve(path, 0, log);

    // `/v1/me` reads no damaged page: only the check can make it refuse.
    await vi.waitFor(
      async () => expect(await call(service, 'GET', '/v1/me')).toEqual({ status: 503, retryAfter: '3600', body: { error: { status: 503, message: damagedLine(path) } } }),
      { timeout: 10_000, interval: 20 },
    );
    expect(log).toEqual([expect.stringMatching(/^playdeck service: .* is damaged: .* \(integrity check: .+\)$/)]);
    expect(log[0]).toContain(damagedLine(path));
    expect(await move(service)).toMatchObject({ status: 503, body: { error: { message: damagedLine(path) } } });

    await service.close();
    expect(checksum(path)).toBe(before);
  });

  it('met while the service starts, gives the one line of a file that cannot be used, and is left as it was', async () => {
    // The player's row, read as the service starts playing.
    const path = damagedCopy((file) => pagesOf(file, 'player_states', 'leaf'));
    const before = checksum(path);
    const failure = await startService({ db: path, log: () => {} }).then(
      (service) => {
        services.push(service);
        return null;
      },
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DatabaseFault);
    expect((failure as Error).message).toMatch(new RegExp(`^${path}.*--db ANOTHER_PATH, or move it aside`));
    expect(checksum(path)).toBe(before);
  });
});

describe('an intact database', () => {
  it('passes the background check and goes on serving and saving', async () => {
    const path = join(folder(), 'playdeck.db');
    copyFileSync(seeded, path);
    const log: string[] = [];
    const service = await serve(path, 0, log);
    await vi.waitFor(() => expect(log).toEqual([expect.stringMatching(/^playdeck service: integrity check of .*: ok \(\d+ ms\)$/)]), {
      timeout: 10_000,
      interval: 20,
    });
    expect((await call(service, 'GET', `/v1/tracks/${ids.track(1)}`)).status).toBe(200);
    expect((await move(service)).status).toBe(200);
  });
});
