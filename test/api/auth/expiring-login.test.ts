/**
 * Logins that expire, against the embedded OAuth endpoints: a refresh answer without a refresh token, and
 * `invalid_grant` once the refresh token is refused for good. The answers the embedded service never gives
 * by itself are made by a proxy in front of it, not by a switch in the service.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CredentialsFile } from '../../../src/api/auth/credentials.js';
import { logIn } from '../../../src/api/auth/login-flow.js';
import { openStoredLogin } from '../../../src/api/auth/refreshing-tokens.js';
import { LOGIN_EXPIRED_MESSAGE, LoginExpiredError } from '../../../src/api/errors.js';
import { createApi } from '../../../src/api/index.js';
import { startService, type RunningService } from '../../../src/service/start.js';
import { consentAt } from './scripted-browser.js';

let service: RunningService;
let home: string;
let file: CredentialsFile;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  service = await startService({ port: 0, db: ':memory:', consent: {} });
});

afterAll(async () => {
  await service.close();
});

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'playdeck-expiring-'));
  file = new CredentialsFile(join(home, 'playdeck', 'credentials.json'));
});

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await rm(home, { recursive: true, force: true });
});

async function logInAtService() {
  await logIn({ baseUrl: service.baseUrl, clientId: 'playdeck-demo', file, onAuthorizeUrl: (url) => void consentAt(url, 'approve', { code: service.consentCode() }) });
  return (await file.read(service.baseUrl))!;
}

/**
 * A proxy to the token endpoint at `tokenUrl` that counts the requests and lets `rewrite` change the JSON
 * answers of the embedded endpoint.
 */
async function tokenProxy(tokenUrl: string, rewrite: (body: Record<string, unknown>) => Record<string, unknown> = (body) => body) {
  const target = new URL(tokenUrl);
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests++;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? 'application/x-www-form-urlencoded' },
        body: Buffer.concat(chunks),
      });
      const body = rewrite((await answer.json()) as Record<string, unknown>);
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${target.pathname}`, requests: () => requests };
}

describe('a login whose refresh token expires', () => {
  it('keeps the stored refresh token when the refresh answer carries none', async () => {
    const before = await logInAtService();
    const proxy = await tokenProxy(before.tokenUrl, ({ refresh_token: _dropped, ...rest }) => rest);
    await file.save(service.baseUrl, { ...before, tokenUrl: proxy.url });
    const tokens = (await openStoredLogin(service.baseUrl, { file, now: () => before.expiresAt }))!;
    const fresh = await tokens.token();
    expect(fresh).not.toBe(before.accessToken);
    expect(proxy.requests()).toBe(1);
    const after = (await file.read(service.baseUrl))!;
    expect(after).toMatchObject({ accessToken: fresh, refreshToken: before.refreshToken });
    expect((await createApi({ baseUrl: service.baseUrl, tokens: { token: async () => fresh } }).getMe()).id).toBeTruthy();
  });

  it('on invalid_grant raises LoginExpiredError, says how to renew, and stops asking the token endpoint', async () => {
    const stored = await logInAtService();
    // The refresh token is spent elsewhere: the embedded endpoint now answers invalid_grant for it.
    await fetch(stored.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: stored.refreshToken!, client_id: 'playdeck-demo' }),
    });
    const proxy = await tokenProxy(stored.tokenUrl);
    await file.save(service.baseUrl, { ...stored, tokenUrl: proxy.url });
    const tokens = (await openStoredLogin(service.baseUrl, { file, now: () => stored.expiresAt }))!;
    const api = createApi({ baseUrl: service.baseUrl, tokens });
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await api.getMe().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(LoginExpiredError);
      expect(refused).toMatchObject({ kind: 'unauthorized', message: LOGIN_EXPIRED_MESSAGE });
    }
    expect(LOGIN_EXPIRED_MESSAGE).toBe('login expired: run `playdeck login` to renew it');
    expect(api.getConnection()).toEqual({ state: 'unauthorized', message: LOGIN_EXPIRED_MESSAGE });
    expect(proxy.requests()).toBe(1);
  });

  it('playdeck login on a service with a stored login replaces it in place', async () => {
    const first = await logInAtService();
    const second = await logInAtService();
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(await file.read(service.baseUrl)).toEqual(second);
  });
});
