import { Text } from 'ink';
import { memo } from 'react';
import { useTheme } from '../theme.js';

export interface ProgressBarProps {
  /** How far along, from 0 to 1 (clamped; anything not a number counts as 0). */
  ratio: number;
  /** Columns the bar takes. */
  width: number;
}

const FILLED = '━';
const EMPTY = '─';

/** The filled and empty parts of a bar of `width` columns: the fill rounds down, so 100% shows only at the end. */
export function barParts(ratio: number, width: number): { filled: number; empty: number } {
  const columns = Math.max(0, Math.floor(width));
  const clamped = Number.isFinite(ratio) ? Math.min(1, Math.max(0, ratio)) : 0;
  const filled = Math.floor(clamped * columns);
  return { filled, empty: columns - filled };
}

/** A one-line bar, readable without colour: heavy line done, light line to go. */
export const ProgressBar = memo(function ProgressBar({ ratio, width }: ProgressBarProps) {
  const theme = useTheme();
  const { filled, empty } = barParts(ratio, width);
  return (
    <Text>
      <Text color={theme.accent}>{FILLED.repeat(filled)}</Text>
      <Text dimColor>{EMPTY.repeat(empty)}</Text>
    </Text>
  );
});
