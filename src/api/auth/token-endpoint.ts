/**
 * Requests to the OAuth token endpoint (`POST /api/token`, form-encoded): the authorization-code exchange and
 * the refresh. Not sent twice on failure: a refresh token that rotates is spent by the first delivery. Never
 * redirected: a 307 would send the form, refresh token and all, wherever it points.
 * Errors carry the service's OAuth error code; their messages never contain a token.
 */
import { baseHttp, capBody } from '../http.js';

export interface TokenResponse {
  accessToken: string;
  /** Null when the service gave none. */
  refreshToken: string | null;
  scope: string;
  expiresInSeconds: number;
}

/**
 * A token request that failed. `code` is the OAuth error (`invalid_grant`, `invalid_client`...) when the
 * service answered with one, else `unreachable` (network, timeout, 5xx), `redirected` or `malformed`.
 */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** The grant or client is refused for good: only a new login helps. */
  get needsLogin(): boolean {
    return this.code === 'invalid_grant' || this.code === 'invalid_client' || this.code === 'unauthorized_client';
  }
}

/** A token answer is a few hundred bytes. */
const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;

const oauthHttp = baseHttp.extend({
  throwHttpErrors: false,
  followRedirect: false,
  timeout: { connect: 5_000, response: 10_000, request: 30_000 },
  retry: { limit: 0 },
});

export async function requestToken(
  tokenUrl: string,
  form: Record<string, string>,
  options: { signal?: AbortSignal } = {},
): Promise<TokenResponse> {
  let response;
  const request = oauthHttp.post(tokenUrl, { form, signal: options.signal });
  const cap = capBody(request, MAX_TOKEN_RESPONSE_BYTES);
  try {
    response = await request;
  } catch (error) {
    if (cap.isOver()) throw new OAuthError('malformed', `Unreadable token response: larger than ${MAX_TOKEN_RESPONSE_BYTES / 1024} kB`);
    throw new OAuthError('unreachable', `Cannot reach the token endpoint ${tokenUrl}: ${(error as Error).message}`);
  }
  if (response.statusCode >= 300 && response.statusCode < 400) {
    throw new OAuthError('redirected', `The token endpoint ${tokenUrl} redirected to ${response.headers.location ?? 'nowhere'} (HTTP ${response.statusCode}): not followed, the form holds a secret`);
  }
  const body = parseObject(response.body);
  if (response.statusCode >= 500) {
    throw new OAuthError('unreachable', `The token endpoint failed (HTTP ${response.statusCode})`);
  }
  if (response.statusCode !== 200) {
    const code = typeof body?.error === 'string' ? body.error : `http_${response.statusCode}`;
    const description = typeof body?.error_description === 'string' ? body.error_description : '';
    throw new OAuthError(code, description ? `${description} (${code})` : `The token endpoint refused the request (${code})`);
  }
  return readTokenResponse(body);
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function readTokenResponse(body: Record<string, unknown> | null): TokenResponse {
  const malformed = (what: string) => new OAuthError('malformed', `Unreadable token response: ${what}`);
  if (!body) throw malformed('not a JSON object');
  const { access_token, refresh_token, token_type, expires_in, scope } = body;
  if (typeof access_token !== 'string' || access_token === '') throw malformed('no access_token');
  if (typeof token_type !== 'string' || token_type.toLowerCase() !== 'bearer') throw malformed('token_type is not Bearer');
  if (expires_in !== undefined && !(typeof expires_in === 'number' && expires_in > 0)) throw malformed('bad expires_in');
  return {
    accessToken: access_token,
    refreshToken: typeof refresh_token === 'string' && refresh_token !== '' ? refresh_token : null,
    scope: typeof scope === 'string' ? scope : '',
    // RFC 6749 §5.1 makes expires_in optional; an hour is what services commonly mean by leaving it out.
    expiresInSeconds: typeof expires_in === 'number' ? expires_in : 3600,
  };
}
