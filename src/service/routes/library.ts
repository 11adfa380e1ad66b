import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../context.js';
import { marketFor, originOf, sendTagged, userOf } from '../http.js';
import { isAvailableIn } from '../markets.js';
import { withEtag } from '../render/cache.js';
import { pageSlice, pagingJson } from '../render/paging.js';
import { pageParams, type Query } from '../params.js';
import { audiobookWithChapters } from './audiobooks.js';

const MAX_LIMIT = 50;

/** Get User's Saved Shows and the saved audiobooks; items unavailable in the market are left out (§4). */
export async function libraryRoutes(app: FastifyInstance, { context }: RouteOptions): Promise<void> {
  const { catalog, library, render, bodies, bodyKey } = context;
  const config = { auth: { scope: 'user-library-read', user: true } };

  app.get<{ Querystring: Query }>('/me/shows', { config }, (request, reply) => {
    const userId = userOf(request);
    const page = pageParams(request.query, MAX_LIMIT);
    const market = marketFor(request, context, undefined);
    const origin = originOf(request, context);
    const key = bodyKey({ kind: 'saved-shows', covers: ['library'], parts: [userId, market, page.offset, page.limit, origin] });
    const rendered = bodies.get(key, () => {
      const saved = library.savedShows(userId).flatMap((item) => {
        const show = catalog.show(item.id);
        return show && isAvailableIn(show.markets, market) ? [{ addedAt: item.addedAt, show }] : [];
      });
      const items = pageSlice(saved, page).map(
        (item) => `{"added_at":${JSON.stringify(item.addedAt)},"show":${render.show(item.show, origin)}}`,
      );
      return withEtag(pagingJson({ url: `${origin}/v1/me/shows`, total: saved.length }, page, items));
    });
    return sendTagged(request, reply, rendered);
  });

  app.get<{ Querystring: Query }>('/me/audiobooks', { config }, (request, reply) => {
    const userId = userOf(request);
    const page = pageParams(request.query, MAX_LIMIT);
    const market = marketFor(request, context, undefined);
    const origin = originOf(request, context);
    // Each audiobook carries its first chapters with their resume points.
    const parts = [userId, market, page.offset, page.limit, origin];
    const key = bodyKey({ kind: 'saved-audiobooks', covers: ['library', 'resume'], parts });
    const rendered = bodies.get(key, () => {
      const saved = library.savedAudiobooks(userId).flatMap((item) => {
        const audiobook = catalog.audiobook(item.id);
        return audiobook && isAvailableIn(audiobook.markets, market) ? [{ addedAt: item.addedAt, audiobook }] : [];
      });
      const items = pageSlice(saved, page).map((item) => {
        const audiobook = audiobookWithChapters(context, item.audiobook, market, userId, origin);
        return `{"added_at":${JSON.stringify(item.addedAt)},"audiobook":${audiobook}}`;
      });
      return withEtag(pagingJson({ url: `${origin}/v1/me/audiobooks`, total: saved.length }, page, items));
    });
    return sendTagged(request, reply, rendered);
  });
}
