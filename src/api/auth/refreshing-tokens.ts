/**
 * The `TokenProvider` of a stored login: refreshes shortly before the access token expires and once more when
 * the client reports a 401, one refresh at a time however many pollers ask, keeps a rotated refresh token in
 * the credentials file (or keeps the old one when the answer carries none), and once the service refuses the
 * refresh for good (`invalid_grant`) stops asking and answers every request with a LoginExpiredError
 * (the client's connection status becomes `unauthorized` with its message).
 */
import { LoginExpiredError } from '../errors.js';
import type { TokenProvider } from '../tokens.js';
import { CredentialsError, CredentialsFile, type StoredLogin } from './credentials.js';
import { OAuthError, requestToken } from './token-endpoint.js';

/** After a refresh fails for a passing reason (network, 5xx), this long before trying again. */
const RETRY_AFTER_FAILURE_MS = 5_000;

/** How long before expiry to refresh: a fifth of the token's lifetime, at most a minute. */
export function refreshMarginMs(login: StoredLogin): number {
  return Math.min(60_000, (login.expiresAt - login.obtainedAt) / 5);
}

export function isRefreshDue(login: StoredLogin, now: number): boolean {
  return now >= login.expiresAt - refreshMarginMs(login);
}

export interface RefreshingTokensOptions {
  /** The key of the login in the credentials file. */
  baseUrl: string;
  login: StoredLogin;
  file: CredentialsFile;
  now?: () => number;
}

export function createRefreshingTokens(options: RefreshingTokensOptions): TokenProvider {
  const { baseUrl, file } = options;
  const now = options.now ?? Date.now;
  let current = options.login;
  let sessionExpired = false;
  let retryNotBefore = 0;
  let refreshing: Promise<void> | null = null;

  const expiredError = () => new LoginExpiredError();

  /** Another playdeck may share this login; the file holds the newest refresh token of any of them. */
  async function readStored(): Promise<StoredLogin | null> {
    try {
      return await file.read(baseUrl);
    } catch (error) {
      if (error instanceof CredentialsError) return current; // a damaged file does not end a running session
      throw error;
    }
  }

  /** The login to use from now on, or null when only a new login can help. Throws on passing failures. */
  async function obtainFresh(): Promise<StoredLogin | null> {
    const stored = await readStored();
    if (!stored) return null; // `playdeck logout` ran meanwhile
    if (stored.accessToken !== current.accessToken && !isRefreshDue(stored, now())) return stored;
    if (!stored.refreshToken) return null;
    try {
      const response = await requestToken(stored.tokenUrl, {
        grant_type: 'refresh_token',
        refresh_token: stored.refreshToken,
        client_id: stored.clientId,
      });
      const obtainedAt = now();
      const fresh: StoredLogin = {
        ...stored,
        accessToken: response.accessToken,
        refreshToken: response.refreshToken ?? stored.refreshToken,
        scope: response.scope || stored.scope,
        obtainedAt,
        expiresAt: obtainedAt + response.expiresInSeconds * 1000,
      };
      // Not saving only costs the next start a login; it must not end this session.
      await file.save(baseUrl, fresh).catch(() => undefined);
      return fresh;
    } catch (error) {
      if (!(error instanceof OAuthError && error.needsLogin)) throw error;
      // Another process may have rotated the refresh token between our read and our request.
      const latest = await readStored().catch(() => null);
      return latest && latest.refreshToken !== stored.refreshToken ? latest : null;
    }
  }

  function refreshOnce(): Promise<void> {
    refreshing ??= obtainFresh()
      .then(
        (fresh) => {
          if (fresh) current = fresh;
          else sessionExpired = true;
        },
        (error: unknown) => {
          retryNotBefore = now() + RETRY_AFTER_FAILURE_MS;
          throw error;
        },
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  return {
    async token() {
      if (refreshing) await refreshing.catch(() => undefined);
      else if (!sessionExpired && isRefreshDue(current, now()) && now() >= retryNotBefore) {
        // A passing failure leaves the current token in use: it may still be valid, and a 401 asks again.
        await refreshOnce().catch(() => undefined);
      }
      if (sessionExpired) throw expiredError();
      return current.accessToken;
    },
    async refresh() {
      // Rejecting (not resolving null) lets the refused request end with "login expired".
      if (sessionExpired) throw expiredError();
      await refreshOnce();
      if (sessionExpired) throw expiredError();
      return current.accessToken;
    },
  };
}

/** The sentence for a base URL with no stored login. */
export function notLoggedInMessage(baseUrl: string): string {
  return `No stored login for ${baseUrl}: run \`playdeck login --base-url ${baseUrl}\` (or pass --token)`;
}

/** The token provider of the login stored for `baseUrl`, or null when there is none. */
export async function openStoredLogin(
  baseUrl: string,
  options: { file?: CredentialsFile; now?: () => number } = {},
): Promise<TokenProvider | null> {
  const file = options.file ?? new CredentialsFile();
  const login = await file.read(baseUrl);
  return login && createRefreshingTokens({ baseUrl, login, file, now: options.now });
}
