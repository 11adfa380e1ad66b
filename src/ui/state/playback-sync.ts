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

/** An answer of the service, and when it came (epoch ms). */
export interface ObservedPlayback {
  state: PlaybackState | null;
  at: number;
}

/**
 * Whether, between two answers of the service, an episode or a chapter stopped playing: another item (or
 * none) plays now, or the same one reached its end and started again (repeat one; the end of a one-item
 * context). Then its resume point has moved on, and what is in progress may have changed.
 */
export function finishedListening(before: ObservedPlayback, after: ObservedPlayback): boolean {
  const item = before.state?.item;
  if (!before.state || !item || item.type === 'track') return false;
  if (after.state?.item?.id !== item.id) return true;
  const expected = before.state.progress_ms + (before.state.is_playing ? after.at - before.at : 0);
  return expected >= item.duration_ms && after.state.progress_ms + PROGRESS_TOLERANCE_MS < item.duration_ms;
}
