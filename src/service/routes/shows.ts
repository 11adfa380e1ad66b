import type { ServiceContext } from '../context.js';
import { showEpisodes, showWithEpisodes } from '../render/spoken.js';
import { availableOr404, objectRoute, pagedRoute, type View } from './rendered.js';

/** A show unavailable in the market is not found (decisions §4). */
const showOf = (context: ServiceContext, view: View) => availableOr404(context.catalog.show(view.id), view);

/** Get Show, with the first 50 episodes. */
export const show = objectRoute({
  covers: ['resume'],
  find: showOf,
  render: (context, view, found) => showWithEpisodes(context, found, view, view.query.market),
});

/** Get Show Episodes, newest first. */
export const showEpisodesPage = pagedRoute({
  maxLimit: 50,
  covers: ['resume'],
  find: showOf,
  list: (context, view, found) => showEpisodes(context, found, view),
});
