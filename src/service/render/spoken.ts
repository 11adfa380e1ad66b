import type { ServiceContext } from '../context.js';
import type { AudiobookRow, ShowRow } from '../store/catalog.js';
import { appendFields } from './catalog.js';
import { listOf, listPageJson, type PagedList } from './paging.js';
import type { Viewer } from './viewer.js';

/** How many episodes or chapters a show or an audiobook carries inside itself: its first page's. */
const FIRST_PAGE = { limit: 50, offset: 0 };

/** A show's simplified episodes, newest first, each with the user's resume point. */
export function showEpisodes(context: ServiceContext, show: ShowRow, viewer: Viewer): PagedList {
  return listOf(context.catalog.episodesOf(show.id), (episode) =>
    context.render.simplifiedEpisode(episode, viewer.market, viewer.userId, viewer.origin),
  );
}

/** An audiobook's simplified chapters (without their audiobook), each with the user's resume point. */
export function audiobookChapters(context: ServiceContext, audiobook: AudiobookRow, viewer: Viewer): PagedList {
  return listOf(context.catalog.chaptersOf(audiobook.id), (chapter) =>
    context.render.chapter(chapter, viewer.market, viewer.userId, viewer.origin, true),
  );
}

/** The full show: the simplified one with the first page of its episodes, whose links carry `market`. */
export function showWithEpisodes(context: ServiceContext, show: ShowRow, viewer: Viewer, market: string | undefined): string {
  const url = `${viewer.origin}/v1/shows/${show.id}/episodes`;
  const episodes = listPageJson(showEpisodes(context, show, viewer), url, FIRST_PAGE, [['market', market]]);
  return appendFields(context.render.show(show, viewer.origin), `"episodes":${episodes}`);
}

/** The full audiobook, as saved audiobooks list it: the simplified one with the first page of its chapters. */
export function audiobookWithChapters(context: ServiceContext, audiobook: AudiobookRow, viewer: Viewer): string {
  const url = `${viewer.origin}/v1/audiobooks/${audiobook.id}/chapters`;
  const chapters = listPageJson(audiobookChapters(context, audiobook, viewer), url, FIRST_PAGE);
  return appendFields(context.render.audiobook(audiobook, viewer.origin), `"chapters":${chapters}`);
}
