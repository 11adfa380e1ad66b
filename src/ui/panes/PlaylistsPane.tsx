import { memo, useCallback } from 'react';
import type { PageRequest } from '../../api/api.js';
import { isUnreadable } from '../../api/list-entry.js';
import type { ListEntry, SimplifiedPlaylist } from '../../api/types.js';
import { useApi } from '../api-context.js';
import type { DetailsTarget } from '../details-target.js';
import { formatCount } from '../format.js';
import { useLibraryList } from '../hooks/use-library-list.js';
import { wholeContextRequest } from '../play/play-request.js';
import { usePlayStarter } from '../play/play-starter.js';
import { playlistMatch, playlistRow, standInRefusal } from './library-rows.js';
import type { LibraryPaneProps } from './library-pane-props.js';
import { LibraryListView, listBodySize } from './LibraryListView.js';

export interface PlaylistsPaneProps extends LibraryPaneProps {
  /** Enter on a playlist: the app shows its items. */
  onOpen(playlist: SimplifiedPlaylist): void;
}

type Row = ListEntry<SimplifiedPlaylist>;

const formatRow = (entry: Row, _index: number, width: number) => playlistRow(entry, width);
const toTarget = (entry: Row): DetailsTarget | null => (isUnreadable(entry) ? null : { kind: 'playlist', playlist: entry });

/** The user's playlists (GET /me/playlists), loaded as the cursor goes. */
export const PlaylistsPane = memo(function PlaylistsPane(props: PlaylistsPaneProps) {
  const api = useApi();
  const starter = usePlayStarter();
  const { isFocused, width, height, onOpen } = props;
  const { rows, rowWidth } = listBodySize(width, height);
  const fetchPage = useCallback(
    (page: PageRequest, signal: AbortSignal) => api.getMyPlaylists(page, { signal }),
    [api],
  );
  // The app's callback takes the playlist alone.
  const open = useCallback(
    (entry: Row) => (isUnreadable(entry) ? starter?.refuse(standInRefusal('open', entry)) : onOpen(entry)),
    [onOpen, starter],
  );
  const list = useLibraryList<Row>({
    ...props,
    sourceKey: 'me/playlists',
    label: 'playlists',
    fetchPage,
    formatRow,
    matchText: playlistMatch,
    toTarget,
    height: rows,
    width: rowWidth,
    onOpen: open,
    onPlay: (entry) =>
      isUnreadable(entry)
        ? starter?.refuse(standInRefusal('play', entry))
        : starter?.start(wholeContextRequest({ kind: 'playlist', playlist: entry })),
  });
  const title = list.total === null ? 'Playlists' : `Playlists · ${formatCount(list.total)}`;
  return (
    <LibraryListView
      title={title}
      details={props.details}
      emptyText="No playlists yet."
      list={list}
      isFocused={isFocused}
      width={width}
      height={height}
    />
  );
});
