import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../context.js';
import { notFound } from '../errors.js';
import { grantOf, marketFor, originOf, sendTagged } from '../http.js';
import { isAvailableIn } from '../markets.js';
import { withEtag } from '../render/cache.js';
import { idParam, idsParam, marketParam, type Query } from '../params.js';

const MAX_IDS = 50;
const anyToken = { auth: { scope: null } };

/** Get Episode, Get Track, Get Several Tracks, Get a Chapter, Get Several Chapters (decisions §1). */
export async function catalogRoutes(app: FastifyInstance, { context }: RouteOptions): Promise<void> {
  const { catalog, render, bodies, bodyKey } = context;

  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/episodes/:id',
    { config: { auth: { scope: 'user-read-playback-position' } } },
    (request, reply) => {
      const id = idParam(request.params.id);
      const market = marketFor(request, context, marketParam(request.query));
      const episode = catalog.episode(id);
      if (!episode || !isAvailableIn(episode.markets, market)) throw notFound();
      const userId = grantOf(request).userId;
      const origin = originOf(request, context);
      const rendered = bodies.get(bodyKey({ kind: 'episode', covers: ['resume'], parts: [id, market, userId, origin] }), () =>
        withEtag(render.episode(episode, market, userId, origin)),
      );
      return sendTagged(request, reply, rendered);
    },
  );

  app.get<{ Params: { id: string }; Querystring: Query }>('/tracks/:id', { config: anyToken }, (request, reply) => {
    const id = idParam(request.params.id);
    const market = marketFor(request, context, marketParam(request.query));
    const track = catalog.track(id);
    if (!track) throw notFound();
    const origin = originOf(request, context);
    const rendered = bodies.get(bodyKey({ kind: 'track', covers: [], parts: [id, market, origin] }), () => withEtag(render.track(track, market, origin)));
    return sendTagged(request, reply, rendered);
  });

  app.get<{ Querystring: Query }>('/tracks', { config: anyToken }, (request, reply) => {
    const ids = idsParam(request.query, MAX_IDS);
    const market = marketFor(request, context, marketParam(request.query));
    const origin = originOf(request, context);
    const rendered = bodies.get(bodyKey({ kind: 'tracks', covers: [], parts: [ids.join(','), market, origin] }), () => {
      const tracks = ids.map((id) => {
        const track = catalog.track(id);
        return track ? render.track(track, market, origin) : 'null';
      });
      return withEtag(`{"tracks":[${tracks.join(',')}]}`);
    });
    return sendTagged(request, reply, rendered);
  });

  app.get<{ Params: { id: string }; Querystring: Query }>('/chapters/:id', { config: anyToken }, (request, reply) => {
    const id = idParam(request.params.id);
    const market = marketFor(request, context, marketParam(request.query));
    const chapter = catalog.chapter(id);
    if (!chapter || !isAvailableIn(chapter.markets, market)) throw notFound();
    const userId = grantOf(request).userId;
    const origin = originOf(request, context);
    const rendered = bodies.get(bodyKey({ kind: 'chapter', covers: ['resume'], parts: [id, market, userId, origin] }), () =>
      withEtag(render.chapter(chapter, market, userId, origin, false)),
    );
    return sendTagged(request, reply, rendered);
  });

  app.get<{ Querystring: Query }>('/chapters', { config: anyToken }, (request, reply) => {
    const ids = idsParam(request.query, MAX_IDS);
    const market = marketFor(request, context, marketParam(request.query));
    const userId = grantOf(request).userId;
    const origin = originOf(request, context);
    const rendered = bodies.get(bodyKey({ kind: 'chapters', covers: ['resume'], parts: [ids.join(','), market, userId, origin] }), () => {
      // Unknown or unavailable in the market: null, as a single GET would answer 404.
      const chapters = ids.map((id) => {
        const chapter = catalog.chapter(id);
        return chapter && isAvailableIn(chapter.markets, market)
          ? render.chapter(chapter, market, userId, origin, false)
          : 'null';
      });
      return withEtag(`{"chapters":[${chapters.join(',')}]}`);
    });
    return sendTagged(request, reply, rendered);
  });
}
