import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../context.js';
import type { ServiceContext } from '../context.js';
import { notFound } from '../errors.js';
import { grantOf, marketFor, originOf, sendTagged } from '../http.js';
import { isAvailableIn } from '../markets.js';
import { withEtag } from '../render/cache.js';
import { appendFields } from '../render/catalog.js';
import { pageSlice, pagingJson } from '../render/paging.js';
import { idParam, marketParam, pageParams, type Query } from '../params.js';
import type { AudiobookRow } from '../store/catalog.js';

const MAX_LIMIT = 50;

/** A page of an audiobook's simplified chapters. */
function chaptersPage(
  context: ServiceContext,
  audiobook: AudiobookRow,
  market: string | null,
  userId: string | null,
  origin: string,
  page: { limit: number; offset: number },
  query: [string, string | undefined][] = [],
): string {
  const chapters = context.catalog.chaptersOf(audiobook.id);
  const items = pageSlice(chapters, page).map((chapter) => context.render.chapter(chapter, market, userId, origin, true));
  const url = `${origin}/v1/audiobooks/${audiobook.id}/chapters`;
  return pagingJson({ url, query, total: chapters.length }, page, items);
}

/** The full audiobook object (with the first page of its chapters), as saved audiobooks list it. */
export function audiobookWithChapters(
  context: ServiceContext,
  audiobook: AudiobookRow,
  market: string | null,
  userId: string | null,
  origin: string,
): string {
  const chapters = chaptersPage(context, audiobook, market, userId, origin, { limit: MAX_LIMIT, offset: 0 });
  return appendFields(context.render.audiobook(audiobook, origin), `"chapters":${chapters}`);
}

/** Get Audiobook Chapters (decisions §1 #9). */
export async function audiobookRoutes(app: FastifyInstance, { context }: RouteOptions): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/audiobooks/:id/chapters',
    { config: { auth: { scope: null } } },
    (request, reply) => {
      const id = idParam(request.params.id);
      const marketParameter = marketParam(request.query);
      const page = pageParams(request.query, MAX_LIMIT);
      const market = marketFor(request, context, marketParameter);
      const audiobook = context.catalog.audiobook(id);
      if (!audiobook || !isAvailableIn(audiobook.markets, market)) throw notFound();
      const userId = grantOf(request).userId;
      const origin = originOf(request, context);
      const parts = [id, market, userId, page.offset, page.limit, marketParameter, origin];
      const key = context.bodyKey({ kind: 'audiobook-chapters', covers: ['resume'], parts });
      const rendered = context.bodies.get(key, () =>
        withEtag(chaptersPage(context, audiobook, market, userId, origin, page, [['market', marketParameter]])),
      );
      return sendTagged(request, reply, rendered);
    },
  );
}
