import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir, chmod, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CredentialsError,
  CredentialsFile,
  defaultCredentialsPath,
  loginKey,
  STALE_LOCK_MS,
  type StoredLogin,
} from '../../../src/api/auth/credentials.js';

const login = (accessToken: string): StoredLogin => ({
  clientId: 'playdeck-demo',
  tokenUrl: 'http://127.0.0.1:9/api/token',
  accessToken,
  refreshToken: `refresh-${accessToken}`,
  scope: 'user-read-private',
  obtainedAt: 1_000,
  expiresAt: 3_601_000,
  user: { id: 'demo', displayName: 'Demo User' },
});

let home: string;
let file: CredentialsFile;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'playdeck-credentials-'));
  file = new CredentialsFile(defaultCredentialsPath({ XDG_CONFIG_HOME: home }));
});

afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('credentials file', () => {
  it('lives under XDG_CONFIG_HOME, or ~/.config when it is unset or relative', () => {
    expect(defaultCredentialsPath({ XDG_CONFIG_HOME: '/x/conf' })).toBe('/x/conf/playdeck/credentials.json');
    expect(defaultCredentialsPath({ XDG_CONFIG_HOME: 'relative' })).toMatch(/\/\.config\/playdeck\/credentials\.json$/);
    expect(defaultCredentialsPath({})).toMatch(/\/\.config\/playdeck\/credentials\.json$/);
  });

  it('keys logins by base URL, ignoring a trailing slash and host case', () => {
    expect(loginKey('http://HOST:8080/v1/')).toBe(loginKey('http://host:8080/v1'));
    expect(loginKey('http://host:8080/v1')).not.toBe(loginKey('http://host:8081/v1'));
  });

  it('writes mode 0600 in a 0700 folder, one entry per base URL, and leaves no temp file', async () => {
    await file.save('http://a.test/v1', login('token-a'));
    await file.save('http://b.test/v1/', login('token-b'));
    expect((await stat(file.path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(home, 'playdeck'))).mode & 0o777).toBe(0o700);
    expect(await readdir(join(home, 'playdeck'))).toEqual(['credentials.json']);
    expect(await file.read('http://a.test/v1/')).toEqual(login('token-a'));
    expect((await file.read('http://b.test/v1'))?.accessToken).toBe('token-b');
    expect(await file.read('http://c.test/v1')).toBeNull();
  });

  it('tightens a folder that already existed with looser permissions', async () => {
    await mkdir(join(home, 'playdeck'), { mode: 0o755 });
    await chmod(join(home, 'playdeck'), 0o755);
    await file.save('http://a.test/v1', login('token-a'));
    expect((await stat(join(home, 'playdeck'))).mode & 0o777).toBe(0o700);
  });

  it('replaces an entry and forgets one without touching the others', async () => {
    await file.save('http://a.test/v1', login('old'));
    await file.save('http://b.test/v1', login('token-b'));
    await file.save('http://a.test/v1', login('new'));
    expect((await file.read('http://a.test/v1'))?.accessToken).toBe('new');
    expect(await file.forget('http://a.test/v1')).toBe(true);
    expect(await file.forget('http://a.test/v1')).toBe(false);
    expect(await file.read('http://a.test/v1')).toBeNull();
    expect((await file.read('http://b.test/v1'))?.accessToken).toBe('token-b');
  });

  it('reads a missing file as no logins', async () => {
    expect(await file.read('http://a.test/v1')).toBeNull();
    expect(await file.forget('http://a.test/v1')).toBe(false);
  });

  it('refuses to read a damaged file with a clear error, and a new login replaces it', async () => {
    await mkdir(join(home, 'playdeck'), { recursive: true });
    await writeFile(file.path, '{"logins": [');
    await expect(file.read('http://a.test/v1')).rejects.toThrow(CredentialsError);
    await expect(file.read('http://a.test/v1')).rejects.toThrow(/not a playdeck credentials file/);
    await file.save('http://a.test/v1', login('token-a'));
    expect((await file.read('http://a.test/v1'))?.accessToken).toBe('token-a');
  });

  it('treats an entry of the wrong shape as no login', async () => {
    await mkdir(join(home, 'playdeck'), { recursive: true });
    await writeFile(file.path, JSON.stringify({ version: 1, logins: { 'http://a.test/v1': { access_token: 5 } } }));
    expect(await file.read('http://a.test/v1')).toBeNull();
  });

  it('stores snake_case keys on disk', async () => {
    await file.save('http://a.test/v1', login('token-a'));
    const disk = JSON.parse(await readFile(file.path, 'utf8'));
    expect(disk.logins['http://a.test/v1']).toMatchObject({ access_token: 'token-a', refresh_token: 'refresh-token-a' });
  });

  it('loses no login when several playdecks save at once: each change is made under the lock', async () => {
    const urls = Array.from({ length: 12 }, (_, index) => `http://host-${index}.test/v1`);
    // Separate instances, as separate processes would be: nothing shared but the file.
    await Promise.all(urls.map((url, index) => new CredentialsFile(file.path).save(url, login(`token-${index}`))));
    for (const [index, url] of urls.entries()) expect((await file.read(url))?.accessToken).toBe(`token-${index}`);
    await Promise.all(urls.slice(0, 6).map((url) => new CredentialsFile(file.path).forget(url)));
    expect(await Promise.all(urls.map(async (url) => (await file.read(url)) !== null))).toEqual(urls.map((_, index) => index >= 6));
    expect((await readdir(join(home, 'playdeck'))).sort()).toEqual(['credentials.json']);
  });

  it('takes over a lock that a process which died left behind', async () => {
    await mkdir(join(home, 'playdeck'), { recursive: true });
    const lock = `${file.path}.lock`;
    await writeFile(lock, '');
    const longAgo = (Date.now() - STALE_LOCK_MS - 1_000) / 1000;
    await utimes(lock, longAgo, longAgo);
    await file.save('http://a.test/v1', login('token-a'));
    expect((await file.read('http://a.test/v1'))?.accessToken).toBe('token-a');
    expect(await readdir(join(home, 'playdeck'))).toEqual(['credentials.json']);
  });
});
