import type { Api } from '../../api/api.js';
import { isUnreadable } from '../../api/list-entry.js';
import type { ListEntry } from '../../api/types.js';
import { progressMatch, progressRow } from './episode-rows.js';
import { chapterRequest, showEpisodeRequest } from '../play/play-request.js';
import { continueListening as inProgress, type ProgressEntry } from '../state/continue-listening.js';
import { countedTitle } from './helpers.js';
import type { ListView } from './types.js';

const READ_LIMIT = 50;

const isReadable = <T extends object>(entry: ListEntry<T>): entry is T => !isUnreadable(entry);

/** The saved shows and audiobooks, then the first page of each one's episodes or chapters: those in progress. */
async function readInProgress(api: Api, signal: AbortSignal): Promise<ProgressEntry[]> {
  const first = { limit: READ_LIMIT, offset: 0 };
  const [shows, books] = await Promise.all([api.getSavedShows(first, { signal }), api.getSavedAudiobooks(first, { signal })]);
  // Stand-ins are skipped where they are, so every episode and chapter keeps its position (what plays from it).
  const perShow = await Promise.all(
    shows.items.filter(isReadable).map(async ({ show }) =>
      (await api.getShowEpisodes(show.id, first, { signal })).items.flatMap((episode, position): ProgressEntry[] =>
        isUnreadable(episode) ? [] : [{ kind: 'episode', item: { ...episode, show }, parent: show, position }],
      ),
    ),
  );
  const perBook = await Promise.all(
    books.items.filter(isReadable).map(async ({ audiobook }) =>
      (await api.getAudiobookChapters(audiobook.id, first, { signal })).items.flatMap((chapter, position): ProgressEntry[] =>
        isUnreadable(chapter) ? [] : [{ kind: 'chapter', item: { ...chapter, audiobook }, parent: audiobook, position }],
      ),
    ),
  );
  return inProgress([...perShow.flat(), ...perBook.flat()]);
}

/**
 * Episodes and chapters started and not finished, most recently played first. Read when its tab opens, and
 * again (in place) when an episode or chapter stops playing while it is shown; never polled. A read is the
 * saved shows and audiobooks, then one page of each one's items.
 */
export const continueListening: ListView<ProgressEntry> = {
  kind: 'list',
  sourceKey: () => 'continue',
  label: 'items in progress',
  title: countedTitle('Continue listening'),
  emptyText: 'Nothing in progress: start an episode or a chapter and it shows up here.',
  source: { readAll: (api, _parent, signal) => readInProgress(api, signal) },
  rereadOn: ['shown', 'itemEnded'],
  row: progressRow,
  match: progressMatch,
  details: (entry) => (entry.kind === 'episode' ? { kind: 'episode', episode: entry.item } : { kind: 'chapter', chapter: entry.item }),
  open: (entry, at) => {
    if (at.player.refuseUnplayable(entry.item)) return;
    at.player.start(
      entry.kind === 'episode' ? showEpisodeRequest(entry.parent, entry.item, entry.position, null) : chapterRequest(entry.parent, entry.item),
    );
  },
  play: null,
  likes: null,
};
