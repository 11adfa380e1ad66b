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

const LIGHT = { topLeft: '╭', horizontal: '─', topRight: '╮', style: 'round' } as const;
const HEAVY = { topLeft: '┏', horizontal: '━', topRight: '┓', style: 'bold' } as const;

/** `╭─ Title ───╮` exactly `width` columns wide. */
export function topBorder(title: string, width: number, isFocused: boolean): string {
  const chars = isFocused ? HEAVY : LIGHT;
  if (width < 2) return '';
  const label = truncateToWidth(sanitizeText(title), Math.max(0, width - 6));
  const head = label === '' ? chars.topLeft : `${chars.topLeft}${chars.horizontal} ${label} `;
  const fill = Math.max(0, width - stringWidth(head) - 1);
  return head + chars.horizontal.repeat(fill) + chars.topRight;
}

/** A box with a titled border; the children get `width - 2` by `height - 2` inside it. */
export const Pane = memo(function Pane({ title, isFocused, width, height, children }: PaneProps) {
  const theme = useTheme();
  const borderColor = isFocused ? theme.accent : undefined;
  return (
    <Box flexDirection="column" width={width} height={height} flexShrink={0}>
      <Text color={borderColor} bold={isFocused}>
        {topBorder(title, width, isFocused)}
      </Text>
      <Box
        borderStyle={isFocused ? HEAVY.style : LIGHT.style}
        borderTop={false}
        borderColor={borderColor}
        borderDimColor={!isFocused}
        flexDirection="column"
        width={width}
        height={height - 1}
        overflow="hidden"
      >
        {children}
      </Box>
    </Box>
  );
});
