import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CredentialsFile } from '../../../src/api/auth/credentials.js';
import { authEndpoints, DASHBOARD_SCOPES, logIn, LOGIN_TIMEOUT_MS, LoginError, type LoginOptions } from '../../../src/api/auth/login-flow.js';
import { openStoredLogin } from '../../../src/api/auth/refreshing-tokens.js';
import { LOGIN_EXPIRED_MESSAGE } from '../../../src/api/errors.js';
import { createApi } from '../../../src/api/index.js';
import { startService, type RunningService } from '../../../src/service/start.js';
import { consentAt, type BrowserVisit } from './scripted-browser.js';
import { useFakeClock } from '../../helpers/fake-clock.js';

let service: RunningService;
let home: string;
let file: CredentialsFile;

beforeAll(async () => {
  service = await startService({ port: 0, db: ':memory:', consent: {} });
});

afterAll(async () => {
  await service.close();
});

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'playdeck-login-'));
  file = new CredentialsFile(join(home, 'playdeck', 'credentials.json'));
});

afterEach(async () => {
  vi.useRealTimers();
  await rm(home, { recursive: true, force: true });
});

/** Logs in while the scripted user does `act` at the authorize URL. */
async function logInWith(act: (authorizeUrl: string) => Promise<BrowserVisit>, options: Partial<LoginOptions> = {}) {
  let visit: Promise<BrowserVisit> | undefined;
  let authorizeUrl = '';
  const result = logIn({
    baseUrl: service.baseUrl,
    clientId: 'playdeck-demo',
    file,
    onAuthorizeUrl: (url) => {
      authorizeUrl = url;
      visit = act(url);
    },
    ...options,
  });
  const settled = await result.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return { settled, authorizeUrl, visit: await visit };
}

describe('logIn against the embedded service', () => {
  it('logs in through the consent page and stores a working, refreshable login', async () => {
    const { settled, authorizeUrl, visit } = await logInWith((url) => consentAt(url, 'approve', { code: service.consentCode() }));
    expect(settled).toEqual({ ok: true, value: { displayName: expect.any(String) } });

    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${service.origin}/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe(DASHBOARD_SCOPES.join(' '));
    expect(visit).toMatchObject({ consentStatus: 200, callbackStatus: 200 });

    const stored = await file.read(service.baseUrl);
    expect(stored).toMatchObject({ clientId: 'playdeck-demo', tokenUrl: `${service.origin}/api/token`, refreshToken: expect.any(String) });
    expect(stored?.user?.displayName).toBe(settled.ok && settled.value.displayName);
    expect((await stat(file.path)).mode & 0o777).toBe(0o600);

    const tokens = await openStoredLogin(service.baseUrl, { file });
    const me = await createApi({ baseUrl: service.baseUrl, tokens: tokens! }).getMe();
    expect(me.display_name).toBe(stored?.user?.displayName);
  });

  it('refreshes the stored login at the service, keeping the rotated refresh token', async () => {
    await logInWith((url) => consentAt(url, 'approve', { code: service.consentCode() }));
    const before = (await file.read(service.baseUrl))!;
    const later = before.expiresAt; // the provider believes the token is about to expire
    const tokens = (await openStoredLogin(service.baseUrl, { file, now: () => later }))!;
    const fresh = await tokens.token();
    expect(fresh).not.toBe(before.accessToken);
    const after = (await file.read(service.baseUrl))!;
    expect(after.accessToken).toBe(fresh);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect((await createApi({ baseUrl: service.baseUrl, tokens: { token: async () => fresh } }).getMe()).id).toBeTruthy();
    const reused = await fetch(before.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: before.refreshToken!, client_id: 'playdeck-demo' }),
    });
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('turns a refused refresh into "login expired" on the client: the request fails and the connection is unauthorized', async () => {
    await logInWith((url) => consentAt(url, 'approve', { code: service.consentCode() }));
    const stored = (await file.read(service.baseUrl))!;
    // Someone else spends the refresh token: the stored one is rotated away.
    await fetch(stored.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: stored.refreshToken!, client_id: 'playdeck-demo' }),
    });
    const tokens = (await openStoredLogin(service.baseUrl, { file, now: () => stored.expiresAt }))!;
    const api = createApi({ baseUrl: service.baseUrl, tokens });
    await expect(api.getMe()).rejects.toMatchObject({ name: 'ApiError', kind: 'unauthorized', message: LOGIN_EXPIRED_MESSAGE });
    expect(api.getConnection()).toEqual({ state: 'unauthorized', message: LOGIN_EXPIRED_MESSAGE });
  });

  it('says "login expired" on the very request whose 401 the refresh could not cure', async () => {
    await logInWith((url) => consentAt(url, 'approve', { code: service.consentCode() }));
    const stored = (await file.read(service.baseUrl))!;
    await fetch(stored.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: stored.refreshToken!, client_id: 'playdeck-demo' }),
    });
    // The clock says the token is fresh, but the service no longer knows it: the 401 comes first.
    await file.save(service.baseUrl, { ...stored, accessToken: 'revoked-access-token' });
    const tokens = (await openStoredLogin(service.baseUrl, { file, now: () => stored.expiresAt - 30 * 60_000 }))!;
    const api = createApi({ baseUrl: service.baseUrl, tokens });
    await expect(api.getMe()).rejects.toMatchObject({ kind: 'unauthorized', message: LOGIN_EXPIRED_MESSAGE });
    expect(api.getConnection()).toEqual({ state: 'unauthorized', message: LOGIN_EXPIRED_MESSAGE });
  });

  it('fails with one clear error when the user denies consent', async () => {
    const { settled, visit } = await logInWith((url) => consentAt(url, 'deny'));
    expect(settled.ok).toBe(false);
    expect(!settled.ok && settled.error).toBeInstanceOf(LoginError);
    expect(!settled.ok && (settled.error as Error).message).toBe('consent was denied (access_denied)');
    expect(visit?.callbackStatus).toBe(400);
    expect(await file.read(service.baseUrl)).toBeNull();
  });

  it('answers a callback without its state 400 and keeps waiting for the one that carries it', async () => {
    const strangers: number[] = [];
    const { settled } = await logInWith(async (url) => {
      const callback = new URL(new URL(url).searchParams.get('redirect_uri')!);
      // Another local process that found the port: a forged code, a denial, a stray request with no state.
      for (const query of ['code=forged&state=forged', 'error=access_denied', 'error=access_denied&state=', '']) {
        strangers.push((await fetch(`${callback.href}?${query}`)).status);
      }
      return consentAt(url, 'approve', { code: service.consentCode() });
    });
    expect(strangers).toEqual([400, 400, 400, 400]);
    expect(settled).toEqual({ ok: true, value: { displayName: expect.any(String) } });
    expect(await file.read(service.baseUrl)).not.toBeNull();
  });

  it('reports the token endpoint refusing the code', async () => {
    const { settled } = await logInWith((url) =>
      consentAt(url, 'approve', {
        code: service.consentCode(),
        editCallback: (callback) => {
          callback.searchParams.set('code', 'not-a-code');
          return callback;
        },
      }),
    );
    expect(!settled.ok && (settled.error as Error).message).toBe(
      'the token endpoint refused the code: Invalid authorization code (invalid_grant)',
    );
  });

  it('gives up after five minutes', async () => {
    useFakeClock();
    let opened!: () => void;
    const urlShown = new Promise<void>((resolve) => (opened = resolve));
    const result = logIn({ baseUrl: service.baseUrl, clientId: 'playdeck-demo', file, onAuthorizeUrl: () => opened() });
    const outcome = result.catch((error: unknown) => error);
    await urlShown;
    await vi.advanceTimersByTimeAsync(LOGIN_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ name: 'LoginError', message: 'timed out: the login was not completed within 5 minutes' });
  });
});

