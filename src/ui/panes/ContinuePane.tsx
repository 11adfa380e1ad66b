import { useCallback, memo, useEffect, useRef, useState } from 'react';
import type { Api, PageRequest } from '../../api/api.js';
import { isUnreadable } from '../../api/list-entry.js';
import type { ListEntry, Paging } from '../../api/types.js';
import { useApi } from '../api-context.js';
import type { DetailsTarget } from '../details-target.js';
import { formatCount } from '../format.js';
import { useLibraryList } from '../hooks/use-library-list.js';
import { chapterRequest, showEpisodeRequest } from '../play/play-request.js';
import { usePlayStarter } from '../play/play-starter.js';
import { continueListening, type ProgressEntry } from '../state/continue-listening.js';
import { progressMatch, progressRow } from './episode-rows.js';
import type { LibraryPaneProps } from './library-pane-props.js';
import { LibraryListView, listBodySize } from './LibraryListView.js';

const READ_LIMIT = 50;

const formatRow = (entry: ProgressEntry, _index: number, width: number) => progressRow(entry, width);
const toTarget = (entry: ProgressEntry): DetailsTarget =>
  entry.kind === 'episode' ? { kind: 'episode', episode: entry.item } : { kind: 'chapter', chapter: entry.item };

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
  return continueListening([...perShow.flat(), ...perBook.flat()]);
}

export interface ContinuePaneProps extends LibraryPaneProps {
  /** Its tab is up (the pane may still be under the help, or without the focus). */
  isShown: boolean;
  /** Counts the episodes and chapters that stopped playing (`PlaybackController.listeningEnded`). */
  listeningEnded: number;
}

interface Read {
  generation: number;
  entries: Promise<ProgressEntry[]>;
  controller: AbortController;
  /** The pages given out, so that asking again (the list's refresh) renders nothing new. */
  pages: Map<number, Paging<ProgressEntry>>;
}

/**
 * Episodes and chapters started and not finished, most recently played first. Read when its tab opens, and
 * again (in place) when an episode or chapter stops playing while it is open; never polled. A read is the
 * saved shows and audiobooks, then one page of each one's items.
 */
export const ContinuePane = memo(function ContinuePane(props: ContinuePaneProps) {
  const api = useApi();
  const starter = usePlayStarter();
  const { isFocused, isShown, listeningEnded, width, height } = props;
  const { rows, rowWidth } = listBodySize(width, height);
  // A new read on opening (what was played meanwhile moves to the top) and on each end while open: one each.
  const [generation, setGeneration] = useState(0);
  const seen = useRef({ isShown, listeningEnded });
  useEffect(() => {
    const before = seen.current;
    seen.current = { isShown, listeningEnded };
    if (isShown && (!before.isShown || before.listeningEnded !== listeningEnded)) setGeneration((previous) => previous + 1);
  }, [isShown, listeningEnded]);

  // One read per generation, whatever pages the list asks for.
  const read = useRef<Read | null>(null);
  useEffect(() => () => read.current?.controller.abort(), []);
  const fetchPage = useCallback(
    async (page: PageRequest): Promise<Paging<ProgressEntry>> => {
      let current = read.current;
      if (current?.generation !== generation) {
        current?.controller.abort();
        const controller = new AbortController();
        const started: Read = { generation, entries: readInProgress(api, controller.signal), controller, pages: new Map() };
        started.entries.catch(() => {
          if (read.current === started) read.current = null;
        });
        read.current = current = started;
      }
      const items = await current.entries;
      const given = current.pages.get(page.offset);
      if (given?.limit === page.limit) return given;
      const slice = items.slice(page.offset, page.offset + page.limit);
      const paging = { href: '', limit: page.limit, offset: page.offset, next: null, previous: null, total: items.length, items: slice };
      current.pages.set(page.offset, paging);
      return paging;
    },
    [api, generation],
  );
  const list = useLibraryList<ProgressEntry>({
    ...props,
    sourceKey: 'continue',
    reloadKey: generation,
    label: 'items in progress',
    fetchPage,
    formatRow,
    matchText: progressMatch,
    toTarget,
    height: rows,
    width: rowWidth,
    onOpen: (entry) => {
      if (starter?.refuseUnplayable(entry.item) !== false) return;
      starter.start(
        entry.kind === 'episode'
          ? showEpisodeRequest(entry.parent, entry.item, entry.position, null)
          : chapterRequest(entry.parent, entry.item),
      );
    },
  });
  const title = list.total === null ? 'Continue listening' : `Continue listening · ${formatCount(list.total)}`;
  return (
    <LibraryListView
      title={title}
      details={props.details}
      emptyText="Nothing in progress: start an episode or a chapter and it shows up here."
      list={list}
      isFocused={isFocused}
      width={width}
      height={height}
    />
  );
});
