import { isDeepStrictEqual } from 'node:util';
import type { PlaybackState } from '../../api/types.js';
import { interpolateProgress } from './progress.js';

/** How far a poll's progress may be from the running clock and still count as the clock being right. */
export const PROGRESS_TOLERANCE_MS = 500;

function snapshotOf(state: PlaybackState, receivedAt: number) {
  return {
    progressMs: state.progress_ms,
    durationMs: state.item?.duration_ms ?? 0,
    isPlaying: state.is_playing,
    receivedAt,
  };
}

/**
 * Whether a poll's answer `next` tells nothing that `shown` (received at `receivedAt`) does not show at `now`:
 * every field the same but the progress and its timestamp, and the progress where the clock has it already.
 * While a track plays each answer differs in those two, and replacing the state redrew the whole screen
 * every 5 s for nothing: the clock moves on by itself.
 */
export function agreesWithShown(shown: PlaybackState, receivedAt: number, next: PlaybackState, now: number): boolean {
  const drift = Math.abs(interpolateProgress(snapshotOf(next, now), now) - interpolateProgress(snapshotOf(shown, receivedAt), now));
  if (drift > PROGRESS_TOLERANCE_MS) return false;
  return isDeepStrictEqual(
    { ...shown, progress_ms: 0, timestamp: 0 },
    { ...next, progress_ms: 0, timestamp: 0 },
  );
}
