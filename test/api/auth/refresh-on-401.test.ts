import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CredentialsFile } from '../../../src/api/auth/credentials.js';
import { logIn } from '../../../src/api/auth/login-flow.js';
import { openStoredLogin } from '../../../src/api/auth/refreshing-tokens.js';
import * as tokenEndpoint from '../../../src/api/auth/token-endpoint.js';
import { createApi } from '../../../src/api/index.js';
import { startService, type RunningService } from '../../../src/service/start.js';
import { consentAt } from './scripted-browser.js';

// Every call still reaches the real token endpoint; the spy only counts them.
vi.mock('../../../src/api/auth/token-endpoint.js', async (importOriginal) => {
  const original = await importOriginal<typeof tokenEndpoint>();
  return { ...original, requestToken: vi.fn(original.requestToken) };
});

let service: RunningService;
let home: string;

beforeAll(async () => {
  service = await startService({ port: 0, db: ':memory:', consent: {} });
  home = await mkdtemp(join(tmpdir(), 'playdeck-401-'));
});

afterAll(async () => {
  await service.close();
  await rm(home, { recursive: true, force: true });
});

describe('a stored login on the real client', () => {
  it('refreshes once when five concurrent requests are refused with 401, then all succeed', async () => {
    const file = new CredentialsFile(join(home, 'credentials.json'));
    await logIn({ baseUrl: service.baseUrl, clientId: 'playdeck-demo', file, onAuthorizeUrl: (url) => void consentAt(url, 'approve', { code: service.consentCode() }) });
    const stored = (await file.read(service.baseUrl))!;
    // The service no longer knows this access token, though it has not expired by our clock.
    await file.save(service.baseUrl, { ...stored, accessToken: 'revoked-token' });
    const requestToken = vi.mocked(tokenEndpoint.requestToken);
    requestToken.mockClear();

    const api = createApi({ baseUrl: service.baseUrl, tokens: (await openStoredLogin(service.baseUrl, { file }))! });
    const profiles = await Promise.all(Array.from({ length: 5 }, () => api.getMe()));
    expect(profiles.map((profile) => profile.id)).toEqual(Array(5).fill(stored.user!.id));
    expect(requestToken).toHaveBeenCalledTimes(1);
    expect(requestToken.mock.calls[0]![1]).toMatchObject({ grant_type: 'refresh_token' });
    expect(api.getConnection()).toEqual({ state: 'online' });
    expect((await file.read(service.baseUrl))?.refreshToken).not.toBe(stored.refreshToken);
  });
});
