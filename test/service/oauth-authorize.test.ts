import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { s256Challenge } from '../../src/api/auth/pkce.js';
import { ConsentCode } from '../../src/service/oauth/consent-code.js';
import { createTestService, type TestService } from '../helpers/service.js';
import { readConsentForm, submission } from '../api/auth/consent-form.js';

const VERIFIER = 'a'.repeat(43);
const REDIRECT = 'http://127.0.0.1:53682/callback';

function authorizeQuery(overrides: Record<string, string | null> = {}): string {
  const params: Record<string, string | null> = {
    client_id: 'playdeck-demo',
    response_type: 'code',
    redirect_uri: REDIRECT,
    code_challenge: s256Challenge(VERIFIER),
    code_challenge_method: 'S256',
    scope: 'user-read-private user-library-read',
    state: 'st-1',
    ...overrides,
  };
  const kept = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== null);
  return new URLSearchParams(kept).toString();
}

let service: TestService;
let consent: ConsentCode;

beforeEach(async () => {
  consent = new ConsentCode();
  service = await createTestService({ consent });
});

afterEach(async () => {
  await service.close();
});

const getAuthorize = (query: string) => service.app.inject({ method: 'GET', url: `/authorize?${query}` });
const postAuthorize = (body: string, contentType = 'application/x-www-form-urlencoded') =>
  service.app.inject({ method: 'POST', url: '/authorize', headers: { 'content-type': contentType }, payload: body });

function redirectParams(location: unknown): URLSearchParams {
  const url = new URL(String(location));
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
  return url.searchParams;
}

describe('GET /authorize', () => {
  it('shows a consent page naming the scopes, whose form posts the request back with approve and deny', async () => {
    const response = await getAuthorize(authorizeQuery());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.body).toContain('user-read-private');
    expect(response.body).toContain('See your saved shows and audiobooks');
    const form = readConsentForm(response.body);
    expect(form).toMatchObject({ method: 'POST', action: '/authorize' });
    expect(Object.fromEntries(form.fields)).toEqual(Object.fromEntries(new URLSearchParams(authorizeQuery())));
    expect(form.buttons.map(([name]) => name)).toEqual(['approve', 'deny']);
  });

  it('escapes everything it echoes', async () => {
    const hostile = '"><script>alert(1)</script>&';
    const response = await getAuthorize(authorizeQuery({ state: hostile, redirect_uri: `${REDIRECT}?x=${encodeURIComponent(hostile)}` }));
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>');
    expect(Object.fromEntries(readConsentForm(response.body).fields).state).toBe(hostile);
  });

  it.each([
    ['no client_id', { client_id: null }, 'Missing client_id'],
    ['an unknown client', { client_id: 'nobody' }, 'Unknown client_id: nobody'],
    ['no redirect_uri', { redirect_uri: null }, 'Missing redirect_uri'],
    ['a localhost redirect', { redirect_uri: 'http://localhost:5000/callback' }, 'Invalid redirect_uri'],
    ['an https redirect', { redirect_uri: 'https://127.0.0.1:5000/callback' }, 'Invalid redirect_uri'],
    ['a remote redirect', { redirect_uri: 'http://evil.example/callback' }, 'Invalid redirect_uri'],
    ['a redirect with credentials', { redirect_uri: 'http://u:p@127.0.0.1:5000/callback' }, 'Invalid redirect_uri'],
  ])('shows an error page and redirects nowhere for %s', async (_case, overrides, message) => {
    const response = await getAuthorize(authorizeQuery(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain(message);
  });

  it('accepts any port on 127.0.0.1 and [::1]', async () => {
    for (const redirect of ['http://127.0.0.1:1/cb', 'http://[::1]:65000/callback', 'http://127.0.0.1/callback']) {
      expect((await getAuthorize(authorizeQuery({ redirect_uri: redirect }))).statusCode).toBe(200);
    }
  });

  it.each([
    ['a token response type', { response_type: 'token' }, 'unsupported_response_type'],
    ['no response type', { response_type: null }, 'invalid_request'],
    ['no code challenge', { code_challenge: null }, 'invalid_request'],
    ['a plain challenge', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['no challenge method', { code_challenge_method: null }, 'invalid_request'],
    ['a malformed challenge', { code_challenge: 'short' }, 'invalid_request'],
    ['an unknown scope', { scope: 'user-read-private admin' }, 'invalid_scope'],
  ])('sends %s back to the client as an OAuth error with the state', async (_case, overrides, error) => {
    const response = await getAuthorize(authorizeQuery(overrides));
    expect(response.statusCode).toBe(302);
    const params = redirectParams(response.headers.location);
    expect(params.get('error')).toBe(error);
    expect(params.get('error_description')).toBeTruthy();
    expect(params.get('state')).toBe('st-1');
    expect(params.get('code')).toBeNull();
  });

  it('refuses a parameter sent twice', async () => {
    const twiceState = await getAuthorize(`${authorizeQuery()}&state=again`);
    expect(redirectParams(twiceState.headers.location).get('error')).toBe('invalid_request');
    const twiceRedirect = await getAuthorize(`${authorizeQuery()}&redirect_uri=${encodeURIComponent('http://127.0.0.1:1/x')}`);
    expect(twiceRedirect.statusCode).toBe(400);
  });
});

describe('POST /authorize', () => {
  async function consentForm(query = authorizeQuery()) {
    return readConsentForm((await getAuthorize(query)).body);
  }

  it('approve redirects to the client with a code and the state', async () => {
    const response = await postAuthorize(submission(await consentForm(), 'approve', { consent_code: consent.current }));
    expect(response.statusCode).toBe(302);
    const params = redirectParams(response.headers.location);
    expect(params.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toBe('st-1');
  });

  it('deny redirects with access_denied and no code', async () => {
    const response = await postAuthorize(submission(await consentForm(), 'deny'));
    const params = redirectParams(response.headers.location);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe('st-1');
    expect(params.get('code')).toBeNull();
  });

  it('checks the posted parameters again: a form edited to a non-loopback redirect gets no code', async () => {
    const form = await consentForm();
    const edited = { ...form, fields: form.fields.map(([name, value]): [string, string] => [name, name === 'redirect_uri' ? 'http://evil.example/cb' : value]) };
    const response = await postAuthorize(submission(edited, 'approve', { consent_code: consent.current }));
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
  });

  it('refuses a body that is not a form', async () => {
    const response = await postAuthorize(JSON.stringify({ approve: 'yes' }), 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('application/x-www-form-urlencoded');
  });

  it('keeps the redirect URI query and stores the code only as a hash', async () => {
    const redirect = `${REDIRECT}?keep=1`;
    const response = await postAuthorize(submission(await consentForm(authorizeQuery({ redirect_uri: redirect })), 'approve', { consent_code: consent.current }));
    const location = new URL(String(response.headers.location));
    expect(location.searchParams.get('keep')).toBe('1');
    const code = location.searchParams.get('code')!;
    const stored = service.db.prepare('SELECT code_hash FROM oauth_codes').all() as { code_hash: string }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toBe(code);
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
