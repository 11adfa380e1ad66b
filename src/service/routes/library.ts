import { isAvailableIn } from '../markets.js';
import { listOf } from '../render/paging.js';
import { audiobookWithChapters } from '../render/spoken.js';
import { pagedRoute } from './rendered.js';

/** Get User's Saved Shows; shows unavailable in the market are left out (decisions §4). */
export const savedShows = pagedRoute({
  maxLimit: 50,
  covers: ['library'],
  list: ({ catalog, library, render }, view) => {
    const saved = library.savedShows(view.userId!).flatMap((item) => {
      const show = catalog.show(item.id);
      return show && isAvailableIn(show.markets, view.market) ? [{ addedAt: item.addedAt, show }] : [];
    });
    return listOf(saved, (item) => `{"added_at":${JSON.stringify(item.addedAt)},"show":${render.show(item.show, view.origin)}}`);
  },
});

/** The saved audiobooks, each with its first chapters and their resume points; those unavailable left out. */
export const savedAudiobooks = pagedRoute({
  maxLimit: 50,
  covers: ['library', 'resume'],
  list: (context, view) => {
    const saved = context.library.savedAudiobooks(view.userId!).flatMap((item) => {
      const audiobook = context.catalog.audiobook(item.id);
      return audiobook && isAvailableIn(audiobook.markets, view.market) ? [{ addedAt: item.addedAt, audiobook }] : [];
    });
    return listOf(saved, (item) => `{"added_at":${JSON.stringify(item.addedAt)},"audiobook":${audiobookWithChapters(context, item.audiobook, view)}}`);
  },
});
