/**
 * Nobody else gets a token: a dashboard's own service has no sign-in at all, `serve`'s consent page asks for the
 * one-time code serve printed, the OAuth endpoints are counted per client address, and everything they keep
 * expires and is purged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { s256Challenge } from '../../src/api/auth/pkce.js';
import { PURGE_INTERVAL_MS } from '../../src/service/app.js';
import { ConsentCode, FREE_TRIES_OVERALL, FREE_TRIES_PER_ADDRESS, TRIES_FORGOTTEN_AFTER_MS } from '../../src/service/oauth/consent-code.js';
import { OAUTH_RATE_LIMIT } from '../../src/service/oauth/routes.js';
import { REFRESH_TOKEN_TTL_MS } from '../../src/service/oauth/schema.js';
import { RollingWindowLimiter } from '../../src/service/rate-limit.js';
import { startService, type RunningService } from '../../src/service/start.js';
import { readInstance } from '../../src/service/instance-file.js';
import { createTestService, type TestService } from '../helpers/service.js';

const VERIFIER = 'v'.repeat(64);
const REDIRECT = 'http://127.0.0.1:53682/callback';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const request = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    client_id: 'playdeck-demo',
    response_type: 'code',
    redirect_uri: REDIRECT,
    code_challenge: s256Challenge(VERIFIER),
    code_challenge_method: 'S256',
    scope: 'user-read-private playlist-modify-private',
    state: 's',
    ...extra,
  }).toString();

const services: TestService[] = [];
const running: RunningService[] = [];
const folders: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const service of services.splice(0)) await service.close();
  for (const service of running.splice(0)) await service.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function served(options: Parameters<typeof createTestService>[0] = {}): Promise<TestService> {
  const service = await createTestService(options);
  services.push(service);
  return service;
}

const approve = (service: TestService, extra: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  service.app.inject({ method: 'POST', url: '/authorize', headers: FORM, payload: request({ approve: 'yes', ...extra }), remoteAddress });
const token = (service: TestService, form: Record<string, string>) =>
  service.app.inject({ method: 'POST', url: '/api/token', headers: FORM, payload: new URLSearchParams(form).toString() });
const codeOf = (location: unknown) => new URL(String(location)).searchParams.get('code');
const rows = (service: TestService, table: string) => (service.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number);

describe("a dashboard's own service", () => {
  it('gives another local process no way to a token: no consent page, no token endpoint', async () => {
    // Started as the dashboard starts it, listening on loopback; the other process knows only the port.
    const service = await startService({ db: ':memory:' });
    running.push(service);
    const page = await fetch(`${service.origin}/authorize?${request()}`);
    expect(page.status).toBe(404);
    const posted = await fetch(`${service.origin}/authorize`, { method: 'POST', headers: FORM, body: request({ approve: 'yes' }), redirect: 'manual' });
    // A form is no body this service reads (415) before it finds no such route.
    expect([404, 415]).toContain(posted.status);
    expect(posted.headers.get('location')).toBeNull();
    const credentials = await fetch(`${service.origin}/api/token`, { method: 'POST', headers: FORM, body: 'grant_type=client_credentials&client_id=playdeck-demo' });
    expect([404, 415]).toContain(credentials.status);
    expect(await credentials.json()).not.toHaveProperty('access_token');
    const bodiless = await fetch(`${service.origin}/api/token`, { method: 'POST' });
    expect(await bodiless.json()).toEqual({ error: { status: 404, message: 'Resource not found' } });
  });
});

describe("serve's consent page", () => {
  it('approves only with the code serve printed, once; a wrong or missing code gets no authorization code', async () => {
    const consent = new ConsentCode();
    const service = await served({ consent });
    const page = await service.app.inject({ method: 'GET', url: `/authorize?${request()}` });
    expect(page.body).toContain('name="consent_code"');

    for (const extra of [{}, { consent_code: 'AAAA-AAAA' }] as Record<string, string>[]) {
      const refused = await approve(service, extra);
      expect(refused.statusCode).toBe(400);
      expect(refused.headers.location).toBeUndefined();
      expect(refused.body).toContain('name="consent_code"');
    }
    expect(rows(service, 'oauth_codes')).toBe(0);

    const code = consent.current;
    const approved = await approve(service, { consent_code: code.toLowerCase().replace('-', ' ') });
    expect(approved.statusCode).toBe(302);
    expect(codeOf(approved.headers.location)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Spent: the same code approves nothing more.
    expect(consent.current).not.toBe(code);
    expect((await approve(service, { consent_code: code })).statusCode).toBe(400);
    // Deny needs no code.
    const denied = await service.app.inject({ method: 'POST', url: '/authorize', headers: FORM, payload: request({ deny: 'yes' }) });
    expect(new URL(String(denied.headers.location)).searchParams.get('error')).toBe('access_denied');
  });

  it('never replaces the code its owner reads for wrong ones: however many another process sends, it still approves', async () => {
    const announced: string[] = [];
    const consent = new ConsentCode((code) => announced.push(code));
    const service = await served({ consent });
    const printed = consent.current;
    for (let attempt = 1; attempt <= 10; attempt++) expect((await approve(service, { consent_code: 'WRNG-CODE' })).statusCode).toBe(400);
    expect(consent.current).toBe(printed);
    expect(announced).toEqual([]);
    expect((await approve(service, { consent_code: printed }, '127.0.0.2')).statusCode).toBe(302);
    expect(announced).toHaveLength(1);
  });

  it(`makes an address that sent ${FREE_TRIES_PER_ADDRESS} wrong codes wait before each next try, 1 s then doubled, its tries unchecked meanwhile`, async () => {
    let clock = 1_000_000;
    const consent = new ConsentCode();
    const service = await served({ consent, now: () => clock });
    const guesser = '10.0.0.9';
    for (let attempt = 1; attempt <= FREE_TRIES_PER_ADDRESS; attempt++) expect((await approve(service, { consent_code: 'WRNG-CODE' }, guesser)).statusCode).toBe(400);
    // Even the right code is not checked while it waits: a guess then would tell nothing either.
    const waiting = await approve(service, { consent_code: consent.current }, guesser);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.body).toContain('Too many wrong codes were tried: wait 1 s');
    expect(waiting.body).toContain('name="consent_code"');
    // Another address is not held up by it.
    const printed = consent.current;
    expect((await approve(service, { consent_code: printed }, '127.0.0.1')).statusCode).toBe(302);
    clock += 1_000;
    expect((await approve(service, { consent_code: 'WRNG-CODE' }, guesser)).statusCode).toBe(400);
    expect((await approve(service, { consent_code: 'WRNG-CODE' }, guesser)).headers['retry-after']).toBe('2');
    clock += TRIES_FORGOTTEN_AFTER_MS;
    expect((await approve(service, { consent_code: consent.current }, guesser)).statusCode).toBe(302);
  });

  it(`makes every try wait after ${FREE_TRIES_OVERALL} wrong codes from any number of addresses, and keeps the code`, async () => {
    let clock = 1_000_000;
    const consent = new ConsentCode();
    const service = await served({ consent, now: () => clock });
    const printed = consent.current;
    for (let attempt = 1; attempt <= FREE_TRIES_OVERALL; attempt++) {
      expect((await approve(service, { consent_code: 'WRNG-CODE' }, `127.0.${attempt}.1`)).statusCode).toBe(400);
    }
    const anyone = await approve(service, { consent_code: printed }, '127.0.0.1');
    expect(anyone.statusCode).toBe(429);
    expect(anyone.headers['retry-after']).toBe('1');
    clock += 1_000;
    expect(consent.current).toBe(printed);
    expect((await approve(service, { consent_code: printed }, '127.0.0.1')).statusCode).toBe(302);
  });
});

describe('the OAuth endpoints under load', () => {
  it(`answer 429 in their error shape after ${OAUTH_RATE_LIMIT} requests in 30 s from one address, and again later`, async () => {
    let clock = 1_000_000;
    const service = await served({ consent: new ConsentCode(), now: () => clock });
    for (let call = 0; call < OAUTH_RATE_LIMIT; call++) {
      expect((await token(service, { grant_type: 'client_credentials', client_id: 'playdeck-demo' })).statusCode).toBe(200);
    }
    const refused = await token(service, { grant_type: 'client_credentials', client_id: 'playdeck-demo' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringMatching(/Too many requests/) });
    const page = await service.app.inject({ method: 'GET', url: `/authorize?${request()}` });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    clock += 30_000;
    expect((await token(service, { grant_type: 'client_credentials', client_id: 'playdeck-demo' })).statusCode).toBe(200);
  });
});

describe('what the service keeps', () => {
  it('purges expired access tokens as it issues new ones', async () => {
    let clock = 1_000_000;
    const service = await served({ now: () => clock });
    const before = rows(service, 'tokens');
    for (let index = 0; index < 20; index++) service.tokenFor({ ttlSeconds: 60 });
    expect(rows(service, 'tokens')).toBe(before + 20);
    clock += 61_000;
    service.tokenFor();
    // The fixture's first token (an hour) and the new one remain.
    expect(rows(service, 'tokens')).toBe(before + 1);
  });

  it('purges expired authorization codes and refresh tokens every few minutes, and a refresh token expires', async () => {
    let clock = 1_000_000;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const consent = new ConsentCode();
    const service = await served({ consent, now: () => clock });
    const issued = codeOf((await approve(service, { consent_code: consent.current })).headers.location)!;
    const spare = codeOf((await approve(service, { consent_code: consent.current })).headers.location)!;
    expect(spare).not.toBe(issued);
    const exchanged = JSON.parse(
      (await token(service, { grant_type: 'authorization_code', code: issued, redirect_uri: REDIRECT, client_id: 'playdeck-demo', code_verifier: VERIFIER })).body,
    );
    expect(exchanged.refresh_token).toEqual(expect.any(String));
    expect(rows(service, 'oauth_codes')).toBe(1);
    expect(rows(service, 'oauth_refresh_tokens')).toBe(1);

    clock += REFRESH_TOKEN_TTL_MS + 1;
    vi.advanceTimersByTime(PURGE_INTERVAL_MS);
    expect(rows(service, 'oauth_codes')).toBe(0);
    expect(rows(service, 'oauth_refresh_tokens')).toBe(0);
    const late = await token(service, { grant_type: 'refresh_token', refresh_token: exchanged.refresh_token, client_id: 'playdeck-demo' });
    expect(JSON.parse(late.body).error).toBe('invalid_grant');
  });

  it('refuses a refresh token past its lifetime even before a purge took it', async () => {
    let clock = 1_000_000;
    const consent = new ConsentCode();
    const service = await served({ consent, now: () => clock });
    const issued = codeOf((await approve(service, { consent_code: consent.current })).headers.location)!;
    const { refresh_token: refresh } = JSON.parse(
      (await token(service, { grant_type: 'authorization_code', code: issued, redirect_uri: REDIRECT, client_id: 'playdeck-demo', code_verifier: VERIFIER })).body,
    );
    clock += REFRESH_TOKEN_TTL_MS;
    const late = await token(service, { grant_type: 'refresh_token', refresh_token: refresh, client_id: 'playdeck-demo' });
    expect(late.statusCode).toBe(400);
    expect(JSON.parse(late.body).error).toBe('invalid_grant');
  });

  it('revokes the token written for joining dashboards when the next start writes its own', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'playdeck-join-'));
    folders.push(folder);
    const db = join(folder, 'playdeck.db');
    const first = await startService({ db });
    const old = readInstance(db)!.token;
    expect((await fetch(`${first.baseUrl}/me`, { headers: { authorization: `Bearer ${old}` } })).status).toBe(200);
    await first.close();
    const second = await startService({ db });
    running.push(second);
    expect((await fetch(`${second.baseUrl}/me`, { headers: { authorization: `Bearer ${old}` } })).status).toBe(401);
    expect((await fetch(`${second.baseUrl}/me`, { headers: { authorization: `Bearer ${readInstance(db)!.token}` } })).status).toBe(200);
  });

  it("keeps the rate limiter's memory bounded: idle keys are forgotten, and past its size the oldest go", () => {
    const limiter = new RollingWindowLimiter(5, 30_000, 100);
    for (let key = 0; key < 50; key++) limiter.take(`idle-${key}`, 0);
    expect(limiter.size).toBe(50);
    limiter.take('later', 30_000);
    expect(limiter.size).toBe(1);
    for (let key = 0; key < 1_000; key++) limiter.take(`flood-${key}`, 31_000);
    expect(limiter.size).toBe(100);
    // A key still counted keeps its count while it is remembered.
    for (let call = 0; call < 5; call++) limiter.take('busy', 32_000);
    expect(limiter.take('busy', 32_001)).toMatchObject({ allowed: false });
  });
});
