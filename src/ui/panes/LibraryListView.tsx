import { Box, Text } from 'ink';
import { FilterInput } from '../components/FilterInput.js';
import { GUTTER_WIDTH, ListWindow } from '../components/ListWindow.js';
import { formatCount } from '../format.js';
import type { LibraryList } from '../hooks/use-library-list.js';
import { truncateToWidth } from '../sanitize.js';

/** Border rows and columns, and the title line, around a library list. */
const FRAME_ROWS = 3;
const FRAME_COLUMNS = 2;

/** Rows and columns a list gets inside a pane of this outer size. */
export function listBodySize(width: number, height: number): { rows: number; columns: number; rowWidth: number } {
  const columns = Math.max(1, width - FRAME_COLUMNS);
  return { rows: Math.max(1, height - FRAME_ROWS), columns, rowWidth: Math.max(1, columns - GUTTER_WIDTH) };
}

export interface LibraryListViewProps {
  /** Sanitised title ("Playlists · 14"). */
  title: string;
  /** Shown instead of rows when the collection is empty. */
  emptyText: string;
  list: LibraryList;
  isFocused: boolean;
  width: number;
  height: number;
}

/** A titled, bordered library list: filter line, visible rows, and the loading and empty states. */
export function LibraryListView({ title, emptyText, list, isFocused, width, height }: LibraryListViewProps) {
  const { columns } = listBodySize(width, height);
  const { filter } = list;
  let body;
  if (list.total === null) body = <Text dimColor>Loading…</Text>;
  else if (list.total === 0) body = <Text dimColor>{emptyText}</Text>;
  else if (list.length === 0) body = <Text dimColor>Nothing loaded matches.</Text>;
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
      />
    );
  }
  const summary =
    filter.matches === null ? '' : `${formatCount(filter.matches.length)} of ${formatCount(filter.searchedCount)} loaded`;
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      borderStyle="round"
      borderColor={isFocused ? 'cyan' : 'gray'}
    >
      <Text bold={isFocused} wrap="truncate">
        {truncateToWidth(title, columns)}
      </Text>
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
    </Box>
  );
}
