/**
 * The OAuth endpoints, at the service's origin (not under `/v1`, as on the real service's accounts host):
 * `GET /authorize` (consent page), `POST /authorize` (the consent form: redirect with a code or
 * `access_denied`), `POST /api/token`. The embedded service has one user, so consenting signs in as them:
 * approving takes the one-time code `playdeck serve` printed (consent-code.ts). Registered by `serve` only;
 * a dashboard's own service holds its token and answers none of these. Counted per client address.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.js';
import type { DatabaseDamage } from '../damage.js';
import { ServiceError } from '../errors.js';
import { demoUserId } from '../store/db.js';
import { ALL_SCOPES, DEFAULT_TOKEN_TTL_SECONDS } from '../store/tokens.js';
import { checkAuthorizeRequest, redirectWith, type AuthorizeRequest } from './authorize-request.js';
import { RollingWindowLimiter } from '../rate-limit.js';
import type { ConsentCode } from './consent-code.js';
import { CONSENT_CODE_FIELD, renderConsentPage, renderErrorPage } from './consent-page.js';
import { OAuthFailure, invalidRequest, oauthErrorBody } from './failure.js';
import { handleTokenRequest } from './grants.js';
import { parseOAuthParams, queryOf, type OAuthParams } from './params.js';
import { OAuthStore } from './store.js';

export interface OAuthRouteOptions {
  context: ServiceContext;
  /** Lifetime of the access tokens issued (`serve --token-ttl`). */
  tokenTtlSeconds?: number;
  log(line: string): void;
  damage: DatabaseDamage;
  /** The code approving asks for. */
  consent: ConsentCode;
  /** Requests per client address in a rolling 30 s window, all OAuth endpoints together. */
  rateLimit?: number;
}

/** Enough for a person logging in again and again and for clients refreshing; a flood waits. */
export const OAUTH_RATE_LIMIT = 60;

const FORM = 'application/x-www-form-urlencoded';
const KNOWN_SCOPES: ReadonlySet<string> = new Set(ALL_SCOPES);
/** The authorization request's parameters the consent form posts back. */
const REQUEST_PARAMETERS = ['client_id', 'response_type', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'];

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** RFC 6749 §5.1: token responses must not be cached. */
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', pragma: 'no-cache' };

function toFailure(error: Error & { statusCode?: number }, { log, damage }: OAuthRouteOptions): OAuthFailure {
  if (error instanceof OAuthFailure) return error;
  // The database is damaged: found by this request, or before it (refused by the service's hook).
  const refusal = damage.explain(error, false) ?? error;
  if (refusal instanceof ServiceError && refusal.status === 503) return new OAuthFailure('temporarily_unavailable', refusal.message, 503);
  const status = error.statusCode ?? 500;
  if (status === 413) return new OAuthFailure('invalid_request', 'Request body too large: at most 64 KiB', 413);
  if (status < 500) return new OAuthFailure('invalid_request', error.message, status);
  log(`playdeck service: ${error.stack ?? error.message}`);
  return new OAuthFailure('server_error', 'Internal server error', 500);
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).send(html);
}

function sendRedirect(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(302).headers({ location, 'cache-control': 'no-store' }).send();
}

/** The form body as parameters; undefined when the request did not send a form. */
function formOf(request: FastifyRequest): OAuthParams | undefined {
  return typeof request.body === 'string' ? parseOAuthParams(request.body) : undefined;
}

export async function oauthRoutes(app: FastifyInstance, options: OAuthRouteOptions): Promise<void> {
  const { context } = options;
  const store = new OAuthStore(context.db);
  const ttlSeconds = options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  const userId = demoUserId(context.db);
  const findClient = (clientId: string) => store.client(clientId);
  const limiter = new RollingWindowLimiter(options.rateLimit ?? OAUTH_RATE_LIMIT);

  app.addHook('onRequest', (request, _reply, done) => {
    const verdict = limiter.take(request.ip, context.now());
    if (verdict.allowed) return done();
    const failure = new OAuthFailure('temporarily_unavailable', `Too many requests: try again in ${verdict.retryAfterSeconds} s`, 429);
    done(Object.assign(failure, { retryAfterSeconds: verdict.retryAfterSeconds }));
  });

  // This scope reads forms, not JSON: other bodies reach the handlers as undefined and are refused there.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

  app.setErrorHandler((error: Error & { statusCode?: number; retryAfterSeconds?: number }, request, reply) => {
    const failure = toFailure(error, options);
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    if (request.url.startsWith('/authorize')) return sendPage(reply, failure.status, renderErrorPage(failure.message));
    if (failure.error === 'invalid_client') reply.header('www-authenticate', 'Basic realm="playdeck"');
    return reply.code(failure.status).headers(JSON_HEADERS).send(oauthErrorBody(failure));
  });

  function consentPage(authorize: AuthorizeRequest, params: OAuthParams, problem?: string): string {
    return renderConsentPage({
      clientName: authorize.client.name,
      userName: context.catalog.user(userId)?.display_name ?? userId,
      scopes: authorize.scopes,
      hidden: params.entries.filter(([name]) => REQUEST_PARAMETERS.includes(name)),
      problem,
    });
  }

  app.get('/authorize', async (request, reply) => {
    const params = parseOAuthParams(queryOf(request.url));
    const check = checkAuthorizeRequest(params, findClient, KNOWN_SCOPES);
    if (!check.ok) return 'show' in check ? sendPage(reply, 400, renderErrorPage(check.show)) : sendRedirect(reply, check.redirect);
    return sendPage(reply, 200, consentPage(check.request, params));
  });

  app.post('/authorize', async (request, reply) => {
    const params = formOf(request);
    if (!params) return sendPage(reply, 400, renderErrorPage(`The consent form must be sent as ${FORM}`));
    const check = checkAuthorizeRequest(params, findClient, KNOWN_SCOPES);
    if (!check.ok) return 'show' in check ? sendPage(reply, 400, renderErrorPage(check.show)) : sendRedirect(reply, check.redirect);
    const { client, redirectUri, scopes, state, codeChallenge } = check.request;
    if (params.get('approve') === undefined || params.get('deny') !== undefined) {
      return sendRedirect(reply, redirectWith(redirectUri, { error: 'access_denied', error_description: 'The user denied access', state }));
    }
    const typed = params.get(CONSENT_CODE_FIELD);
    if (typed === undefined) return sendPage(reply, 400, consentPage(check.request, params, 'Type the code playdeck serve shows in its terminal to approve.'));
    const verdict = options.consent.check(typed, request.ip, context.now());
    if (verdict.kind === 'wait') {
      const problem = `Too many wrong codes were tried: wait ${verdict.seconds} s, then type the code playdeck serve shows.`;
      return sendPage(reply.header('retry-after', String(verdict.seconds)), 429, consentPage(check.request, params, problem));
    }
    if (verdict.kind === 'wrong') return sendPage(reply, 400, consentPage(check.request, params, 'That is not the code playdeck serve shows: try again.'));
    const code = store.issueCode({ clientId: client.clientId, userId, scopes, redirectUri, codeChallenge }, context.now());
    return sendRedirect(reply, redirectWith(redirectUri, { code, state }));
  });

  app.post('/api/token', async (request, reply) => {
    const params = formOf(request);
    if (!params) throw invalidRequest(`The body must be ${FORM}`);
    const body = handleTokenRequest(params, request.headers.authorization, { store, tokens: context.tokens, ttlSeconds, now: context.now() });
    return reply.code(200).headers(JSON_HEADERS).send(JSON.stringify(body));
  });
}
