import { describe, expect, it } from 'vitest';
import {
  describeCancelled, describeSet, describeSleep, END_MARGIN_MS, endPassed, parseSleep, timerFor, untilDue,
} from '../../../src/ui/state/sleep-timer.js';
import { playback } from '../../status/playback-fixture.js';

describe('parseSleep', () => {
  it('reads minutes, durations, end and off', () => {
    expect(parseSleep('30')).toEqual({ kind: 'for', ms: 30 * 60_000 });
    expect(parseSleep('30m')).toEqual({ kind: 'for', ms: 30 * 60_000 });
    expect(parseSleep('90s')).toEqual({ kind: 'for', ms: 90_000 });
    expect(parseSleep('1h30m')).toEqual({ kind: 'for', ms: 90 * 60_000 });
    expect(parseSleep(' 2H ')).toEqual({ kind: 'for', ms: 2 * 3_600_000 });
    expect(parseSleep('end')).toEqual({ kind: 'end' });
    expect(parseSleep('OFF')).toEqual({ kind: 'off' });
  });

  it('refuses what is none of these, nothing at all, and more than a day', () => {
    for (const word of ['', 'soon', '-5', '1.5', '30x', 'm', '0', '0s', '25h', 'end please']) expect(parseSleep(word), word).toBeNull();
  });
});

describe('when a timer is due', () => {
  const now = 1_000_000;

  it('counts a timer of minutes on the wall clock, playing or not', () => {
    const timer = timerFor({ kind: 'for', ms: 60_000 }, null, now);
    expect(timer).toEqual({ kind: 'at', at: now + 60_000 });
    expect(untilDue({ kind: 'at', at: now + 60_000 }, playback({ is_playing: false }), now, now + 20_000)).toBe(40_000);
    expect(untilDue({ kind: 'at', at: now + 60_000 }, null, now, now + 90_000)).toBe(0);
  });

  it('ends an item a moment before its end, and waits while paused', () => {
    const state = playback({ progress_ms: 200_000 }); // 225 s long
    expect(untilDue({ kind: 'end' }, state, now, now)).toBe(25_000 - END_MARGIN_MS);
    expect(untilDue({ kind: 'end' }, state, now, now + 24_000)).toBe(0);
    expect(untilDue({ kind: 'end' }, playback({ is_playing: false }), now, now)).toBeNull();
    expect(timerFor({ kind: 'end' }, null, now)).toEqual({ refusal: 'nothing is playing: no item to end' });
  });

  it('knows an item that gave way at its end from one changed by hand', () => {
    const before = playback({ progress_ms: 220_000 });
    const other = playback({ item: { ...before.item, id: 'other' } });
    expect(endPassed(before, now, other, now + 6_000)).toBe(true);
    expect(endPassed(before, now, other, now + 1_000)).toBe(false);
    expect(endPassed(before, now, before, now + 6_000)).toBe(false);
  });
});

describe('how a timer reads', () => {
  it('shows the time left as the clock does, a begun second counting', () => {
    expect(describeSleep({ kind: 'at', at: 61_000 }, 0)).toBe('sleep 1:01');
    expect(describeSleep({ kind: 'at', at: 61_000 }, 500)).toBe('sleep 1:01');
    expect(describeSleep({ kind: 'at', at: 61_000 }, 1_000)).toBe('sleep 1:00');
    expect(describeSleep({ kind: 'end' }, 0)).toBe('sleep at end');
    expect(describeSet(null, 0)).toBe('sleep timer off');
    expect(describeSet({ kind: 'at', at: 90_000 }, 0)).toMatch(/^sleep timer: pauses in 1:30, at \d\d:\d\d \(quitting the dashboard cancels it\)$/);
  });

  it('says, as a dashboard quits, what the timer it takes along was to do', () => {
    expect(describeCancelled({ kind: 'at', at: 90_000 }, 0)).toBe('sleep timer cancelled (1:30 was left): it ends with the dashboard');
    expect(describeCancelled({ kind: 'end' }, 0)).toBe('sleep timer cancelled (it was to pause at the end of the item): it ends with the dashboard');
  });
});
