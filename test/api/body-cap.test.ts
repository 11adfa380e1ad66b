/**
 * Issue 26, finding 3 (its last part): every answer the client reads is capped. A service that sends a body
 * past 8 MB, declared or streamed, or a small gzip that inflates past it, gets a clear ApiError and the
 * download is cut off there; the token endpoint's answers are capped too.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestToken } from '../../src/api/auth/token-endpoint.js';
import { MAX_BODY_BYTES } from '../../src/api/http.js';
import { createApi, staticToken } from '../../src/api/index.js';

/** A user object padded with a long name: valid JSON, `bytes` long. */
const userOf = (bytes: number): string => {
  const head = '{"id":"u1","type":"user","uri":"user:u1","display_name":"';
  return `${head}${'a'.repeat(bytes - head.length - 2)}"}`;
};

let server: Server;
let base: string;
/** Bytes the server got written before the client went away, per request. */
let written: number[] = [];

beforeAll(async () => {
  const large = userOf(32 * 1024 * 1024);
  const inflating = gzipSync(userOf(64 * 1024 * 1024));
  server = createServer((request, response) => {
    const sent = written.push(0) - 1;
    const send = (chunk: string | Buffer) => {
      written[sent]! += chunk.length;
      return response.write(chunk);
    };
    if (request.url === '/declared/v1/me') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(large.length) });
      send(large.slice(0, 1024)); // and then nothing: the length alone is refused
      return;
    }
    if (request.url === '/gzip/v1/me') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      send(inflating);
      response.end();
      return;
    }
    if (request.url === '/streamed/v1/me' || request.url === '/api/token') {
      // Streamed, with no length: in 256 kB pieces, as long as the client reads.
      response.writeHead(200, { 'content-type': 'application/json' });
      let at = 0;
      const more = (): void => {
        while (at < large.length) {
          const piece = large.slice(at, (at += 256 * 1024));
          if (!send(piece)) return void response.once('drain', more);
        }
        response.end();
      };
      response.on('close', () => response.removeAllListeners('drain'));
      more();
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  written = [];
});

/** A client of the server's answers of one kind: `streamed`, `declared` (a length past the cap) or `gzip`. */
const apiOf = (kind: string) => createApi({ baseUrl: `${base}/${kind}/v1`, tokens: staticToken('t0123456789'), retry: { limit: 0 } });

describe('the cap on every answer', () => {
  it(`cuts a streamed answer off past ${MAX_BODY_BYTES / 1024 / 1024} MB with a clear error`, async () => {
    await expect(apiOf('streamed').getMe()).rejects.toMatchObject({ kind: 'malformed', message: 'Unreadable response (GET /me): larger than 8 MB, not read' });
    // The server stopped being read at the cap (and what the sockets hold), not at the end of its 32 MB.
    expect(written[0]).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses an answer whose declared length is past the cap before reading it', async () => {
    await expect(apiOf('declared').getMe()).rejects.toMatchObject({ kind: 'malformed', message: expect.stringContaining('larger than 8 MB') });
    expect(written).toEqual([1024]);
  });

  it('counts what a gzip inflates to: 64 MB from a few kB is refused', async () => {
    await expect(apiOf('gzip').getMe()).rejects.toMatchObject({ kind: 'malformed', message: expect.stringContaining('larger than 8 MB') });
  });

  it('caps the token endpoint too', async () => {
    await expect(requestToken(`${base}/api/token`, { grant_type: 'refresh_token', refresh_token: 'r', client_id: 'c' })).rejects.toMatchObject({
      name: 'OAuthError',
      code: 'malformed',
      message: 'Unreadable token response: larger than 64 kB',
    });
  });
});
