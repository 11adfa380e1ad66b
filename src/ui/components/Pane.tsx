import { Box, Text } from 'ink';
import { memo, type ReactNode } from 'react';
import stringWidth from 'string-width';
import { sanitizeText, truncateToWidth } from '../sanitize.js';
import { useTheme } from '../theme.js';

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

/** `╭─ Title ───╮` exactly `width` columns wide. */
export function topBorder(title: string, width: number, isFocused: boolean): string {
  const chars = isFocused ? HEAVY : LIGHT;
  if (width < 2) return '';
  const label = truncateToWidth(sanitizeText(title), Math.max(0, width - 6));
  const head = label === '' ? chars.topLeft : `${chars.topLeft}${chars.horizontal} ${label} `;
  const fill = Math.max(0, width - stringWidth(head) - 1);
  return head + chars.horizontal.repeat(fill) + chars.topRight;
}

/**
 * A box with a titled border; the children get `width - 2` columns by `height - 2` rows inside it.
 * The border is drawn as text rather than with Box's `borderStyle`: Ink 6.8 applies only the changed
 * style keys on an update, so switching the style of a box without a top border gives it one back.
 */
export const Pane = memo(function Pane({ title, isFocused, width, height, children }: PaneProps) {
  const theme = useTheme();
  const chars = isFocused ? HEAVY : LIGHT;
  const innerWidth = Math.max(0, width - 2);
  const innerHeight = Math.max(0, height - 2);
  const color = isFocused ? theme.accent : undefined;
  const side = Array.from({ length: innerHeight }, () => chars.vertical).join('\n');
  return (
    <Box flexDirection="column" width={width} height={height} flexShrink={0}>
      <Text color={color} bold={isFocused} dimColor={!isFocused} wrap="truncate">
        {topBorder(title, width, isFocused)}
      </Text>
      <Box height={innerHeight}>
        <Text color={color} dimColor={!isFocused}>
          {side}
        </Text>
        {/* Cut rows only: contents are fitted to the width already, and a horizontal clip costs Ink a
            measure and a slice of every line on every frame. */}
        <Box flexDirection="column" width={innerWidth} height={innerHeight} overflowY="hidden">
          {children}
        </Box>
        <Text color={color} dimColor={!isFocused}>
          {side}
        </Text>
      </Box>
      <Text color={color} dimColor={!isFocused} wrap="truncate">
        {chars.bottomLeft + chars.horizontal.repeat(innerWidth) + chars.bottomRight}
      </Text>
    </Box>
  );
});
