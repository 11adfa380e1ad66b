import type { FastifyInstance } from 'fastify';
import type { RouteOptions, ServiceContext } from '../context.js';
import { notFound } from '../errors.js';
import { grantOf, marketFor, originOf, sendTagged } from '../http.js';
import { isAvailableIn } from '../markets.js';
import { withEtag } from '../render/cache.js';
import { appendFields } from '../render/catalog.js';
import { pageSlice, pagingJson } from '../render/paging.js';
import { idParam, marketParam, pageParams, type PageParams, type Query } from '../params.js';
import type { ShowRow } from '../store/catalog.js';

const MAX_LIMIT = 50;
const anyToken = { auth: { scope: null } };

interface EpisodesRequest {
  market: string | null;
  userId: string | null;
  origin: string;
}

/** A page of a show's simplified episodes, newest first, each with the user's resume point. */
function episodesPage(context: ServiceContext, show: ShowRow, request: EpisodesRequest, page: PageParams, query: [string, string | undefined][]): string {
  const episodes = context.catalog.episodesOf(show.id);
  const items = pageSlice(episodes, page).map((episode) =>
    context.render.simplifiedEpisode(episode, request.market, request.userId, request.origin),
  );
  return pagingJson({ url: `${request.origin}/v1/shows/${show.id}/episodes`, query, total: episodes.length }, page, items);
}

/** Get Show (with the first 50 episodes) and Get Show Episodes; a show unavailable in the market: 404. */
export async function showRoutes(app: FastifyInstance, { context }: RouteOptions): Promise<void> {
  const showFor = (id: string, market: string | null): ShowRow => {
    const show = context.catalog.show(id);
    if (!show || !isAvailableIn(show.markets, market)) throw notFound();
    return show;
  };

  app.get<{ Params: { id: string }; Querystring: Query }>('/shows/:id', { config: anyToken }, (request, reply) => {
    const id = idParam(request.params.id);
    const marketParameter = marketParam(request.query);
    const market = marketFor(request, context, marketParameter);
    const show = showFor(id, market);
    const episodes: EpisodesRequest = { market, userId: grantOf(request).userId, origin: originOf(request, context) };
    const parts = [id, market, episodes.userId, marketParameter, episodes.origin];
    const rendered = context.bodies.get(context.bodyKey({ kind: 'show', covers: ['resume'], parts }), () => {
      const page = episodesPage(context, show, episodes, { limit: MAX_LIMIT, offset: 0 }, [['market', marketParameter]]);
      return withEtag(appendFields(context.render.show(show, episodes.origin), `"episodes":${page}`));
    });
    return sendTagged(request, reply, rendered);
  });

  app.get<{ Params: { id: string }; Querystring: Query }>('/shows/:id/episodes', { config: anyToken }, (request, reply) => {
    const id = idParam(request.params.id);
    const marketParameter = marketParam(request.query);
    const page = pageParams(request.query, MAX_LIMIT);
    const market = marketFor(request, context, marketParameter);
    const show = showFor(id, market);
    const episodes: EpisodesRequest = { market, userId: grantOf(request).userId, origin: originOf(request, context) };
    const parts = [id, market, episodes.userId, page.offset, page.limit, marketParameter, episodes.origin];
    const rendered = context.bodies.get(context.bodyKey({ kind: 'show-episodes', covers: ['resume'], parts }), () =>
      withEtag(episodesPage(context, show, episodes, page, [['market', marketParameter]])),
    );
    return sendTagged(request, reply, rendered);
  });
}
