import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteOptions } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { FieldsError, parseFields, projectFields } from '../fields.js';
import { grantOf, marketFor, originOf, sendTagged, userOf } from '../http.js';
import { withEtag, type RenderedBody } from '../render/cache.js';
import { pagingJson } from '../render/paging.js';
import { playlistItemsPage, playlistJson, simplifiedPlaylistJson, type ItemsRequest } from '../render/playlists.js';
import { additionalTypesParam, idParam, marketParam, pageParams, single, type Query } from '../params.js';

const readScope = { auth: { scope: 'playlist-read-private' } };

/** Applies a `fields` filter (decisions §6) to a whole response body; 400 naming the position on bad syntax. */
function filtered(body: string, fields: string | undefined): string {
  if (fields === undefined) return body;
  try {
    return JSON.stringify(projectFields(JSON.parse(body), parseFields(fields)));
  } catch (error) {
    if (error instanceof FieldsError) throw badRequest(error.message);
    throw error;
  }
}

/** Get Playlist Items (at `/tracks` and `/items`), Get Playlist, Get Current User's Playlists. */
export async function playlistRoutes(app: FastifyInstance, options: RouteOptions): Promise<void> {
  const { context } = options;
  const { playlists, bodies, bodyKey } = context;

  const getItems = (path: 'tracks' | 'items') => (request: FastifyRequest<{ Params: { playlist_id: string }; Querystring: Query }>, reply: FastifyReply) => {
    const id = idParam(request.params.playlist_id);
    const query = request.query;
    const marketParameter = marketParam(query);
    const page = pageParams(query, 100);
    const fields = single(query, 'fields');
    const additionalTypes = single(query, 'additional_types');
    additionalTypesParam(query);
    const playlist = playlists.get(id);
    if (!playlist) throw notFound();
    const items: ItemsRequest = {
      market: marketFor(request, context, marketParameter),
      userId: grantOf(request).userId,
      origin: originOf(request, context),
      path,
      query: [['market', marketParameter], ['fields', fields], ['additional_types', additionalTypes]],
    };
    // Episodes in the items carry resume points.
    const parts = [id, playlist.snapshotId, path, items.market, items.userId, page.offset, page.limit, marketParameter, additionalTypes, items.origin, fields];
    const key = bodyKey({ kind: 'playlist-items', covers: ['playlists', 'resume'], parts });
    const rendered: RenderedBody = bodies.get(key, () =>
      withEtag(filtered(playlistItemsPage(context, playlist, page, items), fields)),
    );
    return sendTagged(request, reply, rendered);
  };
  app.get('/playlists/:playlist_id/tracks', { config: readScope }, getItems('tracks'));
  app.get('/playlists/:playlist_id/items', { config: readScope }, getItems('items'));

  app.get<{ Params: { playlist_id: string }; Querystring: Query }>('/playlists/:playlist_id', { config: readScope }, (request, reply) => {
    const id = idParam(request.params.playlist_id);
    const marketParameter = marketParam(request.query);
    const fields = single(request.query, 'fields');
    additionalTypesParam(request.query);
    const playlist = playlists.get(id);
    if (!playlist) throw notFound();
    const items: ItemsRequest = {
      market: marketFor(request, context, marketParameter),
      userId: grantOf(request).userId,
      origin: originOf(request, context),
      path: 'tracks',
      query: [],
    };
    const parts = [id, playlist.snapshotId, items.market, items.userId, items.origin, fields];
    const key = bodyKey({ kind: 'playlist', covers: ['playlists', 'resume'], parts });
    const rendered = bodies.get(key, () => withEtag(filtered(playlistJson(context, playlist, items), fields)));
    return sendTagged(request, reply, rendered);
  });

  app.get<{ Querystring: Query }>('/me/playlists', { config: { auth: { scope: 'playlist-read-private', user: true } } }, (request, reply) => {
    const userId = userOf(request);
    const page = pageParams(request.query, 50);
    const origin = originOf(request, context);
    const listed = playlists.listedBy(userId);
    const items = listed
      .slice(page.offset, page.offset + page.limit)
      .map((id) => simplifiedPlaylistJson(context, playlists.get(id)!, origin));
    const body = pagingJson({ url: `${origin}/v1/me/playlists`, total: listed.length }, page, items);
    return sendTagged(request, reply, withEtag(body));
  });
}
