import type { ServiceContext } from '../context.js';
import { notFound } from '../errors.js';
import { isAvailableIn } from '../markets.js';
import { showEpisodes, showWithEpisodes } from '../render/spoken.js';
import type { ShowRow } from '../store/catalog.js';
import { objectRoute, pagedRoute, type View } from './rendered.js';

/** A show unavailable in the market is not found (decisions §4). */
function showOf(context: ServiceContext, view: View): ShowRow {
  const show = context.catalog.show(view.id);
  if (!show || !isAvailableIn(show.markets, view.market)) throw notFound();
  return show;
}

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
