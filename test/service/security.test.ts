import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ONLY_OWNER } from '../../src/service/routes/playlist-details.js';
import { NOT_WRITABLE } from '../../src/service/routes/playlist-write.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';
import { spawnServe, stopServe, type ServeChild } from '../helpers/serve-child.js';

/**
 * The issue's security list, checked from outside where it can be: where `serve` listens, how tokens are
 * kept and compared, other users' playlists, body and `fields` bounds, and the token never echoed.
 */

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

interface RawResponse {
  status: number;
  body: string;
}

/** One request over a real socket; `chunked` sends the body without a Content-Length. */
function send(url: string, options: { method: string; headers?: Record<string, string>; body?: Buffer; chunked?: boolean }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers, ...(options.body && !options.chunked ? { 'content-length': String(options.body.length) } : {}) };
    const outgoing = request(url, { method: options.method, headers }, (incoming) => {
      let body = '';
      incoming.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode!, body }));
    });
    outgoing.on('error', reject);
    if (options.body && options.chunked) {
      for (let at = 0; at < options.body.length; at += 8192) outgoing.write(options.body.subarray(at, at + 8192));
      outgoing.end();
    } else {
      outgoing.end(options.body);
    }
  });
}

const portOf = (serve: ServeChild) => Number(new URL(serve.baseUrl).port);
const otherAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && address.family === 'IPv4')
    .map((address) => address!.address);

describe('where serve listens', () => {
  let serve: ServeChild | undefined;
  afterEach(() => stopServe(serve));

  it('on 127.0.0.1 only by default, and says nothing about it', async () => {
    serve = await spawnServe(['--port', '0', '--db', ':memory:']);
    expect(new URL(serve.baseUrl).hostname).toBe('127.0.0.1');
    const port = portOf(serve);
    expect(await accepts('127.0.0.1', port)).toBe(true);
    // Any other address of this machine — another loopback address, IPv6, the network's — is refused.
    for (const host of ['127.0.0.2', '::1', ...otherAddresses()]) expect(await accepts(host, port), host).toBe(false);
    expect(serve.stderr()).toBe('');
  });

  it('elsewhere when --host says so, with a warning (and the probe above would have seen it)', async () => {
    serve = await spawnServe(['--port', '0', '--db', ':memory:', '--host', '0.0.0.0']);
    expect(await accepts('127.0.0.2', portOf(serve))).toBe(true);
    expect(serve.stderr()).toMatch(/^warning: serving on 0\.0\.0\.0: reachable from other machines/);
  });

  it.each(['::1', 'localhost'])('--host %s is loopback too: no warning', async (host) => {
    serve = await spawnServe(['--port', '0', '--db', ':memory:', '--host', host]);
    expect(serve.stderr()).toBe('');
  });
});

