import { Box, Text } from 'ink';
import { memo } from 'react';
import { padToWidth } from '../sanitize.js';
import { likedStyle, mutedStyle, selectionStyle, useTheme } from '../context/theme.js';

/** Marks the cursor row in words as well as in colour, so that it shows without colours (NO_COLOR, tests). */
const CURSOR_GUTTER = '› ';
const PLAIN_GUTTER = '  ';
/** Columns the gutter takes: row texts must fit in `width - GUTTER_WIDTH`. */
export const GUTTER_WIDTH = 2;
/** Columns a row's mark takes where the list has marks (a space and `♥`, after the text): its texts fit in `width - GUTTER_WIDTH - MARK_WIDTH`. */
export const MARK_WIDTH = 2;
const PLACEHOLDER = '…';

export interface ListWindowProps {
  /** Rows visible at once; only these are rendered, however long the list. */
  height: number;
  /** Columns of a row, gutter included. */
  width: number;
  /** Display index of the first visible row. */
  top: number;
  /** Number of rows in the list. */
  length: number;
  /** Display index of the row under the cursor. */
  cursor: number;
  /** The cursor row is highlighted only while the list has the keys. */
  isFocused: boolean;
  /** Text of the row at a display index, already sanitised and fitted to `width - GUTTER_WIDTH`; null while not loaded. */
  rowText(index: number): string | null;
  /** The mark after the row's text at a display index (`♥` or a space); none where absent. */
  rowMark?(index: number): string;
  /** Whether the row at a display index is drawn muted (an entry that cannot play); none where absent. */
  rowMuted?(index: number): boolean;
}

/** The visible window of a long list: one `<Text>` per row, rows outside the window are never built. */
export const ListWindow = memo(function ListWindow({
  height,
  width,
  top,
  length,
  cursor,
  isFocused,
  rowText,
  rowMark,
  rowMuted,
}: ListWindowProps) {
  const end = Math.min(length, top + height);
  const rows = [];
  for (let index = top; index < end; index++) {
    const isCursor = index === cursor;
    rows.push(
      // Keyed by position in the window: scrolling updates texts in place instead of remounting rows.
      <ListRow
        key={index - top}
        text={rowText(index)}
        mark={rowMark?.(index)}
        isMuted={rowMuted?.(index) === true}
        isCursor={isCursor}
        isHighlighted={isCursor && isFocused}
        width={width}
      />,
    );
  }
  return <Box flexDirection="column">{rows}</Box>;
});

interface ListRowProps {
  /** Null draws a dim placeholder for a row whose page has not arrived. */
  text: string | null;
  /** Drawn after the text in the liked colour; undefined for a list without marks. */
  mark: string | undefined;
  isMuted: boolean;
  isCursor: boolean;
  isHighlighted: boolean;
  width: number;
}

const ListRow = memo(function ListRow({ text, mark, isMuted, isCursor, isHighlighted, width }: ListRowProps) {
  const theme = useTheme();
  const style = isHighlighted ? selectionStyle(theme) : isMuted ? mutedStyle(theme) : {};
  const gutter = isCursor ? CURSOR_GUTTER : PLAIN_GUTTER;
  if (mark !== undefined && text !== null) {
    // The mark ends the row (the text is fitted to leave it room), so a row reads from its name as any other.
    const line = `${gutter}${text} `;
    return (
      <Text {...style} wrap="truncate">
        {line}
        <Text {...(isHighlighted ? {} : likedStyle(theme))}>{mark}</Text>
      </Text>
    );
  }
  if (text === null) {
    return (
      <Text {...mutedStyle(theme)} wrap="truncate">
        {gutter + PLACEHOLDER}
      </Text>
    );
  }
  // The highlight spans the whole row, so the cursor row alone is padded.
  const line = isHighlighted ? padToWidth(gutter + text, width) : gutter + text;
  return (
    <Text {...style} wrap="truncate">
      {line}
    </Text>
  );
});
