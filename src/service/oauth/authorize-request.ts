/**
 * Checks an authorization request (`/authorize`, GET or the consent form's POST) the way RFC 6749 §4.1.2.1
 * orders it: a bad client or redirect URI is shown to the user (redirecting there would help an attacker);
 * anything else goes back to the client's redirect URI as `error` and `state`.
 */
import type { OAuthClient } from './store.js';
import type { OAuthParams } from './params.js';

export interface AuthorizeRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string;
}

export type AuthorizeCheck =
  | { ok: true; request: AuthorizeRequest }
  /** Nowhere safe to send the error: show it. */
  | { ok: false; show: string }
  /** Send the error back to the client. */
  | { ok: false; redirect: string };

/** The S256 challenge is a base64url sha256: exactly 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** RFC 8252 §7.3: loopback IP literals over http, any port; `localhost` is refused (§8.3). */
export function isLoopbackRedirect(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  const isLoopbackHost = url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  return url.protocol === 'http:' && isLoopbackHost && !url.username && !url.password && !uri.includes('#');
}

/** `redirectUri` with the given parameters added to its query. */
export function redirectWith(redirectUri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

export function checkAuthorizeRequest(
  params: OAuthParams,
  findClient: (clientId: string) => OAuthClient | null,
  knownScopes: ReadonlySet<string>,
): AuthorizeCheck {
  const clientId = params.get('client_id');
  const redirectUri = params.get('redirect_uri');
  for (const name of ['client_id', 'redirect_uri']) {
    if (params.duplicates.includes(name)) return { ok: false, show: `Parameter ${name} was given more than once` };
  }
  if (!clientId) return { ok: false, show: 'Missing client_id' };
  const client = findClient(clientId);
  if (!client) return { ok: false, show: `Unknown client_id: ${clientId}` };
  if (!redirectUri) return { ok: false, show: 'Missing redirect_uri' };
  if (!isLoopbackRedirect(redirectUri)) {
    return { ok: false, show: `Invalid redirect_uri: it must be a loopback http address such as http://127.0.0.1:PORT/callback` };
  }

  const state = params.get('state');
  const refuse = (error: string, description: string): AuthorizeCheck => ({
    ok: false,
    redirect: redirectWith(redirectUri, { error, error_description: description, state }),
  });
  if (params.duplicates.length > 0) return refuse('invalid_request', `Parameter ${params.duplicates[0]} was given more than once`);
  const responseType = params.get('response_type');
  if (!responseType) return refuse('invalid_request', 'Missing response_type');
  if (responseType !== 'code') return refuse('unsupported_response_type', 'response_type must be code');
  const codeChallenge = params.get('code_challenge');
  if (!codeChallenge) return refuse('invalid_request', 'Missing code_challenge: PKCE is required');
  if (params.get('code_challenge_method') !== 'S256') return refuse('invalid_request', 'code_challenge_method must be S256');
  if (!S256_CHALLENGE.test(codeChallenge)) return refuse('invalid_request', 'code_challenge is not an S256 challenge');
  const scopes = [...new Set((params.get('scope') ?? '').split(' ').filter(Boolean))];
  const unknown = scopes.find((scope) => !knownScopes.has(scope));
  if (unknown !== undefined) return refuse('invalid_scope', `Unknown scope: ${unknown}`);
  return { ok: true, request: { client, redirectUri, scopes, state, codeChallenge } };
}
