import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from './context.js';
import { ServiceError } from './errors.js';

/**
 * `--dev-mode`: answers as the real service answers a development-mode app since 2026 (see
 * docs/api/dev-mode.md): the `/tracks` path of playlist items refused, items of playlists the user neither
 * owns nor may collaborate on refused, batch reads of tracks and chapters gone, and the removed fields left
 * out. Off by default: the service otherwise answers as the public reference describes.
 */

const FORBIDDEN = () => new ServiceError(403, 'Forbidden');
/**
 * Refusals match the route the router chose and the ids it decoded, never the raw URL: `/v1/playlists/x/%74racks`
 * reaches the same route as `/tracks`, and must meet the same refusal.
 */
const OLD_ITEMS_ROUTE = '/v1/playlists/:playlist_id/tracks';
const ITEMS_ROUTE = '/v1/playlists/:playlist_id/items';
const OLD_CREATE_ROUTE = '/v1/users/:user_id/playlists';
const BATCH_READ_ROUTES: ReadonlySet<string> = new Set(['/v1/tracks', '/v1/chapters']);

/** The fields removed for development-mode apps, by the object's kind. */
const REMOVED: Record<'track' | 'show' | 'audiobook' | 'chapter', readonly string[]> = {
  track: ['available_markets', 'linked_from', 'popularity'],
  show: ['available_markets', 'publisher'],
  audiobook: ['available_markets', 'publisher'],
  chapter: ['available_markets', 'publisher'],
};

function kindOf(value: Record<string, unknown>): keyof typeof REMOVED | null {
  const uri = typeof value.uri === 'string' ? value.uri : '';
  if (uri.includes(':chapter:')) return 'chapter';
  if (value.type === 'track' || value.type === 'show' || value.type === 'audiobook') return value.type;
  return null;
}

/** The body without the removed fields, at any depth (tracks inside playlist items, chapters inside audiobooks…). */
export function withoutRemovedFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRemovedFields);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const kind = kindOf(record);
  const removed = kind ? REMOVED[kind] : [];
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) if (!removed.includes(key)) kept[key] = withoutRemovedFields(field);
  return kept;
}

function refusal(request: FastifyRequest, context: ServiceContext): ServiceError | null {
  // A route the list declares gone for such apps (routes/list.ts): the per-type saves, artists' top tracks…
  if (request.routeOptions.config.devMode === 'refused') return FORBIDDEN();
  const route = request.routeOptions.url;
  if (route === OLD_ITEMS_ROUTE || route === OLD_CREATE_ROUTE) return FORBIDDEN();
  if (request.method === 'GET' && route !== undefined && BATCH_READ_ROUTES.has(route)) return FORBIDDEN();
  if (route === ITEMS_ROUTE) {
    const playlistId = (request.params as Record<string, string | undefined>).playlist_id ?? '';
    const playlist = context.playlists.get(playlistId);
    const userId = request.grant?.userId;
    if (playlist && playlist.ownerId !== userId && !playlist.collaborative) return FORBIDDEN();
  }
  return null;
}

/** Registers dev mode's refusals (after authentication, so a missing token is still 401) and field removal. */
export function registerDevMode(app: FastifyInstance, context: ServiceContext): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // The route the router chose, never the raw URL: `/%761/tracks` is routed to `/v1/tracks`.
    if (request.routeOptions.url?.startsWith('/v1/') !== true || !request.routeOptions.config.auth) return done();
    const error = request.grant ? refusal(request, context) : null;
    done(error ?? undefined);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode !== 200 || !type.startsWith('application/json') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      return done(null, payload);
    }
    const body = JSON.stringify(withoutRemovedFields(JSON.parse(payload.toString())));
    reply.removeHeader('content-length');
    done(null, body);
  });
}
