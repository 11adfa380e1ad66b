import { notFound } from '../errors.js';
import { isAvailableIn } from '../markets.js';
import { audiobookChapters } from '../render/spoken.js';
import { pagedRoute } from './rendered.js';

/** Get Audiobook Chapters (decisions §1 #9); an audiobook unavailable in the market is not found. */
export const chapters = pagedRoute({
  maxLimit: 50,
  covers: ['resume'],
  find: (context, view) => {
    const audiobook = context.catalog.audiobook(view.id);
    if (!audiobook || !isAvailableIn(audiobook.markets, view.market)) throw notFound();
    return audiobook;
  },
  list: (context, view, found) => audiobookChapters(context, found, view),
});
