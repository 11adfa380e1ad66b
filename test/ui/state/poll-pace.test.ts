import { describe, expect, it } from 'vitest';
import type { PlaybackState } from '../../../src/api/types.js';
import {
  asksOnFocus,
  FRESH_ON_FOCUS_MS,
  DEFAULT_POLL,
  playbackPollDelay,
  UNFOCUSED_POLL_MS,
  type Attention,
  type PollMoment,
} from '../../../src/ui/state/poll-pace.js';

/** The pace of the playback polls for each (focus reported?, focused?, playing?). */

const playing = (progress: number, duration: number): PlaybackState =>
  ({ is_playing: true, progress_ms: progress, item: { duration_ms: duration } }) as unknown as PlaybackState;
const paused = { ...playing(0, 600_000), is_playing: false } as PlaybackState;

/** Polls in the 30 s after an answer at 0, at `delay` each (the rate the interval allows). */
const per30s = (delay: number): number => Math.ceil(30_000 / delay);

describe('the playback poll pace', () => {
  it('is the pace before focus counted where the terminal never reported it, and where it is focused but for the item-end poll', () => {
    for (const attention of ['unreported', 'focused'] as Attention[]) {
      expect(playbackPollDelay(playing(0, 600_000), undefined, attention)).toBe(DEFAULT_POLL.playingMs);
      expect(playbackPollDelay(paused, undefined, attention)).toBe(DEFAULT_POLL.idleMs);
      expect(playbackPollDelay(null, undefined, attention)).toBe(DEFAULT_POLL.idleMs);
    }
    // Just after the item ends, when that comes first, where focus is not reported; focused, 6 in 30 s at most.
    expect(playbackPollDelay(playing(598_000, 600_000), undefined, 'unreported')).toBe(2_500);
    expect(playbackPollDelay(playing(598_000, 600_000), undefined, 'focused')).toBe(DEFAULT_POLL.playingMs);
    expect(per30s(playbackPollDelay(playing(0, 600_000), undefined, 'focused'))).toBe(6);
  });

  it('asks at most twice in 30 s while the terminal is not focused, item end or not', () => {
    for (const state of [playing(0, 600_000), playing(598_000, 600_000), paused, null]) {
      const delay = playbackPollDelay(state, undefined, 'unfocused');
      expect(delay).toBe(UNFOCUSED_POLL_MS);
      expect(per30s(delay)).toBeLessThanOrEqual(2);
    }
  });

  it("never polls faster unfocused than a config's slower intervals", () => {
    const slow = { playingMs: 20_000, idleMs: 120_000 };
    expect(playbackPollDelay(playing(0, 600_000), slow, 'unfocused')).toBe(20_000);
    expect(playbackPollDelay(null, slow, 'unfocused')).toBe(120_000);
    const fast = { playingMs: 5_000, idleMs: 5_000 };
    expect(playbackPollDelay(null, fast, 'unfocused')).toBe(UNFOCUSED_POLL_MS);
  });
});

describe('asking when the focus comes back', () => {
  const moment = (change: Partial<PollMoment>): PollMoment => ({
    attention: 'focused',
    lastAnswerAt: 0,
    isAsking: false,
    isFailing: false,
    now: FRESH_ON_FOCUS_MS,
    ...change,
  });

  it('asks at once when the last answer is a second old or more', () => {
    expect(asksOnFocus(moment({}))).toBe(true);
    expect(asksOnFocus(moment({ now: FRESH_ON_FOCUS_MS - 1 }))).toBe(false);
  });

  it('does not ask when losing the focus, with a request on its way, while failing or before any answer', () => {
    expect(asksOnFocus(moment({ attention: 'unfocused' }))).toBe(false);
    expect(asksOnFocus(moment({ attention: 'unreported' }))).toBe(false);
    expect(asksOnFocus(moment({ isAsking: true }))).toBe(false);
    expect(asksOnFocus(moment({ isFailing: true }))).toBe(false);
    expect(asksOnFocus(moment({ lastAnswerAt: null }))).toBe(false);
  });
});
