import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CredentialsFile, type StoredLogin } from '../../../src/api/auth/credentials.js';
import {
  createRefreshingTokens,
  isRefreshDue,
  notLoggedInMessage,
  openStoredLogin,
  refreshMarginMs,
} from '../../../src/api/auth/refreshing-tokens.js';
import { ApiError, LOGIN_EXPIRED_MESSAGE, LoginExpiredError } from '../../../src/api/errors.js';
import { createTokenSource } from '../../../src/api/tokens.js';
import { startFakeTokenEndpoint, type FakeTokenEndpoint } from './fake-token-endpoint.js';

const BASE_URL = 'http://service.test/v1';
const HOUR = 3_600_000;

let home: string;
let file: CredentialsFile;
let endpoint: FakeTokenEndpoint;
let clock: number;
const now = () => clock;

function storedLogin(overrides: Partial<StoredLogin> = {}): StoredLogin {
  return {
    clientId: 'playdeck-demo',
    tokenUrl: endpoint.tokenUrl,
    accessToken: 'access-0',
    refreshToken: 'refresh-0',
    scope: 'user-read-private',
    obtainedAt: 0,
    expiresAt: HOUR,
    user: { id: 'demo', displayName: 'Demo' },
    ...overrides,
  };
}

async function providerFor(login: StoredLogin) {
  await file.save(BASE_URL, login);
  return createRefreshingTokens({ baseUrl: BASE_URL, login, file, now });
}

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'playdeck-refresh-'));
  file = new CredentialsFile(join(home, 'playdeck', 'credentials.json'));
  endpoint = await startFakeTokenEndpoint('refresh-0');
  clock = 1_000;
});

afterEach(async () => {
  await endpoint.close();
  await rm(home, { recursive: true, force: true });
});

describe('refresh timing', () => {
  it('refreshes a fifth of the lifetime before expiry, at most a minute before', () => {
    expect(refreshMarginMs(storedLogin({ obtainedAt: 0, expiresAt: 5_000 }))).toBe(1_000);
    expect(refreshMarginMs(storedLogin({ obtainedAt: 0, expiresAt: HOUR }))).toBe(60_000);
    expect(isRefreshDue(storedLogin({ obtainedAt: 0, expiresAt: 5_000 }), 3_999)).toBe(false);
    expect(isRefreshDue(storedLogin({ obtainedAt: 0, expiresAt: 5_000 }), 4_000)).toBe(true);
  });
});

