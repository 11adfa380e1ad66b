/**
 * `playdeck login` and `playdeck logout`. Each resolves the process exit code: 0 done, 1 failed (one line on
 * stderr), 2 bad usage. Tokens are never written to the terminal.
 */
import { spawn } from 'node:child_process';
import type { LoginOptions } from './command-options.js';
import { CredentialsFile, defaultCredentialsPath } from '../api/auth/credentials.js';
import { DASHBOARD_SCOPES, logIn } from '../api/auth/login-flow.js';
import { notLoggedInMessage, openStoredLogin } from '../api/auth/refreshing-tokens.js';
import type { TokenProvider } from '../api/tokens.js';
import { DEMO_CLIENT_ID } from '../service/oauth/schema.js';
import { printLine } from '../text/printed.js';

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
  // The service names the user and words its refusals: sanitized like everything the command line prints.
  stdout: (line) => printLine(process.stdout, line),
  stderr: (line) => printLine(process.stderr, line),
  env: process.env,
  openBrowser: openInBrowser,
};

/** An error's first line: the rest is detail (a cause, a stack) that does not belong on the terminal. */
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n', 1)[0];

export async function runLogin(options: LoginOptions, io: CommandIo = processIo): Promise<number> {
  const { baseUrl } = options;
  try {
    const { displayName } = await logIn({
      baseUrl,
      clientId: options.clientId ?? DEMO_CLIENT_ID,
      authUrl: options.authUrl,
      scopes: options.scopes ?? DASHBOARD_SCOPES,
      file: new CredentialsFile(defaultCredentialsPath(io.env)),
      allowPlainHttp: options.allowPlainHttp === true,
      onAuthorizeUrl: (url) => {
        io.stdout(`Open this URL to log in: ${url}`);
        if (options.openBrowser) io.openBrowser(url);
      },
    });
    io.stdout(`Logged in as ${displayName}`);
    return 0;
  } catch (error) {
    io.stderr(`playdeck login: ${firstLine(error)}`);
    return 1;
  }
}

export async function runLogout(baseUrl: string, io: CommandIo = processIo): Promise<number> {
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