describe('access tokens', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'playdeck-security-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('are stored hashed: the database file holds the sha256, never the token', async () => {
    const database = join(folder, 'tokens.db');
    const serve = await spawnServe(['--port', '0', '--db', database]);
    try {
      const response = await fetch(`${serve.baseUrl}/me`, { headers: { authorization: `Bearer ${serve.accessToken}` } });
      expect(response.status).toBe(200);
      // While it runs, recent writes may sit in the write-ahead log: look there too.
      const onDisk = () => [database, `${database}-wal`].filter(existsSync).map((path) => readFileSync(path).toString('latin1')).join('');
      const hash = createHash('sha256').update(serve.accessToken).digest('hex');
      expect(onDisk()).toContain(hash);
      expect(onDisk()).not.toContain(serve.accessToken);
    } finally {
      await stopServe(serve, 'SIGTERM');
    }
  });

  it('are compared as hashes: a token one character off is refused exactly like a random one', async () => {
    // The lookup is by sha256, so how long a comparison takes says nothing about the token itself.
    const service = await createTestService();
    try {
      const last = service.token.at(-1)!;
      const nearlyRight = `${service.token.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
      const answers = await Promise.all([nearlyRight, service.token.slice(0, -1), 'x'].map((token) => service.get('/v1/me', token)));
      for (const answer of answers) expect([answer.status, answer.body]).toEqual([401, { error: { status: 401, message: 'Invalid access token' } }]);
    } finally {
      await service.close();
    }
  });

  const REFUSALS = ['No token provided', 'Invalid access token'].map((message) => ({ error: { status: 401, message } }));

  it('are never echoed, whatever the Authorization header (seeded)', async () => {
    const service = await createTestService();
    try {
      const headerText = fc.oneof(
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 80 }),
        fc.tuple(fc.constantFrom('Bearer ', 'bearer  ', 'Basic ', 'Bearer', ''), fc.constantFrom(service.token, `${service.token}x`, `x${service.token}`, service.token.slice(1)), fc.constantFrom('', ' ', ',x', ' extra'))
          .map((parts) => parts.join('')),
      );
      await fc.assert(
        fc.asyncProperty(headerText, async (authorization) => {
          const response = await service.request({ method: 'GET', url: '/v1/me', headers: { authorization }, token: null });
          expect([200, 401], authorization).toContain(response.status);
          // One of the fixed answers, so nothing of the header comes back.
          if (response.status === 401) expect(REFUSALS, authorization).toContainEqual(response.body);
          expect(response.raw.includes(service.token), authorization).toBe(false);
        }),
        { seed: 0x5ec_0001, numRuns: 200 },
      );
    } finally {
      await service.close();
    }
  });
});

describe("another user's playlist (in process, fixture catalog)", () => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService();
  });
  afterAll(() => service.close());

  const changes = () => (service.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  const stateOf = async (playlistId: string) => (await service.get(`/v1/playlists/${playlistId}?fields=snapshot_id,tracks.items(added_at,track.id)`)).body;

  it.each([
    { name: "the demo user on another's non-collaborative playlist", user: ids.demo, playlist: ids.othersPlaylist },
    { name: "another user on the demo user's private playlist", user: ids.other, playlist: ids.mixedPlaylist },
  ])('$name: every kind of write is 403 and changes nothing', async ({ user, playlist }) => {
    const token = service.tokenFor({ userId: user });
    const before = await stateOf(playlist);
    const writtenBefore = changes();
    const attempts: { method: 'PUT' | 'POST' | 'DELETE'; path: string; payload?: object; query?: string }[] = [
      { method: 'PUT', path: 'tracks', payload: { range_start: 0, insert_before: 2 } },
      { method: 'PUT', path: 'items', payload: { range_start: 1, insert_before: 0, range_length: 2, snapshot_id: before.snapshot_id } },
      { method: 'PUT', path: 'tracks', payload: { uris: [] } },
      { method: 'PUT', path: 'items', query: `?uris=playdeck:track:${ids.track(1)}` },
      { method: 'POST', path: 'items', payload: { uris: [`playdeck:track:${ids.track(1)}`], position: 0 } },
      { method: 'POST', path: 'tracks', query: `?uris=playdeck:track:${ids.track(1)}` },
      { method: 'DELETE', path: 'items', payload: { items: [{ uri: `playdeck:track:${ids.track(1)}` }], snapshot_id: before.snapshot_id } },
      { method: 'DELETE', path: 'tracks', payload: { tracks: [{ uri: `playdeck:track:${ids.track(1)}` }] } },
    ];
    for (const { method, path, payload, query = '' } of attempts) {
      const response = await service.request({ method, url: `/v1/playlists/${playlist}/${path}${query}`, payload, token });
      expect([response.status, response.body], JSON.stringify({ method, path, payload, query })).toEqual([403, { error: { status: 403, message: NOT_WRITABLE } }]);
    }
    const rename = await service.request({ method: 'PUT', url: `/v1/playlists/${playlist}`, payload: { name: 'Mine now' }, token });
    expect([rename.status, rename.body]).toEqual([403, { error: { status: 403, message: ONLY_OWNER } }]);
    expect(await stateOf(playlist)).toEqual(before);
    expect(changes()).toBe(writtenBefore);
  });
});

describe('serve under hostile requests (generated demo catalog, over HTTP)', () => {
  let serve: ServeChild;
  let authorization: { authorization: string };
  const put = (playlistId: string, payload: object) =>
    fetch(`${serve.baseUrl}/playlists/${playlistId}/tracks`, { method: 'PUT', headers: { ...authorization, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  const getJson = async (path: string) => (await fetch(`${serve.baseUrl}${path}`, { headers: authorization })).json() as Promise<any>;
  const stateOf = async (playlistId: string) => [
    (await getJson(`/playlists/${playlistId}?fields=snapshot_id`)).snapshot_id,
    (await getJson(`/playlists/${playlistId}/tracks?limit=100&fields=items(added_at,track.id)`)).items,
  ];
  beforeAll(async () => {
    serve = await spawnServe(['--port', '0', '--db', ':memory:']);
    authorization = { authorization: `Bearer ${serve.accessToken}` };
  });
  afterAll(() => stopServe(serve, 'SIGTERM'));

  it("a reorder of another user's non-collaborative playlist is 403 and changes nothing; a collaborative one is allowed", async () => {
    const demoUserId = (await getJson('/me')).id;
    const listed = (await getJson('/me/playlists?limit=50')).items as { id: string; owner: { id: string }; collaborative: boolean }[];
    const theirs = listed.filter((playlist) => playlist.owner.id !== demoUserId);
    const closed = theirs.find((playlist) => !playlist.collaborative)!;
    const shared = theirs.find((playlist) => playlist.collaborative)!;
    expect([closed, shared].every(Boolean)).toBe(true);

    const before = await stateOf(closed.id);
    const refused = await put(closed.id, { range_start: 0, insert_before: 3, range_length: 2 });
    expect([refused.status, await refused.json()]).toEqual([403, { error: { status: 403, message: NOT_WRITABLE } }]);
    expect(await stateOf(closed.id)).toEqual(before);

    const sharedBefore = await stateOf(shared.id);
    const allowed = await put(shared.id, { range_start: 0, insert_before: 3 });
    expect(allowed.status).toBe(200);
    expect(await stateOf(shared.id)).not.toEqual(sharedBefore);
  });

  it('a body over 64 KiB is refused, with or without a Content-Length, and changes nothing', async () => {
    const playlistId = (await getJson('/me/playlists?limit=1')).items[0].id;
    const padded = (size: number) => {
      const head = '{"range_start":0,"insert_before":3,"padding":"';
      return Buffer.from(`${head}${'x'.repeat(size - head.length - 2)}"}`);
    };
    const headers = { ...authorization, 'content-type': 'application/json' };
    const url = `${serve.baseUrl}/playlists/${playlistId}/tracks`;
    const before = await stateOf(playlistId);
    for (const [body, chunked] of [[padded(64 * 1024 + 1), false], [padded(64 * 1024 + 1), true], [padded(1024 * 1024), true]] as const) {
      const response = await send(url, { method: 'PUT', headers, body, chunked });
      expect([response.status, JSON.parse(response.body)], `${body.length} bytes, chunked: ${chunked}`).toEqual([
        413,
        { error: { status: 413, message: 'Request body too large: at most 64 KiB' } },
      ]);
    }
    expect(await stateOf(playlistId)).toEqual(before);
    // The bound is 64 KiB exactly: a body of that size is read and applied.
    expect((await send(url, { method: 'PUT', headers, body: padded(64 * 1024) })).status).toBe(200);
    expect(await stateOf(playlistId)).not.toEqual(before);
    const form = Buffer.from(`grant_type=client_credentials&client_id=playdeck-demo&padding=${'x'.repeat(64 * 1024)}`);
    const tokenEndpoint = `${new URL(serve.baseUrl).origin}/api/token`;
    expect((await send(tokenEndpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, chunked: true })).status).toBe(413);
  });

  it('fields is bounded in length (1,024) and depth (16)', async () => {
    const playlistId = (await getJson('/me/playlists?limit=1')).items[0].id;
    const status = async (fields: string) => (await fetch(`${serve.baseUrl}/playlists/${playlistId}?fields=${encodeURIComponent(fields)}`, { headers: authorization })).status;
    const nested = (depth: number, separator: '(' | '.') => `${'a'.concat(separator).repeat(depth - 1)}a${separator === '(' ? ')'.repeat(depth - 1) : ''}`;
    expect(await status('a'.repeat(1024))).toBe(200);
    expect(await status('a'.repeat(1025))).toBe(400);
    expect(await status('a,'.repeat(4_000).concat('a'))).toBe(400);
    // Past Node's 16 KiB header limit the request line itself is refused (431), before any parsing.
    const huge = await status('a,'.repeat(10_000).concat('a'));
    expect(huge >= 400 && huge < 500, String(huge)).toBe(true);
    for (const separator of ['(', '.'] as const) {
      expect(await status(nested(16, separator)), separator).toBe(200);
      expect(await status(nested(17, separator)), separator).toBe(400);
    }
    const message = (await getJson(`/playlists/${playlistId}?fields=${'a'.repeat(1025)}`)).error.message;
    expect(message).toContain('1024');
  });

  it('the access token appears in no response, log line or later output', async () => {
    const wrong = `${serve.accessToken.slice(0, -1)}${serve.accessToken.endsWith('A') ? 'B' : 'A'}`;
    const attempts: [string, RequestInit][] = [
      ['/me/shows?limit=1e309', {}],
      [`/tracks/${'a'.repeat(22)}`, {}],
      ['/me/player/seek?position_ms=-1', { method: 'PUT' }],
      ['/me/shows', { headers: { authorization: `Bearer ${wrong}` } }],
      ['/me/shows', { headers: { authorization: `Basic ${serve.accessToken}` } }],
      ['/me/shows', { headers: { authorization: `Bearer ${serve.accessToken} ${serve.accessToken}` } }],
      [`/me?access_token=${serve.accessToken}`, { headers: { authorization: 'Bearer' } }],
      ['/me/player/play', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"context_uri":' }],
      ['/me/player/play', { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'x' }],
      ['/me', { method: 'DELETE' }],
    ];
    for (const [path, init] of attempts) {
      const response = await fetch(`${serve.baseUrl}${path}`, { ...init, headers: { ...authorization, ...init.headers } });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      const seen = `${JSON.stringify([...response.headers])}${await response.text()}`;
      expect(seen.includes(serve.accessToken) || seen.includes(wrong), path).toBe(false);
    }
    const output = `${serve.stderr()}${serve.laterStdout()}`;
    expect(output.includes(serve.accessToken) || output.includes(wrong)).toBe(false);
  });
});
