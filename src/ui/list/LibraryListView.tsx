import { Box, Text } from 'ink';
import { FilterInput } from './FilterInput.js';
import { useCursorTarget } from '../context/cursor-target.js';
import { GUTTER_WIDTH, ListWindow } from './ListWindow.js';
import { Pane } from '../components/Pane.js';
import { formatCount } from '../format.js';
import type { LibraryList } from './use-library-list.js';
import { sanitizeText } from '../sanitize.js';
import { DetailsPane } from '../details/DetailsPane.js';
import type { Size } from '../layout.js';
import { mutedStyle, useTheme } from '../context/theme.js';

/** The border (with the title in it) around a library list. */
const FRAME_ROWS = 2;
const FRAME_COLUMNS = 2;

/** Rows and columns a list gets inside a pane of this outer size. */
export function listBodySize(width: number, height: number): { rows: number; columns: number; rowWidth: number } {
  const columns = Math.max(1, width - FRAME_COLUMNS);
  return { rows: Math.max(1, height - FRAME_ROWS), columns, rowWidth: Math.max(1, columns - GUTTER_WIDTH) };
}

export interface LibraryListViewProps {
  /** The pane's title ("Playlists · 14"); sanitised and cut by the pane. */
  title: string;
  /** Shown instead of rows when the collection is empty. */
  emptyText: string;
  list: LibraryList;
  isFocused: boolean;
  /** Outer size of the details beside the list; zero width for none. */
  details: Size;
  width: number;
  height: number;
}

/**
 * A library list in a titled pane: filter line, visible rows, and the loading, failed and empty states;
 * beside it, when the library area gives it room, the details of the item under the cursor.
 */
export function LibraryListView(props: LibraryListViewProps) {
  const { details, list } = props;
  if (details.width <= 0) return <ListPane {...props} />;
  return (
    <Box>
      <ListPane {...props} />
      <DetailsPane target={list.target} width={details.width} height={details.height} />
    </Box>
  );
}

function ListPane({ title, emptyText, list, isFocused, width, height }: LibraryListViewProps) {
  const { columns } = listBodySize(width, height);
  useCursorTarget(isFocused, list.target, list.isLibrary ?? false);
  const { filter } = list;
  const muted = mutedStyle(useTheme());
  let body;
  // A list whose size is known before its first page (a playlist's items) still says why none came.
  if (list.firstError !== null) body = <Text {...muted}>{sanitizeText(list.firstError)}</Text>;
  else if (list.total === null) body = <Text {...muted}>Loading…</Text>;
  else if (list.total === 0) body = <Text {...muted}>{emptyText}</Text>;
  else if (list.length === 0) body = <Text {...muted}>Nothing loaded matches.</Text>;
  else {
    body = (
      <ListWindow
        height={list.listHeight}
        width={columns}
        top={list.top}
        length={list.length}
        cursor={list.cursor}
        isFocused={isFocused}
        rowText={list.rowText}
        rowMark={list.rowMark}
        rowMuted={list.rowMuted}
      />
    );
  }
  const summary =
    filter.matches === null ? '' : `${formatCount(filter.matches.length)} of ${formatCount(filter.searchedCount)} loaded`;
  return (
    <Pane title={title} isFocused={isFocused} width={width} height={height}>
      {filter.isOn && (
        <FilterInput
          value={filter.text}
          isEditing={filter.isEditing && isFocused}
          width={columns}
          summary={summary}
          onChange={list.changeFilter}
          onAccept={filter.accept}
          onClear={list.clearFilter}
        />
      )}
      {body}
    </Pane>
  );
}
