import chalk from 'chalk';
import { formatDuration } from '../format.js';
import { interpolateProgress, type ProgressSnapshot } from '../state/progress.js';
import { describeSleep, type SleepTimer } from '../state/sleep-timer.js';
import { paint, type Theme } from '../context/theme.js';

/** The filled and empty parts of a bar of `width` columns: the fill rounds down, so 100% shows only at the end. */
export function barParts(ratio: number, width: number): { filled: number; empty: number } {
  const columns = Math.max(0, Math.floor(width));
  const clamped = Number.isFinite(ratio) ? Math.min(1, Math.max(0, ratio)) : 0;
  const filled = Math.floor(clamped * columns);
  return { filled, empty: columns - filled };
}

/** What follows the total time: the sleep timer's time left, when one runs (` · sleep 29:59`). */
export function clockSuffix(sleep: SleepTimer | null | undefined, now: number): string {
  return sleep ? ` · ${describeSleep(sleep, now)}` : '';
}

/**
 * `1:23 ━━━━━━────── 3:45` at `now`, `width` columns wide: readable without colour (heavy line done, light line
 * to go), the fill in the progress colour and the rest muted (dim without a muted colour). A sleep timer's
 * time left follows the total, the bar giving up its columns.
 */
export function clockLine(snapshot: ProgressSnapshot, now: number, width: number, theme: Theme, sleep?: SleepTimer | null): string {
  const position = interpolateProgress(snapshot, now);
  const elapsed = formatDuration(position);
  const total = formatDuration(snapshot.durationMs) + clockSuffix(sleep, now);
  const barWidth = Math.max(0, width - elapsed.length - total.length - 2);
  if (barWidth === 0) return `${elapsed}  ${total}`.slice(0, Math.max(0, width)).padEnd(Math.max(0, width));
  const { filled, empty } = barParts(snapshot.durationMs > 0 ? position / snapshot.durationMs : 0, barWidth);
  return `${elapsed} ${barOf(filled, empty, theme)} ${total}`;
}

/** The last bar painted: most seconds the bar is the one of the second before, and only the time changes. */
let lastBar = { filled: -1, empty: -1, theme: null as Theme | null, level: -1, text: '' };

function barOf(filled: number, empty: number, theme: Theme): string {
  const { level } = chalk;
  if (lastBar.filled === filled && lastBar.empty === empty && lastBar.theme === theme && lastBar.level === level) return lastBar.text;
  const rest = '─'.repeat(empty);
  const emptyPart = empty === 0 ? '' : theme.muted === undefined ? chalk.dim(rest) : paint(rest, theme.muted);
  lastBar = { filled, empty, theme, level, text: paint('━'.repeat(filled), theme.progress) + emptyPart };
  return lastBar.text;
}

/**
 * How long until the clock line shows something new: the next whole second of the position, or, while the
 * position stands still, of a sleep timer's time left; or never. While both move, the position's seconds set
 * the pace (the time left is then at most a second behind): one tick a second, not two.
 */
export function untilNextTick(snapshot: ProgressSnapshot, now: number, sleep?: SleepTimer | null): number | null {
  const position = interpolateProgress(snapshot, now);
  if (snapshot.isPlaying && position < snapshot.durationMs) return 1000 - (position % 1000);
  if (sleep?.kind !== 'at' || sleep.at <= now) return null;
  return (sleep.at - now) % 1000 || 1000;
}
