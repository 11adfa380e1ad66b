import { Box, Text } from 'ink';
import { memo, useLayoutEffect, useState } from 'react';
import { formatDuration } from '../format.js';
import { interpolateProgress, type ProgressSnapshot } from '../state/progress.js';
import { ProgressBar } from './ProgressBar.js';

export interface ClockProps extends ProgressSnapshot {
  /** Columns for the whole line: elapsed time, bar, total time. */
  width: number;
}

/**
 * `1:23 ━━━━━━────── 3:45`, moving every second while playing and still while paused. The only component
 * with a one-second timer: everything above it re-renders when a poll brings news, not when time passes.
 */
export const Clock = memo(function Clock({ progressMs, durationMs, isPlaying, receivedAt, width }: ClockProps) {
  const [, setTick] = useState(0);
  const snapshot = { progressMs, durationMs, isPlaying, receivedAt };
  const position = interpolateProgress(snapshot, Date.now());

  // A layout effect: the next tick is armed in the same commit as the render, not a turn later.
  useLayoutEffect(() => {
    if (!isPlaying || position >= durationMs) return;
    // A timer that fires a millisecond early renders the same second and re-arms for the rest: harmless.
    const untilNextSecond = 1000 - (position % 1000);
    const timer = setTimeout(() => setTick((tick) => tick + 1), untilNextSecond);
    return () => clearTimeout(timer);
  });

  const elapsed = formatDuration(position);
  const total = formatDuration(durationMs);
  const barWidth = Math.max(0, width - elapsed.length - total.length - 2);
  const ratio = durationMs > 0 ? position / durationMs : 0;
  return (
    <Box width={width} height={1}>
      <Text wrap="truncate">{elapsed} </Text>
      <ProgressBar ratio={ratio} width={barWidth} />
      <Text wrap="truncate"> {total}</Text>
    </Box>
  );
});
