import { audiobookChapters } from '../render/spoken.js';
import { availableOr404, pagedRoute } from './rendered.js';

/** Get Audiobook Chapters (decisions §1 #9); an audiobook unavailable in the market is not found. */
export const chapters = pagedRoute({
  maxLimit: 50,
  covers: ['resume'],
  find: (context, view) => availableOr404(context.catalog.audiobook(view.id), view),
  list: (context, view, found) => audiobookChapters(context, found, view),
});
