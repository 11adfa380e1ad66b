import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from './auth.js';
import type { ServiceContext } from './context.js';
import { effectiveMarket } from './markets.js';
import type { RenderedBody } from './render/cache.js';
import type { TokenGrant } from './store/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's token grant, set by the auth hook on every /v1 route. */
    grant: TokenGrant | null;
  }
}

// A Host header is echoed into every href, so only a plain host[:port] is trusted.
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The origin hrefs are made of: the request's Host when it is plain, else the service's own origin. */
export function originOf(request: FastifyRequest, context: ServiceContext): string {
  const host = request.headers.host;
  return host && PLAIN_HOST.test(host) ? `http://${host}` : context.fallbackOrigin;
}

export function grantOf(request: FastifyRequest): TokenGrant {
  return request.grant!;
}

export function userOf(request: FastifyRequest): string {
  return requireUser(grantOf(request));
}

/** The market content is judged in for this request (decisions §4). */
export function marketFor(request: FastifyRequest, context: ServiceContext, marketParameter: string | undefined): string | null {
  const userId = grantOf(request).userId;
  const country = userId ? (context.catalog.user(userId)?.country ?? null) : null;
  return effectiveMarket(country, marketParameter);
}

export function sendJson(reply: FastifyReply, body: string | Buffer, status = 200): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Sends a body with its ETag, or 304 when the client already has it (decisions §9). */
export function sendTagged(request: FastifyRequest, reply: FastifyReply, rendered: RenderedBody): FastifyReply {
  reply.header('etag', rendered.etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && matchesEtag(ifNoneMatch, rendered.etag)) return reply.code(304).send();
  return sendJson(reply, rendered.bytes);
}

function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
