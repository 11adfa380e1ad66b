import { describe, expect, it } from 'vitest';
import { canEdit, readOnlyText } from '../../../../src/ui/playlist-editor/model/access.js';
import {
  FIRST_BUDGET, WINDOW_MS, answered, confirmText, createPace, estimateMs, intervalMs, needsConfirmation, nextSendAt,
  progressText, rateLimited, roughDuration, sent, type Pace,
} from '../../../../src/ui/playlist-editor/model/save-pace.js';

/**
 * Drives a save of `requests` against a service allowing `limit` requests per rolling 30 s window (as
 * `serve --rate-limit` does), each answered after `latencyMs`: the 429s drawn and when the last answer came.
 */
function simulate(requests: number, limit: number | null, latencyMs = 20, pace: Pace = createPace()) {
  const accepted: number[] = [];
  let now = 0;
  let done = 0;
  let refusals = 0;
  while (done < requests) {
    now = nextSendAt(pace, now);
    pace = sent(pace, now);
    while (accepted.length > 0 && accepted[0]! <= now - WINDOW_MS) accepted.shift();
    if (limit !== null && accepted.length >= limit) {
      refusals++;
      const retryAfterMs = Math.max(1, Math.ceil((accepted[0]! + WINDOW_MS - now) / 1000)) * 1000;
      now += latencyMs;
      pace = rateLimited(pace, now, retryAfterMs);
      continue;
    }
    accepted.push(now);
    now += latencyMs;
    pace = answered(pace);
    done++;
  }
  return { refusals, endedAt: now, pace };
}

describe('save pace', () => {
  it('spreads requests evenly over the window at the budget', () => {
    let pace = createPace();
    expect(nextSendAt(pace, 1_000)).toBe(1_000);
    pace = sent(pace, 1_000);
    expect(intervalMs(pace)).toBeCloseTo(WINDOW_MS / FIRST_BUDGET);
    expect(nextSendAt(pace, 1_010)).toBeCloseTo(1_000 + WINDOW_MS / FIRST_BUDGET);
  });

  it('grows the budget by half after each window of answers until a 429, then halves it and grows by a step', () => {
    let pace = createPace(20);
    for (let i = 0; i < 20; i++) pace = answered(pace);
    expect(pace.budget).toBe(30);
    pace = rateLimited(pace, 0, 2_000);
    expect([pace.budget, pace.isProbing]).toEqual([15, false]);
    for (let i = 0; i < 15; i++) pace = answered(pace);
    expect(pace.budget).toBe(21);
  });

  it('honours Retry-After, and waits 5 s when there is none', () => {
    const pace = rateLimited(sent(createPace(), 1_000), 1_000, 12_000);
    expect(nextSendAt(pace, 1_500)).toBe(13_000);
    expect(nextSendAt(rateLimited(createPace(), 1_000, undefined), 1_000)).toBe(6_000);
    expect(nextSendAt(rateLimited(createPace(), 1_000, 0), 1_000)).toBe(6_000);
  });

  it('saves a sorted 143-item playlist behind a limit of 100 per 30 s without a 429', () => {
    expect(simulate(143, 100).refusals).toBe(0);
  });

  it('after a 429 settles under a tight limit: few refusals, all requests done', () => {
    const result = simulate(2_000, 60);
    expect(result.refusals).toBeGreaterThan(0);
    expect(result.refusals).toBeLessThan(20);
    expect(result.pace.budget).toBeLessThanOrEqual(80);
  });

  it('goes as fast as answers come from a service without a limit', () => {
    const slowStart = simulate(10_000, null, 20);
    expect(slowStart.refusals).toBe(0);
    // Ten thousand requests at a fixed 90 per window would take 55 min; probing makes it minutes.
    expect(slowStart.endedAt).toBeLessThan(10 * 60_000);
  });

  it('estimates the time of a save at its pace, in words', () => {
    expect(estimateMs(createPace(), 1, 50)).toBe(50);
    const ms = estimateMs(createPace(), 143, 50);
    expect(ms).toBe(simulate(143, null, 50).endedAt);
    expect(roughDuration(ms)).toBe('57 s');
    expect(roughDuration(4 * 60_000)).toBe('4 min');
    expect(roughDuration(80 * 60_000 + 1)).toBe('80 min');
    expect(roughDuration(125 * 60_000)).toBe('2 h 5 min');
    expect(needsConfirmation(50)).toBe(false);
    expect(needsConfirmation(51)).toBe(true);
    expect(confirmText(9_812, 4 * 60_000)).toBe('saving takes 9,812 requests, about 4 min: save now? (y/n; n keeps the moves unsaved)');
    expect(progressText(1_240, 9_812, 0, 5)).toBe('saving 1,240/9,812…');
    expect(progressText(1_240, 9_812, 12_000, 1_000)).toBe('saving 1,240/9,812… the service asked to wait 11 s');
  });
});

describe('read-only playlists', () => {
  const owner = { id: 'ana', display_name: 'Ana', uri: 'pd:user:ana' };
  it('lets the owner and, in a collaborative playlist, anyone reorder', () => {
    expect(canEdit({ owner, collaborative: false }, 'ana')).toBe(true);
    expect(canEdit({ owner, collaborative: false }, 'bo')).toBe(false);
    expect(canEdit({ owner, collaborative: true }, 'bo')).toBe(true);
    expect(canEdit({ owner, collaborative: false }, null)).toBe(false);
  });

  it('says why in the status line', () => {
    expect(readOnlyText({ owner })).toBe("read-only: only Ana and collaborators can change this playlist");
    expect(readOnlyText({ owner: { ...owner, display_name: null } })).toBe("read-only: only ana and collaborators can change this playlist");
  });
});
