import { Box } from 'ink';
import { memo } from 'react';
import { useTheme } from '../theme.js';

export interface ProgressBarProps {
  /** How far along, from 0 to 1 (clamped; anything not a number counts as 0). */
  ratio: number;
  /** Columns the bar takes. */
  width: number;
}

/** The filled and empty parts of a bar of `width` columns: the fill rounds down, so 100% shows only at the end. */
export function barParts(ratio: number, width: number): { filled: number; empty: number } {
  const columns = Math.max(0, Math.floor(width));
  const clamped = Number.isFinite(ratio) ? Math.min(1, Math.max(0, ratio)) : 0;
  const filled = Math.floor(clamped * columns);
  return { filled, empty: columns - filled };
}

const ruleOf = (line: string) => ({
  topLeft: '', top: line, topRight: '', right: '', bottomRight: '', bottom: '', bottomLeft: '', left: '',
});
const FILLED = ruleOf('━');
const EMPTY = ruleOf('─');

/**
 * A line of `width` columns, drawn as the top border of an empty box: Ink writes a border as it is, where a
 * text of box characters would cost string-width a walk of every grapheme on every frame.
 */
const Rule = memo(function Rule({ width, chars, color, dim }: { width: number; chars: typeof FILLED; color?: string; dim?: boolean }) {
  return (
    <Box
      width={width}
      height={1}
      flexShrink={0}
      borderStyle={chars}
      borderBottom={false}
      borderLeft={false}
      borderRight={false}
      borderColor={color}
      borderDimColor={dim}
    />
  );
});

/** A one-line bar, readable without colour: heavy line done, light line to go. */
export const ProgressBar = memo(function ProgressBar({ ratio, width }: ProgressBarProps) {
  const theme = useTheme();
  const { filled, empty } = barParts(ratio, width);
  return (
    <Box width={filled + empty} height={1} flexShrink={0}>
      <Rule width={filled} chars={FILLED} color={theme.accent} />
      <Rule width={empty} chars={EMPTY} dim />
    </Box>
  );
});
