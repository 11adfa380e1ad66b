import { afterEach, describe, expect, it } from 'vitest';
import { s256Challenge } from '../../src/api/auth/pkce.js';
import { hashToken } from '../../src/service/store/tokens.js';
import { OAuthStore } from '../../src/service/oauth/store.js';
import { ConsentCode } from '../../src/service/oauth/consent-code.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

const VERIFIER = 'verifier-'.padEnd(64, 'x');
const REDIRECT = 'http://127.0.0.1:53682/callback';

let service: TestService;
let consent: ConsentCode;
let clock = 1_000_000;

async function start(options: { tokenTtlSeconds?: number } = {}) {
  clock = 1_000_000;
  consent = new ConsentCode();
  service = await createTestService({ now: () => clock, consent, ...options });
}

afterEach(async () => {
  await service.close();
});

/** Consents (as the scripted user would) and returns the code. */
async function authorize(overrides: Record<string, string> = {}): Promise<string> {
  const form = new URLSearchParams({
    client_id: 'playdeck-demo',
    response_type: 'code',
    redirect_uri: REDIRECT,
    code_challenge: s256Challenge(VERIFIER),
    code_challenge_method: 'S256',
    scope: 'user-read-private user-library-read',
    approve: 'yes',
    consent_code: consent.current,
    ...overrides,
  });
  const response = await service.app.inject({ method: 'POST', url: '/authorize', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
  return new URL(String(response.headers.location)).searchParams.get('code')!;
}

async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await service.app.inject({
    method: 'POST',
    url: '/api/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: response.statusCode, body: JSON.parse(response.body), headers: response.headers };
}

const exchange = (code: string, overrides: Record<string, string> = {}) =>
  token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'playdeck-demo', code_verifier: VERIFIER, ...overrides });

const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'playdeck-demo' });

describe('POST /api/token: authorization_code', () => {
  it('exchanges a code for tokens that act for the user with the consented scopes', async () => {
    await start();
    const response = await exchange(await authorize());
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      scope: 'user-read-private user-library-read',
      expires_in: 3600,
      refresh_token: expect.any(String),
    });
    const me = await service.get('/v1/me', response.body.access_token);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(ids.demo);
    expect((await service.get('/v1/me/shows', response.body.access_token)).status).toBe(200);
    expect((await service.get('/v1/me/player', response.body.access_token)).body.error.message).toBe('Insufficient client scope');
  });

  it('verifies PKCE: a wrong verifier is refused and spends the code', async () => {
    await start();
    const code = await authorize();
    const wrong = await exchange(code, { code_verifier: 'b'.repeat(43) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: 'code_verifier was incorrect' });
    expect((await exchange(code)).body.error).toBe('invalid_grant');
  });

  it('refuses a malformed or missing verifier as an invalid request', async () => {
    await start();
    const code = await authorize();
    expect((await exchange(code, { code_verifier: 'short' })).body.error).toBe('invalid_request');
    const withoutVerifier = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'playdeck-demo' };
    expect((await token(withoutVerifier)).body).toEqual({ error: 'invalid_request', error_description: 'Missing code_verifier' });
  });

  it('uses a code once', async () => {
    await start();
    const code = await authorize();
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid authorization code' });
  });

  it('refuses a code after a minute', async () => {
    await start();
    const code = await authorize();
    clock += 60_000;
    expect((await exchange(code)).body).toEqual({ error: 'invalid_grant', error_description: 'Authorization code expired' });
  });

  it('accepts a code just before its minute is up', async () => {
    await start();
    const code = await authorize();
    clock += 59_999;
    expect((await exchange(code)).status).toBe(200);
  });

  it('refuses a code with another redirect URI or from another client', async () => {
    await start();
    expect((await exchange(await authorize(), { redirect_uri: 'http://127.0.0.1:1/callback' })).body.error_description).toBe('Invalid redirect URI');
    new OAuthStore(service.db).registerClient({ clientId: 'other-app', name: 'Other' });
    expect((await exchange(await authorize(), { client_id: 'other-app' })).body.error_description).toBe('The authorization code was issued to another client');
  });

  it('keeps codes and refresh tokens only as their sha256', async () => {
    await start();
    const code = await authorize();
    expect(service.db.prepare('SELECT 1 FROM oauth_codes WHERE code_hash = ?').get(hashToken(code))).toBeTruthy();
    const { body } = await exchange(code);
    expect(service.db.prepare('SELECT 1 FROM oauth_refresh_tokens WHERE token_hash = ?').get(hashToken(body.refresh_token))).toBeTruthy();
    const everything = JSON.stringify(service.db.prepare('SELECT * FROM oauth_refresh_tokens').all()) + JSON.stringify(service.db.prepare('SELECT * FROM tokens').all());
    expect(everything).not.toContain(body.refresh_token);
    expect(everything).not.toContain(body.access_token);
  });
});