describe('authEndpoints', () => {
  it('puts /authorize and /api/token at the base URL origin, or under --auth-url', () => {
    expect(authEndpoints('http://127.0.0.1:8080/v1')).toEqual({
      authorizeUrl: 'http://127.0.0.1:8080/authorize',
      tokenUrl: 'http://127.0.0.1:8080/api/token',
    });
    expect(authEndpoints('https://api.example.com/v1', 'https://accounts.example.com/')).toEqual({
      authorizeUrl: 'https://accounts.example.com/authorize',
      tokenUrl: 'https://accounts.example.com/api/token',
    });
  });

  it('refuses URLs that are not http(s)', () => {
    expect(() => authEndpoints('ftp://x/v1')).toThrow('--base-url must be http or https');
    expect(() => authEndpoints('not a url')).toThrow('--base-url is not a URL');
    expect(() => authEndpoints('http://x/v1', 'nope')).toThrow('--auth-url is not a URL');
  });
});

describe('plain HTTP', () => {
  it('refuses to log in over plain HTTP to another host than this machine, before anything is sent or opened', async () => {
    for (const [baseUrl, authUrl] of [['http://media.example/v1', undefined], ['https://media.example/v1', 'http://10.0.0.7:8080']] as const) {
      const opened: string[] = [];
      const attempt = logIn({ baseUrl, authUrl, clientId: 'playdeck-demo', file, onAuthorizeUrl: (url) => opened.push(url) });
      await expect(attempt).rejects.toThrow(/^refusing to log in over plain HTTP to (media\.example|10\.0\.0\.7:8080): .*--insecure-http/);
      expect(opened).toEqual([]);
    }
  });

  it('goes ahead to this machine, or anywhere with allowPlainHttp (--insecure-http)', async () => {
    for (const [baseUrl, allowPlainHttp] of [['http://localhost:9/v1', false], ['http://[::1]:9/v1', false], ['http://media.example/v1', true]] as const) {
      const opened: string[] = [];
      const attempt = logIn({ baseUrl, clientId: 'playdeck-demo', file, allowPlainHttp, timeoutMs: 50, onAuthorizeUrl: (url) => opened.push(url) });
      await expect(attempt).rejects.toThrow(/timed out/);
      expect(opened).toHaveLength(1);
    }
  });
});
