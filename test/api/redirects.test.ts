/**
 * Issue 26, finding 2: a credential never leaves the origin it was given for. A real local server (the
 * "service") answers with redirects to a second one on another port (another origin), which records every
 * request it gets: it must never see the bearer token, a refresh token or a form, whether the redirect is a
 * 302, a 307 that would resend the body, or a downgrade from https to http.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestToken } from '../../src/api/auth/token-endpoint.js';
import { createApi, isApiError, staticToken } from '../../src/api/index.js';
import { startCannedServer, type CannedAnswer, type CannedServer, type SeenRequest } from './canned-server.js';

const TOKEN = 'the-service-token-0123456789';
const ME = { id: 'u1', display_name: 'Ada', type: 'user', uri: 'user:u1' };

let service: CannedServer;
let elsewhere: CannedServer;
/** How the service answers the next requests; by default it sends everything elsewhere. */
let answer: (request: SeenRequest) => CannedAnswer;

const originOf = (server: CannedServer): string => new URL(server.baseUrl).origin;
const redirect = (status: number, location: string): CannedAnswer => ({ status, headers: { location } });
const sendElsewhere = (status: number) => (request: SeenRequest): CannedAnswer => redirect(status, `${originOf(elsewhere)}${request.url}`);

beforeAll(async () => {
  elsewhere = await startCannedServer(() => ({ body: ME }));
  service = await startCannedServer((request) => answer(request));
});
afterAll(async () => {
  await service.close();
  await elsewhere.close();
});
beforeEach(() => {
  service.requests.length = 0;
  elsewhere.requests.length = 0;
  answer = sendElsewhere(302);
});

const api = () => createApi({ baseUrl: service.baseUrl, tokens: staticToken(TOKEN), retry: { limit: 0 } });
const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('the API client and redirects', () => {
  it.each([301, 302, 303, 307, 308])('does not follow a %i to another port, and says where it pointed', async (status) => {
    answer = sendElsewhere(status);
    const error = await failure(api().getMe());
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'malformed', status });
    expect((error as Error).message).toContain(`redirected GET /v1/me to ${originOf(elsewhere)}: not followed`);
    expect((error as Error).message).not.toContain(TOKEN);
    expect(service.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(elsewhere.requests).toEqual([]);
  });

  it('does not send a write and its body on with a 307 either', async () => {
    answer = sendElsewhere(307);
    await expect(api().setVolume(40)).rejects.toMatchObject({ kind: 'malformed', status: 307 });
    expect(service.requests.map((request) => request.method)).toEqual(['PUT']);
    expect(elsewhere.requests).toEqual([]);
  });

  it('does not follow a redirect to the same port under another host name, nor an upgrade to https', async () => {
    const port = new URL(service.baseUrl).port;
    for (const location of [`http://localhost:${port}/v1/me`, `https://127.0.0.1:${port}/v1/me`]) {
      answer = (request) => (request.url === '/v1/me' ? redirect(302, location) : { body: ME });
      service.requests.length = 0;
      await expect(api().getMe()).rejects.toMatchObject({ kind: 'malformed', status: 302 });
      expect(service.requests).toHaveLength(1);
    }
  });

  it('follows a redirect within the service, with the token', async () => {
    answer = (request) => (request.url === '/v1/me' ? redirect(302, '/v1/users/u1') : { body: ME });
    expect(await api().getMe()).toMatchObject({ id: 'u1' });
    expect(service.requests.map((request) => [request.url, request.headers.authorization])).toEqual([
      ['/v1/me', `Bearer ${TOKEN}`],
      ['/v1/users/u1', `Bearer ${TOKEN}`],
    ]);
  });
});

describe('the token endpoint and redirects', () => {
  it('sends a refresh token to the endpoint only: a 307 or 302 elsewhere is refused, not followed', async () => {
    for (const status of [302, 307, 308]) {
      answer = sendElsewhere(status);
      const tokenUrl = `${originOf(service)}/api/token`;
      const error = await failure(requestToken(tokenUrl, { grant_type: 'refresh_token', refresh_token: 'the-refresh-token', client_id: 'c' }));
      expect(error).toMatchObject({ name: 'OAuthError', code: 'redirected' });
      expect((error as Error).message).not.toContain('the-refresh-token');
    }
    expect(service.requests.map((request) => new URLSearchParams(request.body).get('refresh_token'))).toEqual(['the-refresh-token', 'the-refresh-token', 'the-refresh-token']);
    expect(elsewhere.requests).toEqual([]);
  });
});

/** The program as users run it (the test run's global setup builds it). */
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!hasOpenssl())('a downgrade from https to http (needs openssl for a certificate)', () => {
  it('is never followed with the token: the program asks https://127.0.0.1 and the http server sees nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'playdeck-redirect-'));
    try {
      const [key, cert] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
        '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
      const seenOverTls: string[] = [];
      const tls = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
        seenOverTls.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
        // The same host and path, over plain http (on the recording server's port).
        response.writeHead(302, { location: `http://127.0.0.1:${new URL(elsewhere.baseUrl).port}${request.url}` }).end();
      });
      await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
      try {
        const base = `https://127.0.0.1:${(tls.address() as AddressInfo).port}/v1`;
        const env = { ...process.env, NODE_EXTRA_CA_CERTS: cert, XDG_RUNTIME_DIR: folder, XDG_STATE_HOME: folder, PLAYDECK_TOKEN: TOKEN };
        const child = spawn(process.execPath, [CLI, 'next', '--base-url', base], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(code).toBe(1);
        expect(stderr).toMatch(/redirected GET \/v1\/me\/player to http:\/\/127\.0\.0\.1:\d+: not followed/);
        expect(seenOverTls).toEqual([expect.stringMatching(new RegExp(`^GET /v1/me/player\\S* Bearer ${TOKEN}$`))]);
        expect(elsewhere.requests).toEqual([]);
      } finally {
        tls.closeAllConnections();
        await new Promise((resolve) => tls.close(resolve));
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
