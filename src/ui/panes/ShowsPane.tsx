import { Box } from 'ink';
import { memo, useCallback, useState } from 'react';
import type { PageRequest } from '../../api/api.js';
import { isUnreadable } from '../../api/list-entry.js';
import type { ListEntry, SavedShow, Show } from '../../api/types.js';
import { useApi } from '../api-context.js';
import type { DetailsTarget } from '../details-target.js';
import { formatCount } from '../format.js';
import { useLibraryList } from '../hooks/use-library-list.js';
import { playFromFirstUnfinished } from '../play/first-unfinished.js';
import { usePlayStarter } from '../play/play-starter.js';
import { EpisodeList } from './EpisodeList.js';
import { showMatch, showRow, standInRefusal } from './library-rows.js';
import type { LibraryPaneProps } from './library-pane-props.js';
import { LibraryListView, listBodySize } from './LibraryListView.js';

export type ShowsPaneProps = LibraryPaneProps;

type Row = ListEntry<SavedShow>;

const formatRow = (entry: Row, _index: number, width: number) => showRow(entry, width);
const toTarget = (entry: Row): DetailsTarget | null => (isUnreadable(entry) ? null : { kind: 'show', show: entry.show });

/**
 * The user's saved shows (GET /me/shows), loaded as the cursor goes; Enter opens a show's episodes, Esc
 * comes back (the list stays mounted meanwhile, with its cursor and pages), `P` plays the show from its
 * first unfinished episode.
 */
export const ShowsPane = memo(function ShowsPane(props: ShowsPaneProps) {
  const api = useApi();
  const starter = usePlayStarter();
  const { isFocused, width, height } = props;
  const [opened, setOpened] = useState<Show | null>(null);
  const { rows, rowWidth } = listBodySize(width, height);
  const fetchPage = useCallback(
    (page: PageRequest, signal: AbortSignal) => api.getSavedShows(page, { signal }),
    [api],
  );
  const open = useCallback(
    (entry: Row) => (isUnreadable(entry) ? starter?.refuse(standInRefusal('open', entry)) : setOpened(entry.show)),
    [starter],
  );
  const back = useCallback(() => setOpened(null), []);
  const isListFocused = isFocused && opened === null;
  const list = useLibraryList<Row>({
    ...props,
    isFocused: isListFocused,
    sourceKey: 'me/shows',
    label: 'saved shows',
    fetchPage,
    formatRow,
    matchText: showMatch,
    toTarget,
    height: rows,
    width: rowWidth,
    onOpen: open,
    onPlay: (entry) =>
      isUnreadable(entry)
        ? starter?.refuse(standInRefusal('play', entry))
        : starter?.start(playFromFirstUnfinished(api, { kind: 'show', show: entry.show })),
  });
  const title = list.total === null ? 'Saved shows' : `Saved shows · ${formatCount(list.total)}`;
  return (
    <>
      <Box display={opened === null ? 'flex' : 'none'}>
        <LibraryListView
          title={title}
          details={props.details}
          emptyText="No saved shows."
          list={list}
          isFocused={isListFocused}
          width={width}
          height={height}
        />
      </Box>
      {opened !== null && <EpisodeList {...props} show={opened} onBack={back} />}
    </>
  );
});
