import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/cli/args.js';
import { parseCliArgs } from '../src/cli/parse-args.js';
import { USAGE } from '../src/cli/usage.js';

/** The value a command line reads to, or the kind when it is help or the version. */
function read(argv: string[], env: Record<string, string | undefined> = {}) {
  const command = parseCliArgs(argv, env);
  return command.kind === 'run' ? { name: command.name, value: command.value } : command.kind;
}

describe('the command line parser', () => {
  it('reads every option of serve in both forms', () => {
    expect(read(['serve', '--port', '8123', '--host=::1', '--db', ':memory:', '--rate-limit', '50', '--token-ttl=5'])).toEqual({
      name: 'serve',
      value: { port: 8123, host: '::1', db: ':memory:', rateLimit: 50, tokenTtlSeconds: 5 },
    });
  });

  it('reads a music folder for the dashboard and for serve', () => {
    expect(read(['--music', '~/Music'])).toEqual({ name: '', value: { kind: 'embedded', port: undefined, db: undefined, music: { folder: '~/Music' } } });
    expect(read(['serve', '--music=/srv/music', '--db', 'x.db'])).toEqual({ name: 'serve', value: { db: 'x.db', music: { folder: '/srv/music' } } });
    expect(() => read(['serve', '--music', 'm', '--catalog-tracks', '5000'])).toThrow('--catalog-tracks and --liked-songs size the demo catalog, not a music folder');
    expect(() => read(['--music', 'm', '--base-url', 'http://x/v1'])).toThrow('--port, --db and --music are for the embedded service');
  });

  it("reads the catalog's size for a new database", () => {
    expect(read(['serve', '--catalog-tracks', '1000000', '--liked-songs=10000'])).toEqual({
      name: 'serve',
      value: { catalogSize: { catalogTracks: 1_000_000, likedSongs: 10_000 } },
    });
    expect(read(['serve', '--liked-songs', '0'])).toEqual({ name: 'serve', value: { catalogSize: { catalogTracks: undefined, likedSongs: 0 } } });
  });

  it.each([
    [['serve', '--catalog-tracks', '1999'], '--catalog-tracks needs an integer from 2000 to 5000000'],
    [['serve', '--liked-songs', '-1'], '--liked-songs needs an integer'],
    [['serve', '--port', 'x'], '--port needs an integer'],
    [['serve', '--port', '70000'], '--port needs an integer'],
    [['serve', '--rate-limit', '0'], '--rate-limit needs an integer'],
    [['serve', '--bogus'], 'unknown option --bogus'],
    [['serve', '--db'], '--db needs a value'],
    [['serve', '--token', 'x'], '--token is not an option of playdeck serve'],
    [['login'], 'login needs --base-url'],
    [['login', '--base-url', 'u', '--no-browser=yes'], '--no-browser takes no value'],
    [['logout', 'now', '--base-url', 'u'], 'logout takes no "now"'],
    [['extra'], 'unknown command "extra"'],
    [['--token', 'abc'], '--token needs --base-url'],
    [['--base-url', 'u', '--port', '1'], '--port, --db and --music are for the embedded service'],
  ])('refuses %j with a UsageError', (argv, message) => {
    expect(() => parseCliArgs(argv, {})).toThrow(UsageError);
    expect(() => parseCliArgs(argv, {})).toThrow(message);
  });

  it('reads the dashboard on the embedded service or on another one, from options or the environment', () => {
    expect(read(['--port', '9000', '--db', 'x.db'])).toEqual({ name: '', value: { kind: 'embedded', port: 9000, db: 'x.db' } });
    expect(read(['--base-url', 'http://h/v1', '--token', '-starts-with-dash'])).toEqual({
      name: '',
      value: { kind: 'remote', baseUrl: 'http://h/v1', token: '-starts-with-dash', tokenOnCommandLine: true },
    });
    expect(read([], { PLAYDECK_BASE_URL: 'http://h/v1' })).toEqual({ name: '', value: { kind: 'remote', baseUrl: 'http://h/v1' } });
  });

  it('reads login and logout, with the base URL and client id from the environment', () => {
    expect(read(['login', '--scopes', 'a, b', '--no-browser'], { PLAYDECK_BASE_URL: 'http://h/v1', PLAYDECK_CLIENT_ID: 'me' })).toEqual({
      name: 'login',
      value: { baseUrl: 'http://h/v1', clientId: 'me', authUrl: undefined, scopes: ['a', 'b'], openBrowser: false },
    });
    expect(read(['logout', '--base-url=http://h/v1'])).toEqual({ name: 'logout', value: 'http://h/v1' });
  });

  it('answers help and the version from any command', () => {
    expect(read(['-h'])).toBe('help');
    expect(read(['login', '--help'])).toBe('help');
    expect(read(['serve', '-v'])).toBe('version');
  });

  it('lists every subcommand and option in USAGE', () => {
    for (const word of ['playdeck serve', 'playdeck login', 'playdeck logout', '--base-url', '--token', '--port', '--db', '--host', '--rate-limit', '--token-ttl', '--client-id', '--auth-url', '--scopes', '--no-browser', '--help', '--version',
      '--token-file', '--insecure-http', '--tmux', '--polybar', '--waybar', '--json', '--format', '--max-width', '--idle', '--catalog-tracks', '--liked-songs', '--follow', 'playdeck sleep']) {
      expect(USAGE).toContain(word);
    }
    // Where it is said, the warning comes with the way round it.
    expect(USAGE).toMatch(/--token TOKEN +.*every user can read it \(ps\): prefer PLAYDECK_TOKEN, --token-file/);
  });

  it('takes the token from a file or the environment, kept out of ps; --token - is stdin, which the dashboard needs for its keys', () => {
    const folder = mkdtempSync(join(tmpdir(), 'playdeck-args-'));
    try {
      const file = join(folder, 'token');
      writeFileSync(file, 's3cret\n', { mode: 0o600 });
      expect(read(['--base-url', 'http://h/v1', '--token-file', file])).toEqual({ name: '', value: { kind: 'remote', baseUrl: 'http://h/v1', token: 's3cret' } });
      expect(read(['--base-url', 'http://h/v1'], { PLAYDECK_TOKEN: 'from-env' })).toEqual({ name: '', value: { kind: 'remote', baseUrl: 'http://h/v1', token: 'from-env' } });
      expect(() => parseCliArgs(['--base-url', 'h', '--token', '-'], {})).toThrow(/--token - reads stdin, which the dashboard needs for its keys/);
      expect(() => parseCliArgs(['--base-url', 'h', '--token', 'a', '--token-file', file], {})).toThrow(/one choice/);
      expect(() => parseCliArgs(['--base-url', 'h', '--token-file', join(folder, 'none')], {})).toThrow(/cannot read the token from .*none: ENOENT/);
      writeFileSync(file, '\n');
      expect(() => parseCliArgs(['--base-url', 'h', '--token-file', file], {})).toThrow(/holds no token/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads --insecure-http for login only', () => {
    expect(read(['login', '--base-url', 'http://h/v1', '--insecure-http'])).toMatchObject({ value: { allowPlainHttp: true } });
    expect(() => parseCliArgs(['--insecure-http'], {})).toThrow('--insecure-http is not an option of playdeck');
  });
});
