import { Box } from 'ink';
import { memo, useCallback, useState } from 'react';
import type { PageRequest } from '../../api/api.js';
import { isUnreadable } from '../../api/list-entry.js';
import type { Audiobook, ListEntry, SavedAudiobook } from '../../api/types.js';
import { useApi } from '../api-context.js';
import type { DetailsTarget } from '../details-target.js';
import { formatCount } from '../format.js';
import { useLibraryList } from '../hooks/use-library-list.js';
import { playFromFirstUnfinished } from '../play/first-unfinished.js';
import { usePlayStarter } from '../play/play-starter.js';
import { audiobookMatch, audiobookRow, standInRefusal } from './library-rows.js';
import type { LibraryPaneProps } from './library-pane-props.js';
import { ChapterList } from './ChapterList.js';
import { LibraryListView, listBodySize } from './LibraryListView.js';

export type AudiobooksPaneProps = LibraryPaneProps;

type Row = ListEntry<SavedAudiobook>;

const formatRow = (entry: Row, _index: number, width: number) => audiobookRow(entry, width);
const toTarget = (entry: Row): DetailsTarget | null =>
  isUnreadable(entry) ? null : { kind: 'audiobook', audiobook: entry.audiobook };

/**
 * The user's saved audiobooks (GET /me/audiobooks); Enter opens an audiobook's chapters, Esc comes back.
 * The list stays mounted (hidden) meanwhile, so its cursor and pages are still there on the way back.
 */
export const AudiobooksPane = memo(function AudiobooksPane(props: AudiobooksPaneProps) {
  const api = useApi();
  const starter = usePlayStarter();
  const { isFocused, width, height } = props;
  const [opened, setOpened] = useState<Audiobook | null>(null);
  const { rows, rowWidth } = listBodySize(width, height);
  const fetchPage = useCallback(
    (page: PageRequest, signal: AbortSignal) => api.getSavedAudiobooks(page, { signal }),
    [api],
  );
  const open = useCallback(
    (entry: Row) => (isUnreadable(entry) ? starter?.refuse(standInRefusal('open', entry)) : setOpened(entry.audiobook)),
    [starter],
  );
  const back = useCallback(() => setOpened(null), []);
  const isListFocused = isFocused && opened === null;
  const list = useLibraryList<Row>({
    ...props,
    isFocused: isListFocused,
    sourceKey: 'me/audiobooks',
    label: 'audiobooks',
    fetchPage,
    formatRow,
    matchText: audiobookMatch,
    toTarget,
    height: rows,
    width: rowWidth,
    onOpen: open,
    onPlay: (entry) =>
      isUnreadable(entry)
        ? starter?.refuse(standInRefusal('play', entry))
        : starter?.start(playFromFirstUnfinished(api, { kind: 'audiobook', audiobook: entry.audiobook })),
  });
  const title = list.total === null ? 'Audiobooks' : `Audiobooks · ${formatCount(list.total)}`;
  return (
    <>
      <Box display={opened === null ? 'flex' : 'none'}>
        <LibraryListView
          title={title}
          details={props.details}
          emptyText="No saved audiobooks."
          list={list}
          isFocused={isListFocused}
          width={width}
          height={height}
        />
      </Box>
      {opened !== null && <ChapterList {...props} audiobook={opened} onBack={back} />}
    </>
  );
});
