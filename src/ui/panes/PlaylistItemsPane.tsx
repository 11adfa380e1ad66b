import { memo, useCallback, useMemo } from 'react';
import type { PageRequest } from '../../api/api.js';
import type { PlaylistItem, SimplifiedPlaylist } from '../../api/types.js';
import { targetOfPlaylistItem } from '../details-target.js';
import { formatCount } from '../format.js';
import { useLibraryList } from '../hooks/use-library-list.js';
import type { ReorderCommand } from '../hooks/use-list-keys.js';
import { sanitizeText } from '../sanitize.js';
import { playlistItemMatch, playlistItemRow } from './library-rows.js';
import type { LibraryPaneProps } from './library-pane-props.js';
import { LibraryListView, listBodySize } from './LibraryListView.js';

export interface PlaylistItemsPaneProps extends LibraryPaneProps {
  /** The playlist whose items are shown; its `tracks.total` sizes the list before the first page. */
  playlist: SimplifiedPlaylist;
  /** Esc (with no filter on): back to the playlists. */
  onBack(): void;
}

const POSITION_GAP = '  ';
/** Rows are drawn in the order the service has; the reorder view will supply its own mapping. */
const serviceOrder = (displayIndex: number): number => displayIndex;

/** A playlist's entries (Get Playlist Items): only the pages around the window are ever fetched. */
export const PlaylistItemsPane = memo(function PlaylistItemsPane(props: PlaylistItemsPaneProps) {
  const { api, playlist, isFocused, width, height, onStatus } = props;
  const { rows, rowWidth } = listBodySize(width, height);
  const fetchPage = useCallback(
    (page: PageRequest, signal: AbortSignal) => api.getPlaylistItems(playlist.id, page, { signal }),
    [api, playlist.id],
  );
  const handleReorder = useCallback(
    (_command: ReorderCommand) => onStatus("Moving items isn't available yet."),
    [onStatus],
  );
  const positionWidth = String(Math.max(1, playlist.tracks.total)).length;
  // The position is the entry's place in the playlist: it changes as entries move, the rest of the row does not.
  const formatRow = useMemo(
    () => (item: PlaylistItem, baseIndex: number, width: number) =>
      String(baseIndex + 1).padStart(positionWidth) +
      POSITION_GAP +
      playlistItemRow(item, Math.max(1, width - positionWidth - POSITION_GAP.length)),
    [positionWidth],
  );
  const list = useLibraryList<PlaylistItem>({
    ...props,
    sourceKey: `playlist:${playlist.id}`,
    label: 'items',
    fetchPage,
    totalHint: playlist.tracks.total,
    formatRow,
    matchText: playlistItemMatch,
    toTarget: targetOfPlaylistItem,
    baseIndexAt: serviceOrder,
    height: rows,
    width: rowWidth,
    onReorder: handleReorder,
  });
  const total = list.total ?? playlist.tracks.total;
  const title = `${sanitizeText(playlist.name)} · ${formatCount(total)} ${total === 1 ? 'item' : 'items'}`;
  return (
    <LibraryListView
      title={title}
      emptyText="This playlist is empty."
      list={list}
      isFocused={isFocused}
      width={width}
      height={height}
    />
  );
});
