import { Box, Text, type DOMElement } from 'ink';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useLiveLines, type LiveLines } from '../context/live-lines.js';
import type { ProgressSnapshot } from '../state/progress.js';
import type { SleepTimer } from '../state/sleep-timer.js';
import { useTheme } from '../context/theme.js';
import { clockLine, untilNextTick } from './clock-line.js';

export interface ClockProps extends ProgressSnapshot {
  /** Columns for the whole line: elapsed time, bar, total time. */
  width: number;
  /** A sleep timer that runs: its time left follows the total, drawn with the seconds (no render of its own). */
  sleep?: SleepTimer | null;
}

/**
 * `1:23 ━━━━━━────── 3:45`, moving every second while playing and still while paused. On a terminal the
 * seconds are drawn as live lines (see live-lines.ts): nothing renders when only time passes. Elsewhere the
 * clock renders its line again each second.
 */
export const Clock = memo(function Clock(props: ClockProps) {
  const live = useLiveLines();
  return live ? <LiveClock {...props} live={live} /> : <TickingClock {...props} />;
});

/** A blank box of the line's size in Ink's frame, and the line itself drawn over it each second. */
function LiveClock({ progressMs, durationMs, isPlaying, receivedAt, width, sleep = null, live }: ClockProps & { live: LiveLines }) {
  const theme = useTheme();
  const box = useRef<DOMElement>(null);

  // A layout effect: the line is there when the frame of this render reaches the terminal.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const snapshot = { progressMs, durationMs, isPlaying, receivedAt };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const draw = (): void => {
      const now = Date.now();
      live.show(element, clockLine(snapshot, now, width, theme, sleep));
      const wait = untilNextTick(snapshot, now, sleep);
      // A timer that fires a millisecond early draws the same second and re-arms for the rest: harmless.
      if (wait !== null) timer = setTimeout(draw, wait);
    };
    draw();
    return () => {
      clearTimeout(timer);
      live.hide(element);
    };
  }, [progressMs, durationMs, isPlaying, receivedAt, width, sleep, theme, live]);

  return <Box ref={box} width={width} height={1} flexShrink={0} />;
}

/** The line as text, rendered again each second. */
function TickingClock({ progressMs, durationMs, isPlaying, receivedAt, width, sleep = null }: ClockProps) {
  const theme = useTheme();
  const [, setTick] = useState(0);
  const snapshot = { progressMs, durationMs, isPlaying, receivedAt };
  const now = Date.now();

  useLayoutEffect(() => {
    const wait = untilNextTick(snapshot, now, sleep);
    if (wait === null) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), wait);
    return () => clearTimeout(timer);
  });

  return <Text wrap="truncate">{clockLine(snapshot, now, width, theme, sleep)}</Text>;
}
