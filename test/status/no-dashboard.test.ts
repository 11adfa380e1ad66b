/**
 * `status` and the player commands on the embedded service's database with no dashboard answering: no service
 * is started, no token row is written, `status` leaves the file as it was, and another process's instance file
 * is never removed or replaced, even when its service is too busy to answer.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { instanceFilePath, instanceProof, newInstance, realDatabasePath } from '../../src/service/instance-file.js';
import { AlreadyServedError, startService, type RunningService } from '../../src/service/start.js';
import { runStatusCommand } from '../../src/status/command.js';
import { CACHE_TTL_MS } from '../../src/status/cache.js';
import { createStatusHome, recordingIo, type StatusHome } from './status-io.js';

let home: StatusHome;
let db: string;
const services: RunningService[] = [];
const servers: Server[] = [];

beforeEach(async () => {
  home = createStatusHome();
  db = join(home.dir, 'playdeck.db');
  // A dashboard ran on this database before: seeded, its player started.
  await (await startService({ db })).close();
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const service of services.splice(0)) await service.close();
  for (const server of servers.splice(0)) server.close();
  home.remove();
});

const checksum = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const tokenRows = () => {
  const reader = new Sqlite(db, { readonly: true });
  try {
    return reader.prepare('SELECT count(*) FROM tokens').pluck().get() as number;
  } finally {
    reader.close();
  }
};

async function playdeck(words: string[], now = Date.now()) {
  const io = recordingIo(home.env, () => now);
  const code = await runStatusCommand([...words, '--db', db], io);
  return { code, out: io.out(), err: io.err() };
}

describe('status with no dashboard', () => {
  it('reads the database without starting a service, writing nothing to it', async () => {
    const before = checksum(db);
    const rows = tokenRows();
    const start = Date.now();
    for (let call = 0; call < 3; call++) {
      // Each call past the cache's life, so each one reads the file.
      const { code, out, err } = await playdeck(['status'], start + call * CACHE_TTL_MS);
      expect(err).toBe('');
      expect(code).toBe(0);
      expect(out).toMatch(/^▶ .+ \d+:\d{2}\/\d+:\d{2}\n$/);
      expect(existsSync(instanceFilePath(db))).toBe(false);
    }
    expect(checksum(db)).toBe(before);
    expect(tokenRows()).toBe(rows);
  });

  it('says nothing plays when no database was ever made, and makes none', async () => {
    db = join(home.dir, 'never-made.db');
    const { code, out } = await playdeck(['status', '--idle', 'nothing here']);
    expect(code).toBe(0);
    expect(out).toBe('nothing here\n');
    expect(existsSync(db)).toBe(false);
  });
});

describe('player commands with no dashboard', () => {
  it('apply to the database itself, with no token written and no service started', async () => {
    const rows = tokenRows();
    const before = JSON.parse((await playdeck(['status', '--json'])).out) as { title: string };
    const { code, err } = await playdeck(['next']);
    expect(err).toBe('');
    expect(code).toBe(0);
    const after = JSON.parse((await playdeck(['status', '--json'])).out) as { title: string };
    expect(after.title).not.toBe(before.title);
    expect(await playdeck(['pause'])).toMatchObject({ code: 0 });
    expect(JSON.parse((await playdeck(['status', '--json'])).out)).toMatchObject({ state: 'paused' });
    expect(tokenRows()).toBe(rows);
    expect(existsSync(instanceFilePath(db))).toBe(false);
  });

  it('go through the service that serves the file, with the token it wrote for joiners', async () => {
    const service = await startService({ db });
    services.push(service);
    const rows = tokenRows();
    const before = JSON.parse((await playdeck(['status', '--json'])).out) as { title: string };
    expect(await playdeck(['next'])).toMatchObject({ code: 0, err: '' });
    const playing = await fetch(`${service.baseUrl}/me/player`, { headers: { authorization: `Bearer ${service.accessToken}` } });
    expect(((await playing.json()) as { item: { name: string } }).item.name).not.toBe(before.title);
    expect(tokenRows()).toBe(rows);
  });
});

describe("another process's instance file", () => {
  it('is neither removed nor replaced when its service is too busy to answer, and the next start still joins it', async () => {
    // A live process (this one) whose service accepts connections and never answers.
    const silent = createServer(() => undefined);
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    const planted = { ...newInstance(realDatabasePath(db)), pid: process.pid, origin, token: 'the-owners-token' };
    writeFileSync(instanceFilePath(db), JSON.stringify(planted), { mode: 0o600 });
    const before = readFileSync(instanceFilePath(db), 'utf8');

    expect((await playdeck(['status'])).code).toBe(0);
    expect(readFileSync(instanceFilePath(db), 'utf8')).toBe(before);
    const refused = await startService({ db }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AlreadyServedError);
    expect(readFileSync(instanceFilePath(db), 'utf8')).toBe(before);
  });
});

/** An HTTP service on loopback that proves `planted` (it wrote that file, so it knows its secret) and records what else it is asked. */
async function impostor(planted: ReturnType<typeof newInstance>): Promise<{ origin: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/playdeck/instance') {
      const proof = instanceProof(planted, url.searchParams.get('challenge') ?? '');
      return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ instance: planted.instance, proof }));
    }
    asked.push(`${request.method} ${url.pathname} ${request.headers.authorization ?? ''}`);
    response.writeHead(204).end();
  });
  servers.push(server as unknown as Server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, asked };
}

describe('a planted instance file', () => {
  it("is not trusted when it is another user's, or readable by others, even when its service proves it and its pid lives", async () => {
    const expected = newInstance(realDatabasePath(db));
    const { origin, asked } = await impostor(expected);
    const planted = { ...expected, pid: process.pid, origin, token: 'the-planters-token' };
    const title = async () => (JSON.parse((await playdeck(['status', '--json'])).out) as { title: string }).title;
    // Readable by others: its secret proves nothing.
    writeFileSync(instanceFilePath(db), JSON.stringify(planted), { mode: 0o644 });
    let before = await title();
    expect(await playdeck(['next'])).toMatchObject({ code: 0, err: '' });
    expect(await title()).not.toBe(before);
    // Owner-only, but another user's (a shared folder): as if this process ran as someone else.
    writeFileSync(instanceFilePath(db), JSON.stringify(planted), { mode: 0o600 });
    vi.spyOn(process, 'getuid').mockReturnValue(process.getuid!() + 1);
    before = await title();
    expect(await playdeck(['next'])).toMatchObject({ code: 0, err: '' });
    expect(await title()).not.toBe(before);
    expect(asked).toEqual([]);
  });

  it('whose address fails the proof does not block the player commands: they apply to the database', async () => {
    // A live pid (this process) and an address where something else answers.
    const stranger = createHttpServer((_request, response) => response.writeHead(404).end());
    servers.push(stranger as unknown as Server);
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(stranger.address() as { port: number }).port}`;
    writeFileSync(instanceFilePath(db), JSON.stringify({ ...newInstance(realDatabasePath(db)), pid: process.pid, origin, token: 't' }), { mode: 0o600 });
    const before = JSON.parse((await playdeck(['status', '--json'])).out) as { title: string };
    expect(await playdeck(['next'])).toMatchObject({ code: 0, err: '' });
    expect((JSON.parse((await playdeck(['status', '--json'])).out) as { title: string }).title).not.toBe(before.title);
  });
});
