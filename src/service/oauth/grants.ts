/**
 * `POST /api/token`: the authorization-code exchange (with PKCE), the refresh (rotating the refresh token)
 * and client credentials (a token acting for no user, with no scopes). Throws `OAuthFailure`s.
 */
import { createHash } from 'node:crypto';
import type { TokenStore } from '../store/tokens.js';
import { OAuthFailure, invalidClient, invalidGrant, invalidRequest } from './failure.js';
import type { OAuthParams } from './params.js';
import type { CodeGrant, Grant, OAuthClient, OAuthStore } from './store.js';

export interface TokenEndpointDeps {
  store: OAuthStore;
  tokens: TokenStore;
  ttlSeconds: number;
  now: number;
}

export interface TokenResponseBody {
  access_token: string;
  token_type: 'Bearer';
  scope: string;
  expires_in: number;
  refresh_token?: string;
}

/** RFC 7636 §4.1. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

function required(params: OAuthParams, name: string): string {
  const value = params.get(name);
  if (value === undefined) throw invalidRequest(`Missing ${name}`);
  return value;
}

/** The id and secret of an HTTP Basic credential, each form-urlencoded (RFC 6749 §2.3.1). */
function decodeBasic(encoded: string): [string, string] {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) throw invalidRequest('Malformed client authentication');
  const unescape = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      throw invalidRequest('Malformed client authentication');
    }
  };
  return [unescape(decoded.slice(0, colon)), unescape(decoded.slice(colon + 1))];
}

/** RFC 6749 §2.3.1: HTTP Basic (form-urlencoded id and secret) or `client_id` (+ `client_secret`) in the body. */
function authenticateClient(params: OAuthParams, authorization: string | undefined, store: OAuthStore): OAuthClient {
  let clientId = params.get('client_id');
  let secret = params.get('client_secret');
  const basic = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(authorization ?? '');
  if (basic) {
    const [basicId, basicSecret] = decodeBasic(basic[1]!);
    if (clientId !== undefined && clientId !== basicId) throw invalidRequest('client_id does not match the Authorization header');
    if (params.get('client_secret') !== undefined) throw invalidRequest('Client authenticated twice (header and body)');
    clientId = basicId;
    secret = basicSecret;
  }
  if (clientId === undefined) throw invalidClient('Missing client_id');
  const client = store.client(clientId);
  if (!client) throw invalidClient('Unknown client');
  // A public client has no secret to check; PKCE (or nothing, for client credentials) stands for it.
  if (client.isConfidential && !(secret && store.checkSecret(clientId, secret))) throw invalidClient('Invalid client secret');
  return client;
}

/** The access token of a grant; `userId` null for a token that acts for no user. */
function issueAccess(grant: Omit<Grant, 'userId'> & { userId: string | null }, deps: TokenEndpointDeps): TokenResponseBody {
  const access = deps.tokens.issue({
    userId: grant.userId,
    scopes: grant.scopes,
    ttlSeconds: deps.ttlSeconds,
    clientId: grant.clientId,
    now: deps.now,
  });
  return { access_token: access.token, token_type: 'Bearer', scope: grant.scopes.join(' '), expires_in: deps.ttlSeconds };
}

function issueWithRefresh(grant: Grant, deps: TokenEndpointDeps): TokenResponseBody {
  return { ...issueAccess(grant, deps), refresh_token: deps.store.issueRefreshToken(grant, deps.now) };
}

/** Why a taken code cannot be exchanged, or null when it can. */
function codeProblem(grant: CodeGrant | null, client: OAuthClient, redirectUri: string, verifier: string, now: number): string | null {
  if (!grant) return 'Invalid authorization code';
  if (grant.expiresAt <= now) return 'Authorization code expired';
  if (grant.clientId !== client.clientId) return 'The authorization code was issued to another client';
  if (grant.redirectUri !== redirectUri) return 'Invalid redirect URI';
  if (s256(verifier) !== grant.codeChallenge) return 'code_verifier was incorrect';
  return null;
}

export function handleTokenRequest(params: OAuthParams, authorization: string | undefined, deps: TokenEndpointDeps): TokenResponseBody {
  if (params.duplicates.length > 0) throw invalidRequest(`Parameter ${params.duplicates[0]} was given more than once`);
  const grantType = required(params, 'grant_type');
  if (!['authorization_code', 'refresh_token', 'client_credentials'].includes(grantType)) {
    throw new OAuthFailure('unsupported_grant_type', `Unsupported grant_type: ${grantType}`);
  }
  const client = authenticateClient(params, authorization, deps.store);
  const { store } = deps;

  if (grantType === 'client_credentials') return issueAccess({ clientId: client.clientId, userId: null, scopes: [] }, deps);

  if (grantType === 'refresh_token') {
    const refreshToken = required(params, 'refresh_token');
    // Taken and replaced in one transaction: a crash never leaves the user with neither token.
    const body = store.transaction(() => {
      const grant = store.takeRefreshToken(refreshToken, deps.now);
      return grant && grant.clientId === client.clientId ? issueWithRefresh(grant, deps) : null;
    });
    if (!body) throw invalidGrant('Invalid refresh token');
    return body;
  }

  const code = required(params, 'code');
  const redirectUri = required(params, 'redirect_uri');
  const verifier = required(params, 'code_verifier');
  if (!VERIFIER.test(verifier)) throw invalidRequest('code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
  // The code is spent by this attempt whatever its outcome: it is single-use, even when presented wrongly.
  const outcome = store.transaction(() => {
    const grant = store.takeCode(code);
    const problem = codeProblem(grant, client, redirectUri, verifier, deps.now);
    return problem ?? issueWithRefresh(grant!, deps);
  });
  if (typeof outcome === 'string') throw invalidGrant(outcome);
  return outcome;
}