describe('createRefreshingTokens', () => {
  it('hands out the stored token while it is fresh, without asking the token endpoint', async () => {
    const tokens = await providerFor(storedLogin());
    expect(await tokens.token()).toBe('access-0');
    expect(endpoint.requests).toHaveLength(0);
  });

  it('refreshes shortly before expiry and stores the rotated refresh token', async () => {
    const tokens = await providerFor(storedLogin());
    clock = HOUR - 30_000;
    expect(await tokens.token()).toBe('access-1');
    expect(endpoint.requests).toHaveLength(1);
    expect(Object.fromEntries(endpoint.requests[0]!)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-0',
      client_id: 'playdeck-demo',
    });
    const saved = await file.read(BASE_URL);
    expect(saved).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1', obtainedAt: clock, expiresAt: clock + HOUR });
    expect(await tokens.token()).toBe('access-1');
    expect(endpoint.requests).toHaveLength(1);
  });

  it('refreshes once for five pollers asking at the same time', async () => {
    const tokens = await providerFor(storedLogin());
    clock = HOUR;
    const held = deferred();
    endpoint.hold = held.promise;
    const asked = Array.from({ length: 5 }, () => tokens.token());
    await expect.poll(() => endpoint.requests.length).toBe(1);
    held.release();
    expect(await Promise.all(asked)).toEqual(Array(5).fill('access-1'));
    expect(endpoint.requests).toHaveLength(1);
  });

  it('refreshes once when five requests are refused with 401 at the same time', async () => {
    const source = createTokenSource(await providerFor(storedLogin()));
    const held = deferred();
    endpoint.hold = held.promise;
    const replaced = Array.from({ length: 5 }, () => source.replace('access-0'));
    await expect.poll(() => endpoint.requests.length).toBe(1);
    held.release();
    expect(await Promise.all(replaced)).toEqual(Array(5).fill('access-1'));
    expect(await source.current()).toBe('access-1');
    expect(endpoint.requests).toHaveLength(1);
  });

  it('ends the session on invalid_grant: every later request is refused with one clear message', async () => {
    const tokens = await providerFor(storedLogin());
    endpoint.mode = 'invalid_grant';
    await expect(tokens.refresh!()).rejects.toMatchObject({ kind: 'unauthorized', message: LOGIN_EXPIRED_MESSAGE });
    const refused = await tokens.token().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ kind: 'unauthorized', message: LOGIN_EXPIRED_MESSAGE });
    await expect(tokens.refresh!()).rejects.toThrow(LOGIN_EXPIRED_MESSAGE);
    expect(endpoint.requests).toHaveLength(1);
  });

  it('keeps the current token through a passing failure and tries again only after a pause', async () => {
    const tokens = await providerFor(storedLogin());
    endpoint.mode = 'unavailable';
    clock = HOUR - 30_000;
    expect(await tokens.token()).toBe('access-0');
    expect(await tokens.token()).toBe('access-0');
    expect(endpoint.requests).toHaveLength(1);
    endpoint.mode = 'ok';
    clock += 5_000;
    expect(await tokens.token()).toBe('access-1');
    expect(endpoint.requests).toHaveLength(2);
  });

  it("adopts a token another playdeck process refreshed instead of spending the rotated refresh token", async () => {
    const tokens = await providerFor(storedLogin());
    clock = HOUR - 30_000;
    await file.save(BASE_URL, storedLogin({ accessToken: 'other-process', refreshToken: 'refresh-9', obtainedAt: clock - 1_000, expiresAt: clock - 1_000 + HOUR }));
    expect(await tokens.token()).toBe('other-process');
    expect(endpoint.requests).toHaveLength(0);
  });

  it("adopts the other process's login when both refreshed at once and ours lost the race", async () => {
    const tokens = await providerFor(storedLogin());
    clock = HOUR;
    endpoint.mode = 'invalid_grant';
    const held = deferred();
    endpoint.hold = held.promise;
    const asked = tokens.token();
    await expect.poll(() => endpoint.requests.length).toBe(1);
    await file.save(BASE_URL, storedLogin({ accessToken: 'winner', refreshToken: 'refresh-7', obtainedAt: clock, expiresAt: clock + HOUR }));
    held.release();
    expect(await asked).toBe('winner');
  });

  it('ends the session when the login was forgotten meanwhile (playdeck logout)', async () => {
    const tokens = await providerFor(storedLogin());
    await file.forget(BASE_URL);
    await expect(tokens.refresh!()).rejects.toThrow(LOGIN_EXPIRED_MESSAGE);
    await expect(tokens.token()).rejects.toThrow(LOGIN_EXPIRED_MESSAGE);
  });

  it('ends the session at expiry when the service gave no refresh token', async () => {
    const tokens = await providerFor(storedLogin({ refreshToken: null }));
    clock = HOUR;
    await expect(tokens.token()).rejects.toThrow(LOGIN_EXPIRED_MESSAGE);
    expect(endpoint.requests).toHaveLength(0);
  });
});

describe('openStoredLogin', () => {
  it('opens the login stored for a base URL, or resolves null when there is none', async () => {
    await file.save(BASE_URL, storedLogin());
    expect(await (await openStoredLogin(`${BASE_URL}/`, { file, now }))?.token()).toBe('access-0');
    expect(await openStoredLogin('http://other.test/v1', { file, now })).toBeNull();
    expect(notLoggedInMessage('http://other.test/v1')).toContain('run `playdeck login --base-url http://other.test/v1`');
  });
});
