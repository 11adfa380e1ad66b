import { Table } from '@alcalzone/ink-table';
import { Box, Text } from 'ink';
import { isUnreadable } from '../../api/list-entry.js';
import type { Chapter, ListEntry } from '../../api/types.js';
import { formatCount, formatDuration } from '../format.js';
import type { ChaptersState } from './extras.js';
import { chapterRow, standInText } from '../sections/library-rows.js';
import { sanitizeText, truncateToWidth } from '../sanitize.js';
import { resumeText } from './kinds.js';

/** ink-table draws a rule above each row, and three lines of header and one of footer. */
const TABLE_FRAME_ROWS = 4;
const ROWS_PER_CHAPTER = 2;
const MIN_TABLE_ROWS = 3;
/** Widths of the #, Length and Left columns, their padding and the table's rules. */
const TABLE_FIXED_COLUMNS = 3 + 7 + 10 + 4 * 2 + 5;

export interface ChaptersTableProps {
  chapters: ChaptersState;
  width: number;
  height: number;
}

/** An audiobook's first chapters: a table where there is room, one line each where not, then how many more. */
export function ChaptersTable({ chapters, width, height }: ChaptersTableProps) {
  if (chapters.state === 'loading') return <Text dimColor>Loading chapters…</Text>;
  if (chapters.state === 'failed') return <Text dimColor>{`Chapters not loaded: ${sanitizeText(chapters.message)}`}</Text>;
  const { items, total } = chapters.page;
  if (items.length === 0) return <Text dimColor>No chapters.</Text>;
  const tableRows = Math.floor((height - TABLE_FRAME_ROWS - 1) / ROWS_PER_CHAPTER);
  // Too short for a table's rules: one line per chapter shows more of them.
  const isCompact = tableRows < MIN_TABLE_ROWS;
  const shown = items.slice(0, Math.max(0, isCompact ? height - 1 : tableRows));
  const nameWidth = Math.max(4, width - TABLE_FIXED_COLUMNS);
  const rest = total - shown.length;
  return (
    <Box flexDirection="column">
      {isCompact
        ? shown.map((chapter, index) => <Text key={index}>{chapterRow(chapter, width)}</Text>)
        : shown.length > 0 && <Table data={shown.map((chapter) => chapterCells(chapter, nameWidth))} />}
      {rest > 0 && <Text dimColor>{`… ${formatCount(rest)} more ${rest === 1 ? 'chapter' : 'chapters'}`}</Text>}
    </Box>
  );
}

function chapterCells(chapter: ListEntry<Chapter>, nameWidth: number) {
  if (isUnreadable(chapter)) return { '#': '', Chapter: truncateToWidth(standInText(chapter, nameWidth), nameWidth), Length: '', Left: '' };
  return {
    '#': chapter.chapter_number,
    Chapter: truncateToWidth(sanitizeText(chapter.name), nameWidth),
    Length: formatDuration(chapter.duration_ms),
    // Blank rather than a column of "unknown" when the service sent no resume points.
    Left: chapter.resume_point === null ? '' : resumeText(chapter.resume_point, chapter.duration_ms),
  };
}
