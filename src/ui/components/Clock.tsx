import { Text } from 'ink';
import { memo, useEffect, useState } from 'react';
import { formatDuration } from '../format.js';
import { interpolateProgress, type ProgressSnapshot } from '../state/progress.js';
import { ProgressBar } from './ProgressBar.js';

export interface ClockProps extends ProgressSnapshot {
  /** Columns for the whole line: elapsed time, bar, total time. */
  width: number;
}

/** A little past the moment the shown second changes, so that a timer firing early still lands after it. */
const TICK_MARGIN_MS = 5;

/**
 * `1:23 ━━━━━━────── 3:45`, moving every second while playing and still while paused. The only component
 * with a one-second timer: everything above it re-renders when a poll brings news, not when time passes.
 */
export const Clock = memo(function Clock({ progressMs, durationMs, isPlaying, receivedAt, width }: ClockProps) {
  const [, setTick] = useState(0);
  const snapshot = { progressMs, durationMs, isPlaying, receivedAt };
  const position = interpolateProgress(snapshot, Date.now());

  useEffect(() => {
    if (!isPlaying || position >= durationMs) return;
    const untilNextSecond = 1000 - (position % 1000) + TICK_MARGIN_MS;
    const timer = setTimeout(() => setTick((tick) => tick + 1), untilNextSecond);
    return () => clearTimeout(timer);
  });

  const elapsed = formatDuration(position);
  const total = formatDuration(durationMs);
  const barWidth = Math.max(0, width - elapsed.length - total.length - 2);
  const ratio = durationMs > 0 ? position / durationMs : 0;
  return (
    <Text wrap="truncate">
      {elapsed} <ProgressBar ratio={ratio} width={barWidth} /> {total}
    </Text>
  );
});
