import type { Api } from '../../api/api.js';
import type { Audiobook, Chapter, Episode, ListEntry, Paging, Show } from '../../api/types.js';
import { firstUnfinished, wholeContextRequest, type PlayRequest } from './play-request.js';

/** The most items one request may ask for: finding the start costs at most one page. */
const PAGE_LIMIT = 50;

export type ShowOrAudiobook = { kind: 'show'; show: Show } | { kind: 'audiobook'; audiobook: Audiobook };

/**
 * `P` on a show or an audiobook: played from its first unfinished item (see `firstUnfinished`), found among the
 * items the dashboard has (`known`: the first page of its open list) or, failing that, in one page read.
 */
export async function playFromFirstUnfinished(
  api: Api,
  context: ShowOrAudiobook,
  known: Paging<ListEntry<Episode | Chapter>> | null = null,
): Promise<PlayRequest> {
  let items: readonly ListEntry<Episode | Chapter>[] = known?.offset === 0 ? known.items : [];
  let total = known?.total ?? (context.kind === 'show' ? context.show.total_episodes : context.audiobook.total_chapters);
  let start = firstUnfinished(items, total);
  if (start.item === null && items.length < total) {
    const page = { offset: items.length, limit: PAGE_LIMIT };
    const read =
      context.kind === 'show'
        ? await api.getShowEpisodes(context.show.id, page)
        : await api.getAudiobookChapters(context.audiobook.id, page);
    items = [...items, ...read.items];
    total = read.total;
    start = firstUnfinished(items, total);
  }
  if (total === 0) throw new Error(context.kind === 'show' ? 'this show has no episodes' : 'this audiobook has no chapters');
  return wholeContextRequest(context, start);
}
