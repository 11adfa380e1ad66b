import { memo, useCallback } from 'react';
import type { PageRequest } from '../../api/api.js';
import type { SavedShow } from '../../api/types.js';
import { useApi } from '../api-context.js';
import type { DetailsTarget } from '../details-target.js';
import { formatCount } from '../format.js';
import { useLibraryList } from '../hooks/use-library-list.js';
import { showMatch, showRow } from './library-rows.js';
import type { LibraryPaneProps } from './library-pane-props.js';
import { LibraryListView, listBodySize } from './LibraryListView.js';

export type ShowsPaneProps = LibraryPaneProps;

const formatRow = (saved: SavedShow, _index: number, width: number) => showRow(saved, width);
const toTarget = (saved: SavedShow): DetailsTarget => ({ kind: 'show', show: saved.show });

/** The user's saved shows (GET /me/shows), loaded as the cursor goes. */
export const ShowsPane = memo(function ShowsPane(props: ShowsPaneProps) {
  const api = useApi();
  const { isFocused, width, height } = props;
  const { rows, rowWidth } = listBodySize(width, height);
  const fetchPage = useCallback(
    (page: PageRequest, signal: AbortSignal) => api.getSavedShows(page, { signal }),
    [api],
  );
  const list = useLibraryList<SavedShow>({
    ...props,
    sourceKey: 'me/shows',
    label: 'saved shows',
    fetchPage,
    formatRow,
    matchText: showMatch,
    toTarget,
    height: rows,
    width: rowWidth,
  });
  const title = list.total === null ? 'Saved shows' : `Saved shows · ${formatCount(list.total)}`;
  return (
    <LibraryListView
      title={title}
      details={props.details}
      emptyText="No saved shows."
      list={list}
      isFocused={isFocused}
      width={width}
      height={height}
    />
  );
});
