import type { FastifyRequest } from 'fastify';
import { ServiceError } from './errors.js';
import type { TokenGrant, TokenStore } from './store/tokens.js';

/**
 * What a route needs from the caller's token (decisions §2): nothing but a valid token (`scope: null`),
 * a scope, or a scope that depends on the request (Update Playlist Items). `user: true` refuses tokens
 * that act for no user.
 */
export interface RouteAuth {
  scope: string | null;
  user?: boolean;
}

const BEARER = /^Bearer +(\S+) *$/i;

const unauthorized = (message: string) => new ServiceError(401, message, undefined, { 'www-authenticate': 'Bearer' });

/** The grant of the request's bearer token, or the 401 of decisions §3. */
export function authenticate(request: FastifyRequest, tokens: TokenStore, now: number): TokenGrant {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('No token provided');
  const match = BEARER.exec(header);
  const grant = match ? tokens.lookup(match[1]!) : null;
  if (!match || !grant) throw unauthorized('Invalid access token');
  if (grant.expiresAt <= now) throw unauthorized('The access token expired');
  return grant;
}

export function requireScope(grant: TokenGrant, scope: string): void {
  if (!grant.scopes.has(scope)) throw new ServiceError(403, 'Insufficient client scope');
}

/** The user the token acts for; 403 for a token with none (e.g. client credentials). */
export function requireUser(grant: TokenGrant): string {
  if (grant.userId === null) throw new ServiceError(403, 'This operation needs a user: the token has none');
  return grant.userId;
}
