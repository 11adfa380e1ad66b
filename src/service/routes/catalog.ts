import { notFound } from '../errors.js';
import { isAvailableIn } from '../markets.js';
import { availableOr404, objectRoute } from './rendered.js';

/** Get Episode: one unavailable in the market is not found (decisions §4). */
export const episode = objectRoute({
  covers: ['resume'],
  find: ({ catalog }, view) => availableOr404(catalog.episode(view.id), view),
  render: ({ render }, view, found) => render.episode(found, view.market, view.userId, view.origin),
});

/** Get Track: one unavailable in the market is sent unplayable, or as its relinked copy (decisions §4). */
export const track = objectRoute({
  covers: [],
  find: ({ catalog }, view) => {
    const found = catalog.track(view.id);
    if (!found) throw notFound();
    return found;
  },
  render: ({ render }, view, found) => render.track(found, view.market, view.origin),
});

/** Get Several Tracks: null for an unknown id, in the order asked. */
export const severalTracks = objectRoute({
  covers: [],
  render: ({ catalog, render }, view) => {
    const tracks = view.query.ids!.split(',').map((id) => {
      const found = catalog.track(id);
      return found ? render.track(found, view.market, view.origin) : 'null';
    });
    return `{"tracks":[${tracks.join(',')}]}`;
  },
});

/** Get a Chapter: one unavailable in the market is not found. */
export const chapter = objectRoute({
  covers: ['resume'],
  find: ({ catalog }, view) => availableOr404(catalog.chapter(view.id), view),
  render: ({ render }, view, found) => render.chapter(found, view.market, view.userId, view.origin, false),
});

/** Get Several Chapters: null for an unknown id or one unavailable in the market, as a single GET would answer 404. */
export const severalChapters = objectRoute({
  covers: ['resume'],
  render: ({ catalog, render }, view) => {
    const chapters = view.query.ids!.split(',').map((id) => {
      const found = catalog.chapter(id);
      return found && isAvailableIn(found.markets, view.market) ? render.chapter(found, view.market, view.userId, view.origin, false) : 'null';
    });
    return `{"chapters":[${chapters.join(',')}]}`;
  },
});
