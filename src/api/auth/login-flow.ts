/**
 * `playdeck login`: the OAuth 2.0 Authorization Code flow with PKCE (S256) for a native app. Listens on a
 * loopback callback, hands the authorize URL to the caller (to print and open), checks `state`, exchanges the
 * code at `<auth-url>/api/token`, asks the API who logged in, and stores the login for the base URL.
 */
import { isApiError } from '../errors.js';
import { createApi } from '../index.js';
import { staticToken } from '../tokens.js';
import { LoginError, startCallbackServer } from './callback-server.js';
import { CredentialsFile, type StoredLogin } from './credentials.js';
import { createPkcePair, createState } from './pkce.js';
import { OAuthError, requestToken } from './token-endpoint.js';

export { LoginError } from './callback-server.js';

/** Every scope the dashboard uses (decisions §2). */
export const DASHBOARD_SCOPES: readonly string[] = [
  'user-read-private',
  'user-read-playback-state',
  'user-modify-playback-state',
  'user-read-playback-position',
  'user-library-read',
  'playlist-read-private',
  'playlist-modify-public',
  'playlist-modify-private',
  'user-library-modify',
  'user-follow-read',
  'user-follow-modify',
  'user-read-recently-played',
];

export const LOGIN_TIMEOUT_MS = 5 * 60_000;

export interface LoginOptions {
  /** The API's base URL including `/v1`; the login is stored under it. */
  baseUrl: string;
  clientId: string;
  /** Where `/authorize` and `/api/token` live; the base URL's origin by default. */
  authUrl?: string;
  scopes?: readonly string[];
  /** Called once with the URL the user must open. */
  onAuthorizeUrl(url: string): void;
  timeoutMs?: number;
  file?: CredentialsFile;
  now?: () => number;
  /** Log in over plain HTTP to another host than this machine (`--insecure-http`). */
  allowPlainHttp?: boolean;
}

export interface LoginResult {
  displayName: string;
}

function httpUrl(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new LoginError(`${what} is not a URL: ${JSON.stringify(text)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new LoginError(`${what} must be http or https: ${text}`);
  return url;
}

/** `<auth>/authorize` and `<auth>/api/token`, keeping any path the auth URL has. */
export function authEndpoints(baseUrl: string, authUrl?: string): { authorizeUrl: string; tokenUrl: string } {
  const base = httpUrl(baseUrl, '--base-url');
  const auth = authUrl === undefined ? base.origin : httpUrl(authUrl, '--auth-url').href.replace(/\/+$/, '');
  return { authorizeUrl: `${auth}/authorize`, tokenUrl: `${auth}/api/token` };
}

/** This machine: a login over plain HTTP to it crosses no network. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';
}

/**
 * Refuses plain HTTP to any other host: the authorization code, the tokens and then every answer of the API
 * would cross the network for anyone on the way to read (and to change).
 */
function refusePlainHttp(urls: readonly string[]): void {
  for (const text of urls) {
    const url = new URL(text);
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      throw new LoginError(`refusing to log in over plain HTTP to ${url.host}: the login and its tokens would cross the network unencrypted (use https, or --insecure-http to do it anyway)`);
    }
  }
}

function timeout(ms: number): { expired: Promise<never>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    const minutes = Math.round(ms / 60_000);
    const span = minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(ms / 1000)} s`;
    timer = setTimeout(() => reject(new LoginError(`timed out: the login was not completed within ${span}`)), ms);
  });
  return { expired, cancel: () => clearTimeout(timer) };
}

export async function logIn(options: LoginOptions): Promise<LoginResult> {
  const { authorizeUrl, tokenUrl } = authEndpoints(options.baseUrl, options.authUrl);
  if (options.allowPlainHttp !== true) refusePlainHttp([options.baseUrl, authorizeUrl, tokenUrl]);
  const now = options.now ?? Date.now;
  const pkce = createPkcePair();
  const state = createState();
  const callback = await startCallbackServer(state);
  const deadline = timeout(options.timeoutMs ?? LOGIN_TIMEOUT_MS);
  try {
    const url = new URL(authorizeUrl);
    url.search = new URLSearchParams({
      client_id: options.clientId,
      response_type: 'code',
      redirect_uri: callback.redirectUri,
      code_challenge_method: 'S256',
      code_challenge: pkce.challenge,
      state,
      scope: (options.scopes ?? DASHBOARD_SCOPES).join(' '),
    }).toString();
    options.onAuthorizeUrl(url.href);
    const code = await Promise.race([callback.code, deadline.expired]);

    const obtainedAt = now();
    const tokens = await requestToken(tokenUrl, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: callback.redirectUri,
      client_id: options.clientId,
      code_verifier: pkce.verifier,
    }).catch((error: unknown) => {
      throw error instanceof OAuthError ? new LoginError(`the token endpoint refused the code: ${error.message}`) : error;
    });
    const user = await whoIs(options.baseUrl, tokens.accessToken);
    const login: StoredLogin = {
      clientId: options.clientId,
      tokenUrl,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      scope: tokens.scope,
      obtainedAt,
      expiresAt: obtainedAt + tokens.expiresInSeconds * 1000,
      user,
    };
    await (options.file ?? new CredentialsFile()).save(options.baseUrl, login);
    return { displayName: user?.displayName ?? 'an unknown user (GET /me was refused)' };
  } finally {
    deadline.cancel();
    await callback.close();
  }
}

/** The user the token acts for, from `GET /me`; null when the token may not read the profile (scopes). */
async function whoIs(baseUrl: string, accessToken: string): Promise<StoredLogin['user']> {
  const api = createApi({ baseUrl, tokens: staticToken(accessToken), retry: { limit: 1 } });
  try {
    const me = await api.getMe();
    return { id: me.id, displayName: me.display_name ?? me.id };
  } catch (error) {
    if (isApiError(error) && error.kind === 'forbidden') return null;
    // Most likely a wrong --base-url: better no login than one stored under a URL that does not work.
    throw new LoginError(`logged in, but ${baseUrl.replace(/\/+$/, '')}/me failed: ${(error as Error).message}`);
  }
}
