import { Box, Text } from 'ink';
import { memo, type ReactNode } from 'react';
import { sanitizeText, truncateToWidth } from '../sanitize.js';
import { useTheme } from '../context/theme.js';

export interface PaneProps {
  /** Shown in the top border; cut to fit. */
  title: string;
  /** Draws the border heavier (and in the accent colour when colours are on). */
  isFocused: boolean;
  /** Outer size, border included. */
  width: number;
  height: number;
  children?: ReactNode;
}

const LIGHT = { topLeft: '╭', topRight: '╮', bottomLeft: '╰', bottomRight: '╯', horizontal: '─', vertical: '│' };
const HEAVY = { topLeft: '┏', topRight: '┓', bottomLeft: '┗', bottomRight: '┛', horizontal: '━', vertical: '┃' };

/** The title as the top border shows it after the corner, `─ Title `; empty when there is no room for one. */
function titleHead(title: string, width: number, chars: typeof LIGHT): string {
  const label = truncateToWidth(sanitizeText(title), Math.max(0, width - 6));
  return label === '' ? '' : `${chars.horizontal} ${label} `;
}

function boxOf(chars: typeof LIGHT) {
  return {
    topLeft: chars.topLeft, top: chars.horizontal, topRight: chars.topRight, right: chars.vertical,
    bottomRight: chars.bottomRight, bottom: chars.horizontal, bottomLeft: chars.bottomLeft, left: chars.vertical,
  };
}

const LIGHT_BOX = boxOf(LIGHT);
const HEAVY_BOX = boxOf(HEAVY);

/**
 * A box with a titled border; the children get `width - 2` columns by `height - 2` rows inside it.
 * Ink draws the border (without measuring it, unlike a text of box characters: string-width walks those
 * one grapheme at a time, on every frame) and the title is written over its top row. All four edges stay
 * on whatever the weight: Ink 6.8 applies only the changed style keys on an update, so switching the style
 * of a box without a top border would give it one back.
 */
export const Pane = memo(function Pane({ title, isFocused, width, height, children }: PaneProps) {
  const theme = useTheme();
  const chars = isFocused ? HEAVY : LIGHT;
  const innerWidth = Math.max(0, width - 2);
  const innerHeight = Math.max(0, height - 2);
  const color = isFocused ? theme.accent : theme.border;
  // Without a border colour, panes without the focus are dim.
  const isDim = !isFocused && theme.border === undefined;
  const head = width < 2 ? '' : titleHead(title, width, chars);
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      flexShrink={0}
      borderStyle={isFocused ? HEAVY_BOX : LIGHT_BOX}
      borderColor={color}
      borderDimColor={isDim}
    >
      {head !== '' && (
        <Box position="absolute" marginTop={-1} height={1}>
          <Text color={color} bold={isFocused} dimColor={isDim} wrap="truncate">
            {head}
          </Text>
        </Box>
      )}
      {/* Cut rows only: contents are fitted to the width already, and a horizontal clip costs Ink a
          measure and a slice of every line on every frame. */}
      <Box flexDirection="column" width={innerWidth} height={innerHeight} overflowY="hidden">
        {children}
      </Box>
    </Box>
  );
});
