import type { PlaybackState } from '../../api/types.js';
import { DEFAULT_SETTINGS, type Settings } from '../../config/settings.js';

/**
 * How often the dashboard asks what plays, given what plays and whether anyone is looking. A terminal that
 * reports its focus (`CSI ? 1004 h`) tells us when the window is behind others: then nobody reads the clock,
 * and the player is asked at most twice in 30 s; when it comes back, at once. Focused, or on a terminal that
 * never reported its focus, the pace is the one before focus counted: a config file's [poll] intervals, and
 * while playing one more just after an item ends, so that the next item shows within half a second.
 */

/** The terminal's focus as the polls see it: 'unreported' until it reports one either way. */
export type Attention = 'unreported' | 'focused' | 'unfocused';

/** Unfocused, whatever plays: at most two requests in 30 s. */
export const UNFOCUSED_POLL_MS = 15_000;
/** How long after an item should end to ask what plays next: the service needs a moment to move on. */
export const ITEM_END_GRACE_MS = 500;
/** An answer younger than this is fresh enough for a window that comes back to the front. */
export const FRESH_ON_FOCUS_MS = 1_000;

/** How often to ask what plays, in ms: a config file's [poll] (its bounds keep the request budget). */
export interface PollIntervals {
  playingMs: number;
  idleMs: number;
}

/** A config file's [poll] in ms: what plays, and how often a shown list's page is read again. */
export function pollIntervalsOf(poll: Settings['poll']): PollIntervals & { listRefreshMs: number } {
  const ms = (seconds: number): number => Math.round(seconds * 1000);
  return { playingMs: ms(poll.playing_seconds), idleMs: ms(poll.idle_seconds), listRefreshMs: ms(poll.list_refresh_seconds) };
}

export const DEFAULT_POLL = pollIntervalsOf(DEFAULT_SETTINGS.poll);

/**
 * The wait after an answer: the playing interval while playing, the idle one while paused or idle, and once
 * just after the current item should end; unfocused, never sooner than 15 s and no extra poll at the item's end
 * (it would make three in 30 s); focused, the same without the poll at the item's end (one more than the playing
 * interval's).
 */
export function playbackPollDelay(state: PlaybackState | null, intervals: PollIntervals = DEFAULT_POLL, attention: Attention = 'unreported'): number {
  const slowest = (ms: number): number => (attention === 'unfocused' ? Math.max(UNFOCUSED_POLL_MS, ms) : ms);
  if (!state?.is_playing || !state.item) return slowest(intervals.idleMs);
  if (attention === 'unfocused') return slowest(intervals.playingMs);
  // Focused: at the playing interval and no more; the poll after an item's end stays only where focus is not reported.
  if (attention === 'focused') return intervals.playingMs;
  const remaining = state.item.duration_ms - state.progress_ms;
  return remaining > 0 ? Math.min(intervals.playingMs, remaining + ITEM_END_GRACE_MS) : intervals.playingMs;
}

/** What the dashboard knows of its last poll when the terminal's focus changes. */
export interface PollMoment {
  attention: Attention;
  /** When the last good answer came (epoch ms), null before the first. */
  lastAnswerAt: number | null;
  /** A request is on its way: its answer comes soon enough. */
  isAsking: boolean;
  /** The last attempt failed: the backoff (and a rate limit's wait) stands. */
  isFailing: boolean;
  now: number;
}

/**
 * Whether the focus coming back is a reason to ask at once: the last answer is a second old or more, nothing
 * is on its way and nothing failed. Otherwise the next poll is only re-timed to the new pace.
 */
export function asksOnFocus({ attention, lastAnswerAt, isAsking, isFailing, now }: PollMoment): boolean {
  return attention === 'focused' && !isAsking && !isFailing && lastAnswerAt !== null && now - lastAnswerAt >= FRESH_ON_FOCUS_MS;
}
