import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CredentialsFile, defaultCredentialsPath } from '../src/api/auth/credentials.js';
import { UsageError } from '../src/cli/args.js';
import type { LoginOptions } from '../src/cli/command-options.js';
import { parseCliArgs } from '../src/cli/parse-args.js';
import { runLogin, runLogout, storedLoginTokens, type CommandIo } from '../src/cli/login.js';
import { startService, type RunningService } from '../src/service/start.js';
import { consentAt } from './api/auth/scripted-browser.js';

let service: RunningService;
let configHome: string;

beforeAll(async () => {
  service = await startService({ port: 0, db: ':memory:', consent: {} });
});

afterAll(async () => {
  await service.close();
});

beforeEach(async () => {
  configHome = await mkdtemp(join(tmpdir(), 'playdeck-cli-login-'));
});

afterEach(async () => {
  await rm(configHome, { recursive: true, force: true });
});

/** A terminal that records its lines; `onLine` plays the user reacting to what is printed. */
function terminal(onLine: (line: string) => void = () => undefined) {
  const out: string[] = [];
  const err: string[] = [];
  const opened: string[] = [];
  const io: CommandIo = {
    stdout: (line) => {
      out.push(line);
      onLine(line);
    },
    stderr: (line) => err.push(line),
    env: { XDG_CONFIG_HOME: configHome },
    openBrowser: (url) => opened.push(url),
  };
  return { io, out, err, opened };
}

/** `playdeck login ARGS` through the one parser, with a usage error as the program prints it (exit 2). */
async function loginWith(args: string[], io: CommandIo): Promise<number> {
  try {
    const command = parseCliArgs(['login', ...args], io.env);
    if (command.kind !== 'run') throw new Error(`not a login: ${command.kind}`);
    return await runLogin(command.value as LoginOptions, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`playdeck: ${error.message}`);
    return 2;
  }
}

async function logoutWith(args: string[], io: CommandIo): Promise<number> {
  try {
    const command = parseCliArgs(['logout', ...args], io.env);
    if (command.kind !== 'run') throw new Error(`not a logout: ${command.kind}`);
    return await runLogout(command.value as string, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`playdeck: ${error.message}`);
    return 2;
  }
}

const credentials = () => new CredentialsFile(defaultCredentialsPath({ XDG_CONFIG_HOME: configHome }));
const URL_LINE = /^Open this URL to log in: (\S+)$/;

