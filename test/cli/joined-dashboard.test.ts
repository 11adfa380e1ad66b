/**
 * A dashboard that joined another's service, and a program that takes the port once that owner quits: the
 * joined dashboard sends it no token and believes none of its answers (a fake "saved" would end a journal),
 * then takes the service over once the port is free again.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi, type Api } from '../../src/api/index.js';
import type { SimplifiedPlaylist } from '../../src/api/types.js';
import { startOrJoin, type EmbeddedConnection } from '../../src/cli/embedded.js';
import { instanceFilePath } from '../../src/service/instance-file.js';

/** The instance file as the owner wrote it. */
const instanceIn = (db: string) => JSON.parse(readFileSync(instanceFilePath(db), 'utf8')) as { instance: string; origin: string };

const folders: string[] = [];
const connections: EmbeddedConnection[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const connection of connections.splice(0).reverse()) await connection.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function open(db: string): Promise<EmbeddedConnection> {
  const connection = await startOrJoin({ db, log: () => {} });
  connections.push(connection);
  return connection;
}

function apiOf(connection: EmbeddedConnection): Api {
  const api = createApi({ baseUrl: connection.baseUrl, tokens: connection.tokens, agent: connection.agent, retry: { limit: 1, backoffBaseMs: 20 } });
  connection.watch(api);
  return api;
}

/** Listens on `port` and answers everything as a service that saved: `instance` it claims, a proof it cannot make. */
async function impostor(port: number, instance: string): Promise<{ seen: IncomingHttpHeaders[]; server: Server }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    const body = request.url!.startsWith('/playdeck/instance') ? { instance, proof: 'trust me' } : { snapshot_id: 'saved-by-the-impostor' };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  servers.push(server);
  return { seen, server };
}

describe('a joined dashboard after its owner quits', () => {
  it('sends no token to whatever then listens on the old port, believes none of its answers, and takes over once it can', { timeout: 30_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'playdeck-joined-'));
    folders.push(folder);
    const db = join(folder, 'playdeck.db');
    const owner = await open(db);
    const joiner = await open(db);
    expect(joiner.baseUrl).toBe(owner.baseUrl);
    const api = apiOf(joiner);
    const playlist = (await api.getMyPlaylists({ offset: 0, limit: 1 })).items[0] as SimplifiedPlaylist;
    const { snapshot_id: snapshotId, id: playlistId } = playlist;
    const instance = instanceIn(db);

    // The owner quits; another program takes its port at once.
    await owner.close();
    connections.splice(connections.indexOf(owner), 1);
    const port = Number(new URL(owner.baseUrl).port);
    const fake = await impostor(port, instance.instance);

    const save = api.reorderPlaylistItems(playlistId, { rangeStart: 0, insertBefore: 2, rangeLength: 1, snapshotId });
    await expect(save).rejects.toMatchObject({ name: 'ApiError' });
    expect(fake.seen.length).toBeGreaterThan(0);
    expect(fake.seen.filter((headers) => headers.authorization !== undefined)).toEqual([]);
    expect(fake.seen.every((headers) => headers['user-agent'] === undefined)).toBe(true);

    // The port is free again: the dashboard serves the database itself, on the same address.
    await new Promise((resolve) => fake.server.close(resolve));
    servers.length = 0;
    await vi.waitFor(async () => expect(await api.getPlaybackState()).not.toBeNull(), { timeout: 20_000, interval: 200 });
    const saved = await api.reorderPlaylistItems(playlistId, { rangeStart: 0, insertBefore: 2, rangeLength: 1, snapshotId });
    expect(saved).not.toBe('saved-by-the-impostor');
    expect(instanceIn(db).origin).toBe(`http://127.0.0.1:${port}`);
  });
});
