/**
 * The sleep timer: pause the player after a while, or at the end of the item playing. Pure: what the words
 * typed mean, when the timer is due against the playback shown, and how it reads on screen. It lives in the
 * dashboard alone (src/ui/hooks/use-sleep-timer.ts): a dashboard that quits takes it along.
 */
import type { PlaybackState } from '../../api/types.js';
import { formatDuration } from '../format.js';
import { interpolateProgress } from './progress.js';

/** A timer that runs: until a moment (epoch ms), or until the item playing is about to end. */
export type SleepTimer = { kind: 'at'; at: number } | { kind: 'end' };

/** What `z` or `playdeck sleep` asks for. */
export type SleepRequest = { kind: 'off' } | { kind: 'for'; ms: number } | { kind: 'end' };

/** How long a timer may run: a day. */
export const MAX_SLEEP_MS = 24 * 3_600_000;

/**
 * At the end of an episode or chapter the player moves on and the next item starts: pausing this long before
 * the end keeps the listener's place in the one that was playing (the dashboard's clock may be half a second
 * off the service's; the pause itself takes a moment to arrive).
 */
export const END_MARGIN_MS = 1_500;

export const SLEEP_SPELLING = 'minutes (30), a duration (90s, 45m, 1h30m), end (of this item) or off';

const UNITS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000 };
const DURATION = /^(?:(\d{1,4})h)?(?:(\d{1,5})m)?(?:(\d{1,6})s)?$/;

/** `30` (minutes), `90s`, `45m`, `1h30m`, `end`, `off`; null when the words are none of these or out of bounds. */
export function parseSleep(text: string): SleepRequest | null {
  const word = text.trim().toLowerCase();
  if (word === 'off') return { kind: 'off' };
  if (word === 'end') return { kind: 'end' };
  let ms: number;
  if (/^\d{1,5}$/.test(word)) ms = Number(word) * UNITS.m!;
  else {
    const match = DURATION.exec(word);
    if (!match || word === '') return null;
    const [, hours = '0', minutes = '0', seconds = '0'] = match;
    ms = Number(hours) * UNITS.h! + Number(minutes) * UNITS.m! + Number(seconds) * UNITS.s!;
  }
  return ms >= 1_000 && ms <= MAX_SLEEP_MS ? { kind: 'for', ms } : null;
}

/** The timer a request sets at `now`: null for off; a refusal for `end` with nothing to end. */
export function timerFor(request: SleepRequest, playback: PlaybackState | null | undefined, now: number): SleepTimer | null | { refusal: string } {
  switch (request.kind) {
    case 'off':
      return null;
    case 'for':
      return { kind: 'at', at: now + request.ms };
    case 'end':
      return playback?.item ? { kind: 'end' } : { refusal: 'nothing is playing: no item to end' };
  }
}

/** Where the item playing stands, from the snapshot received at `receivedAt`. */
function positionOf(playback: PlaybackState, receivedAt: number, now: number): number {
  const durationMs = playback.item?.duration_ms ?? 0;
  return interpolateProgress({ progressMs: playback.progress_ms, durationMs, isPlaying: playback.is_playing, receivedAt }, now);
}

/**
 * How long until the timer is due, against the playback shown: 0 when due now; null while nothing can make
 * it due (an end-of-item timer while paused waits for the playing to go on).
 */
export function untilDue(timer: SleepTimer, playback: PlaybackState | null | undefined, receivedAt: number, now: number): number | null {
  if (timer.kind === 'at') return Math.max(0, timer.at - now);
  if (!playback?.item || !playback.is_playing) return null;
  const left = playback.item.duration_ms - positionOf(playback, receivedAt, now);
  return Math.max(0, left - END_MARGIN_MS);
}

/**
 * Whether an end-of-item timer missed its moment: the item it was for has given way to another because it
 * reached its end (the dashboard was asleep, or the last answer came late). A change by hand (`n`, a pick)
 * leaves the timer for the new item.
 */
export function endPassed(before: PlaybackState | null | undefined, beforeAt: number, after: PlaybackState | null | undefined, now: number): boolean {
  const item = before?.item;
  if (!before || !item || after?.item?.id === item.id) return false;
  return item.duration_ms - positionOf(before, beforeAt, now) <= END_MARGIN_MS;
}

/** `sleep 29:59`, `sleep at end`: the time left read as the clock reads times (a second that began counts). */
export function describeSleep(timer: SleepTimer, now: number): string {
  if (timer.kind === 'end') return 'sleep at end';
  const left = Math.max(0, timer.at - now);
  return `sleep ${formatDuration(Math.ceil(left / 1000) * 1000)}`;
}

/** The timer for words of the command line, as the dashboard tells it back. */
export function describeSet(timer: SleepTimer | null, now: number): string {
  if (timer === null) return 'sleep timer off';
  if (timer.kind === 'end') return 'sleep timer: pauses at the end of this item (quitting the dashboard cancels it)';
  const at = new Date(timer.at);
  const clock = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return `sleep timer: pauses in ${formatDuration(Math.ceil((timer.at - now) / 1000) * 1000)}, at ${clock} (quitting the dashboard cancels it)`;
}

/** What a dashboard that quits says of the timer it takes along. */
export function describeCancelled(timer: SleepTimer, now: number): string {
  const was = timer.kind === 'end' ? 'it was to pause at the end of the item' : `${describeSleep(timer, now).slice('sleep '.length)} was left`;
  return `sleep timer cancelled (${was}): it ends with the dashboard`;
}