describe('playdeck login', () => {
  it('prints the authorize URL, completes when the user approves, and says who logged in', async () => {
    const visits: Promise<unknown>[] = [];
    const screen = terminal((line) => {
      const match = URL_LINE.exec(line);
      if (match) visits.push(consentAt(match[1]!, 'approve', { code: service.consentCode() }));
    });
    const code = await loginWith(['--base-url', service.baseUrl, '--client-id', 'playdeck-demo', '--no-browser'], screen.io);
    await Promise.all(visits);
    expect(screen.err).toEqual([]);
    expect(code).toBe(0);
    expect(screen.out).toHaveLength(2);
    const authorize = new URL(URL_LINE.exec(screen.out[0]!)![1]!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const stored = await credentials().read(service.baseUrl);
    expect(screen.out[1]).toBe(`Logged in as ${stored?.user?.displayName}`);
    expect(stored?.refreshToken).toEqual(expect.any(String));
    expect((await stat(credentials().path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(configHome, 'playdeck'))).mode & 0o777).toBe(0o700);
    // The tokens never reach the terminal.
    expect(screen.out.join('\n')).not.toContain(stored!.accessToken);
    expect(screen.out.join('\n')).not.toContain(stored!.refreshToken!);
    expect(screen.opened).toEqual([]);
  });

  it('opens the browser unless --no-browser, and narrows the scopes with --scopes', async () => {
    const screen = terminal((line) => {
      if (URL_LINE.test(line)) void consentAt(URL_LINE.exec(line)![1]!, 'approve', { code: service.consentCode() });
    });
    expect(await loginWith(['--base-url', service.baseUrl, '--scopes', 'user-read-private,user-library-read'], screen.io)).toBe(0);
    expect(screen.opened).toHaveLength(1);
    expect(new URL(screen.opened[0]!).searchParams.get('scope')).toBe('user-read-private user-library-read');
    expect((await credentials().read(service.baseUrl))?.scope).toBe('user-read-private user-library-read');
  });

  it('fails with one line and exit 1 when consent is denied', async () => {
    const screen = terminal((line) => {
      if (URL_LINE.test(line)) void consentAt(URL_LINE.exec(line)![1]!, 'deny');
    });
    expect(await loginWith(['--base-url', service.baseUrl, '--no-browser'], screen.io)).toBe(1);
    expect(screen.err).toEqual(['playdeck login: consent was denied (access_denied)']);
    expect(await credentials().read(service.baseUrl)).toBeNull();
  });

  it('refuses bad usage with one line and exit 2', async () => {
    const unknown = terminal();
    expect(await loginWith(['--base-url', service.baseUrl, '--bogus'], unknown.io)).toBe(2);
    expect(unknown.err).toHaveLength(1);
    expect(unknown.err[0]).toBe('playdeck: unknown option --bogus');
    const missing = terminal();
    expect(await loginWith([], missing.io)).toBe(2);
    expect(missing.err).toEqual([expect.stringMatching(/^playdeck: login needs --base-url/)]);
  });

  it('reports a base URL that is not a URL in one line', async () => {
    const screen = terminal();
    expect(await loginWith(['--base-url', 'nope'], screen.io)).toBe(1);
    expect(screen.err).toEqual(['playdeck login: --base-url is not a URL: "nope"']);
  });
});

describe('playdeck logout', () => {
  it('forgets the login of that base URL only', async () => {
    const login = terminal((line) => {
      if (URL_LINE.test(line)) void consentAt(URL_LINE.exec(line)![1]!, 'approve', { code: service.consentCode() });
    });
    expect(await loginWith(['--base-url', service.baseUrl, '--no-browser'], login.io)).toBe(0);
    const screen = terminal();
    expect(await logoutWith(['--base-url', `${service.baseUrl}/`], screen.io)).toBe(0);
    expect(screen.out).toEqual([`Logged out of ${service.baseUrl}/`]);
    expect(await credentials().read(service.baseUrl)).toBeNull();
    const again = terminal();
    expect(await logoutWith(['--base-url', service.baseUrl], again.io)).toBe(0);
    expect(again.out).toEqual([`No stored login for ${service.baseUrl}`]);
  });

  it('needs a base URL', async () => {
    const screen = terminal();
    expect(await logoutWith([], screen.io)).toBe(2);
    expect(screen.err).toEqual([expect.stringMatching(/^playdeck: logout needs --base-url/)]);
  });
});

describe('the dashboard on a stored login', () => {
  it('uses the login stored for the base URL, and says to log in when there is none', async () => {
    const env = { XDG_CONFIG_HOME: configHome };
    await expect(storedLoginTokens(service.baseUrl, env)).rejects.toThrow(
      `No stored login for ${service.baseUrl}: run \`playdeck login --base-url ${service.baseUrl}\``,
    );
    const login = terminal((line) => {
      if (URL_LINE.test(line)) void consentAt(URL_LINE.exec(line)![1]!, 'approve', { code: service.consentCode() });
    });
    expect(await loginWith(['--base-url', service.baseUrl, '--no-browser'], login.io)).toBe(0);
    const tokens = await storedLoginTokens(service.baseUrl, env);
    expect(await tokens.token()).toBe((await credentials().read(service.baseUrl))?.accessToken);
  });
});

/** Runs the built program as a user would, with the temporary config folder; `onLine` sees each stdout line. */
function playdeck(args: string[], onLine: (line: string) => void = () => undefined): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: configHome };
  for (const name of ['CI', 'CONTINUOUS_INTEGRATION', 'PLAYDECK_BASE_URL', 'PLAYDECK_TOKEN']) delete env[name];
  const child = spawn(process.execPath, ['dist/cli.js', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let partialLine = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const lines = (partialLine + chunk.toString()).split('\n');
    partialLine = lines.pop()!;
    lines.forEach(onLine);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('the built program', () => {
  it('playdeck login --no-browser: prints the URL, completes on consent, stores the login', async () => {
    const run = await playdeck(['login', '--base-url', service.baseUrl, '--client-id', 'playdeck-demo', '--no-browser'], (line) => {
      const match = URL_LINE.exec(line);
      if (match) void consentAt(match[1]!, 'approve', { code: service.consentCode() });
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Open this URL to log in: http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+\nLogged in as .+\n$/);
    expect((await credentials().read(service.baseUrl))?.refreshToken).toEqual(expect.any(String));
  });

  it('playdeck --base-url with no token and no stored login says to run playdeck login, in one line', async () => {
    const run = await playdeck(['--base-url', service.baseUrl]);
    expect(run.code).not.toBe(0);
    expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('run `playdeck login --base-url')]);
  });

  it('playdeck logout forgets the login', async () => {
    const run = await playdeck(['logout', '--base-url', service.baseUrl]);
    expect([run.code, run.stdout]).toEqual([0, `No stored login for ${service.baseUrl}\n`]);
  });
});
