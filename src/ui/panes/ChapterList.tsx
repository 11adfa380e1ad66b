import { memo, useCallback, useRef } from 'react';
import type { PageRequest } from '../../api/api.js';
import { isUnreadable } from '../../api/list-entry.js';
import type { Audiobook, Chapter, ListEntry, Paging } from '../../api/types.js';
import { useApi } from '../api-context.js';
import type { DetailsTarget } from '../details-target.js';
import { formatCount } from '../format.js';
import { useLibraryList } from '../hooks/use-library-list.js';
import { playFromFirstUnfinished } from '../play/first-unfinished.js';
import { chapterRequest } from '../play/play-request.js';
import { usePlayStarter } from '../play/play-starter.js';
import { sanitizeText } from '../sanitize.js';
import { chapterMatch, chapterRow, standInRefusal } from './library-rows.js';
import type { LibraryPaneProps } from './library-pane-props.js';
import { LibraryListView, listBodySize } from './LibraryListView.js';

export interface ChapterListProps extends LibraryPaneProps {
  audiobook: Audiobook;
  /** Esc (with no filter on): back to the audiobooks. */
  onBack(): void;
}

type Row = ListEntry<Chapter>;

const formatRow = (entry: Row, _index: number, width: number) => chapterRow(entry, width);
const toTarget = (entry: Row): DetailsTarget | null => (isUnreadable(entry) ? null : { kind: 'chapter', chapter: entry });

/**
 * Get Audiobook Chapters sends simplified chapters (no `audiobook`); the details of a chapter name its book,
 * so each page gets it once. Memoised by page object: a 304 (the same page) gives the same chapters again.
 */
const withAudiobook = new WeakMap<Paging<Row>, Paging<Row>>();
function attachAudiobook(page: Paging<Row>, audiobook: Audiobook): Paging<Row> {
  let attached = withAudiobook.get(page);
  if (attached === undefined) {
    const items = page.items.map((entry) => (!isUnreadable(entry) && entry.audiobook === null ? { ...entry, audiobook } : entry));
    attached = { ...page, items };
    withAudiobook.set(page, attached);
  }
  return attached;
}

/** The chapters of one audiobook, with their resume points; Enter plays one, `P` the audiobook from its first unfinished chapter. */
export const ChapterList = memo(function ChapterList(props: ChapterListProps) {
  const api = useApi();
  const starter = usePlayStarter();
  const { audiobook, isFocused, width, height, onBack } = props;
  const { rows, rowWidth } = listBodySize(width, height);
  // The first page as last read: `P` finds the first unfinished chapter there without a request.
  const firstPage = useRef<Paging<Row> | null>(null);
  const fetchPage = useCallback(
    async (page: PageRequest, signal: AbortSignal) => {
      const chapters = attachAudiobook(await api.getAudiobookChapters(audiobook.id, page, { signal }), audiobook);
      if (page.offset === 0) firstPage.current = chapters;
      return chapters;
    },
    [api, audiobook],
  );
  const list = useLibraryList<Row>({
    ...props,
    sourceKey: `audiobook:${audiobook.id}`,
    label: 'chapters',
    fetchPage,
    totalHint: audiobook.total_chapters,
    formatRow,
    matchText: chapterMatch,
    toTarget,
    height: rows,
    width: rowWidth,
    onBack,
    onOpen: (chapter) => {
      if (isUnreadable(chapter)) return starter?.refuse(standInRefusal('play', chapter));
      if (starter?.refuseUnplayable(chapter) === false) starter.start(chapterRequest(audiobook, chapter));
    },
    onPlay: () => starter?.start(playFromFirstUnfinished(api, { kind: 'audiobook', audiobook }, firstPage.current)),
  });
  const total = list.total ?? audiobook.total_chapters;
  const title = `${sanitizeText(audiobook.name)} · ${formatCount(total)} chapters`;
  return (
    <LibraryListView
      title={title}
      details={props.details}
      emptyText="No chapters."
      list={list}
      isFocused={isFocused}
      width={width}
      height={height}
    />
  );
});
