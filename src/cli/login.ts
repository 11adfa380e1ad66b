/**
 * `playdeck login` and `playdeck logout`. Each resolves the process exit code: 0 done, 1 failed (one line on
 * stderr), 2 bad usage. Tokens are never written to the terminal.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { CredentialsFile, defaultCredentialsPath } from '../api/auth/credentials.js';
import { DASHBOARD_SCOPES, logIn } from '../api/auth/login-flow.js';
import { notLoggedInMessage, openStoredLogin } from '../api/auth/refreshing-tokens.js';
import type { TokenProvider } from '../api/tokens.js';
import { DEMO_CLIENT_ID } from '../service/oauth/schema.js';

export interface CommandIo {
  stdout(line: string): void;
  stderr(line: string): void;
  env: NodeJS.ProcessEnv;
  openBrowser(url: string): void;
}

/** Opens the user's browser; any failure (no display, no xdg-open) is ignored: the URL is printed anyway. */
export function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command as string, args as string[], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // spawn can throw synchronously (e.g. EACCES); the printed URL still works.
  }
}

const processIo: CommandIo = {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  openBrowser: openInBrowser,
};

const LOGIN_USAGE =
  'usage: playdeck login --base-url URL [--client-id ID] [--auth-url URL] [--scopes a,b] [--no-browser]';
const LOGOUT_USAGE = 'usage: playdeck logout --base-url URL';

const LOGIN_OPTIONS = {
  'base-url': { type: 'string' },
  'client-id': { type: 'string' },
  'auth-url': { type: 'string' },
  scopes: { type: 'string' },
  'no-browser': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const LOGOUT_OPTIONS = { 'base-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

/** parseArgs' first line is the readable one ("Unknown option '--x'..."). */
const firstLine = (error: unknown) => (error as Error).message.split('\n', 1)[0];

function baseUrlOf(values: { 'base-url'?: string }, io: CommandIo): string | undefined {
  return values['base-url'] ?? (io.env.PLAYDECK_BASE_URL || undefined);
}

export async function runLogin(argv: string[], io: CommandIo = processIo): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: argv, options: LOGIN_OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    io.stderr(`playdeck login: ${firstLine(error)} (see playdeck login --help)`);
    return 2;
  }
  if (values.help) {
    io.stdout(LOGIN_USAGE);
    return 0;
  }
  const baseUrl = baseUrlOf(values, io);
  if (!baseUrl) {
    io.stderr("playdeck login: --base-url is required (the service's API URL, e.g. http://127.0.0.1:8080/v1)");
    return 2;
  }
  const scopes = values.scopes === undefined ? DASHBOARD_SCOPES : values.scopes.split(/[\s,]+/).filter(Boolean);
  try {
    const { displayName } = await logIn({
      baseUrl,
      clientId: values['client-id'] ?? (io.env.PLAYDECK_CLIENT_ID || DEMO_CLIENT_ID),
      authUrl: values['auth-url'],
      scopes,
      file: new CredentialsFile(defaultCredentialsPath(io.env)),
      onAuthorizeUrl: (url) => {
        io.stdout(`Open this URL to log in: ${url}`);
        if (!values['no-browser']) io.openBrowser(url);
      },
    });
    io.stdout(`Logged in as ${displayName}`);
    return 0;
  } catch (error) {
    io.stderr(`playdeck login: ${firstLine(error)}`);
    return 1;
  }
}

export async function runLogout(argv: string[], io: CommandIo = processIo): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: argv, options: LOGOUT_OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    io.stderr(`playdeck logout: ${firstLine(error)} (see playdeck logout --help)`);
    return 2;
  }
  if (values.help) {
    io.stdout(LOGOUT_USAGE);
    return 0;
  }
  const baseUrl = baseUrlOf(values, io);
  if (!baseUrl) {
    io.stderr('playdeck logout: --base-url is required');
    return 2;
  }
  try {
    const forgotten = await new CredentialsFile(defaultCredentialsPath(io.env)).forget(baseUrl);
    io.stdout(forgotten ? `Logged out of ${baseUrl}` : `No stored login for ${baseUrl}`);
    return 0;
  } catch (error) {
    io.stderr(`playdeck logout: ${firstLine(error)}`);
    return 1;
  }
}

/**
 * The tokens of the login stored for `baseUrl`, for the dashboard started with `--base-url` and no token.
 * Rejects with a one-line error saying to run `playdeck login` when there is none.
 */
export async function storedLoginTokens(baseUrl: string, env: NodeJS.ProcessEnv = process.env): Promise<TokenProvider> {
  if (!URL.canParse(baseUrl)) throw new Error(`invalid base URL "${baseUrl}"`);
  const tokens = await openStoredLogin(baseUrl, { file: new CredentialsFile(defaultCredentialsPath(env)) });
  if (!tokens) throw new Error(notLoggedInMessage(baseUrl));
  return tokens;
}