describe('POST /api/token: refresh_token', () => {
  it('rotates the refresh token: the new pair works, the old refresh token does not', async () => {
    await start();
    const first = (await exchange(await authorize())).body;
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect(second.body.scope).toBe(first.scope);
    expect((await service.get('/v1/me', second.body.access_token)).status).toBe(200);
    expect((await refresh(first.refresh_token)).body).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
    expect((await refresh(second.body.refresh_token)).status).toBe(200);
  });

  it('gives tokens of the configured lifetime (serve --token-ttl) that expire on time', async () => {
    await start({ tokenTtlSeconds: 5 });
    const first = (await exchange(await authorize())).body;
    expect(first.expires_in).toBe(5);
    clock += 5_000;
    expect((await service.get('/v1/me', first.access_token)).body.error.message).toBe('The access token expired');
    const renewed = (await refresh(first.refresh_token)).body;
    expect(renewed.expires_in).toBe(5);
    expect((await service.get('/v1/me', renewed.access_token)).status).toBe(200);
  });

  it('refuses a refresh token presented by another client', async () => {
    await start();
    new OAuthStore(service.db).registerClient({ clientId: 'other-app', name: 'Other' });
    const first = (await exchange(await authorize())).body;
    const stolen = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'other-app' });
    expect(stolen.body.error).toBe('invalid_grant');
  });
});

describe('POST /api/token: client_credentials', () => {
  it('gives a token with no user and no refresh token: catalog reads work, /me/shows is refused with 403', async () => {
    await start();
    const response = await token({ grant_type: 'client_credentials', client_id: 'playdeck-demo' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', scope: '', expires_in: 3600 });
    const shows = await service.get('/v1/me/shows', response.body.access_token);
    expect(shows.status).toBe(403);
    expect(shows.body).toEqual({ error: { status: 403, message: 'Insufficient client scope' } });
    expect((await service.get(`/v1/tracks/${ids.track(1)}?market=GB`, response.body.access_token)).status).toBe(200);
  });

  it('authenticates a confidential client by its secret, in the body or with HTTP Basic', async () => {
    await start();
    new OAuthStore(service.db).registerClient({ clientId: 'backend', name: 'Backend', secret: 's3cret' });
    const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });
    expect((await token({ grant_type: 'client_credentials' }, basic('backend', 's3cret'))).status).toBe(200);
    expect((await token({ grant_type: 'client_credentials', client_id: 'backend', client_secret: 's3cret' })).status).toBe(200);
    const wrong = await token({ grant_type: 'client_credentials' }, basic('backend', 'guess'));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);
    expect((await token({ grant_type: 'client_credentials', client_id: 'backend' })).status).toBe(401);
  });
});

describe('POST /api/token: bad requests', () => {
  it.each([
    ['no grant type', {}, 400, 'invalid_request'],
    ['an unknown grant type', { grant_type: 'password', client_id: 'playdeck-demo' }, 400, 'unsupported_grant_type'],
    ['no client', { grant_type: 'client_credentials' }, 401, 'invalid_client'],
    ['an unknown client', { grant_type: 'client_credentials', client_id: 'nobody' }, 401, 'invalid_client'],
    ['no code', { grant_type: 'authorization_code', client_id: 'playdeck-demo' }, 400, 'invalid_request'],
    ['no refresh token', { grant_type: 'refresh_token', client_id: 'playdeck-demo' }, 400, 'invalid_request'],
    ['an unknown refresh token', { grant_type: 'refresh_token', client_id: 'playdeck-demo', refresh_token: 'nope' }, 400, 'invalid_grant'],
  ])('answers %s in the OAuth error shape', async (_case, form, status, error) => {
    await start();
    const response = await token(form as Record<string, string>);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error, error_description: expect.any(String) });
  });

  it('refuses a JSON body, a repeated parameter and a wrong method', async () => {
    await start();
    const json = await service.app.inject({ method: 'POST', url: '/api/token', headers: { 'content-type': 'application/json' }, payload: '{"grant_type":"client_credentials"}' });
    expect(json.statusCode).toBe(400);
    expect(JSON.parse(json.body).error).toBe('invalid_request');
    const repeated = await service.app.inject({ method: 'POST', url: '/api/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=client_credentials&client_id=playdeck-demo&client_id=playdeck-demo' });
    expect(JSON.parse(repeated.body)).toEqual({ error: 'invalid_request', error_description: 'Parameter client_id was given more than once' });
    expect((await service.app.inject({ method: 'GET', url: '/api/token' })).statusCode).toBe(405);
  });
});
