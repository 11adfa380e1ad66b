import { describe, expect, it } from 'vitest';
import type { PlaybackState } from '../../../src/api/types.js';
import { PageLoader, REFRESH_INTERVAL_MS } from '../../../src/ui/list/page-loader.js';
import { DEFAULT_POLL, playbackPollDelay } from '../../../src/ui/state/poll-pace.js';

/** A config's [poll] intervals where the polls read them; without one, today's. */

const playing = (progress: number, duration: number): PlaybackState =>
  ({ is_playing: true, progress_ms: progress, item: { duration_ms: duration } }) as unknown as PlaybackState;

describe('poll intervals', () => {
  it("ask what plays at the config's intervals, today's without one", () => {
    expect(playbackPollDelay(playing(0, 600_000))).toBe(DEFAULT_POLL.playingMs);
    expect(playbackPollDelay(null)).toBe(DEFAULT_POLL.idleMs);
    const slow = { playingMs: 20_000, idleMs: 120_000 };
    expect(playbackPollDelay(playing(0, 600_000), slow)).toBe(20_000);
    expect(playbackPollDelay(null, slow)).toBe(120_000);
    // Still just after the item ends, when that comes first.
    expect(playbackPollDelay(playing(595_000, 600_000), slow)).toBe(5_500);
  });

  it('refresh a shown page at the interval given', () => {
    const loader = (): PageLoader<number> =>
      new PageLoader<number>({ fetchPage: () => new Promise(() => {}), onPage: () => {}, onError: () => {}, onRecovered: () => {} });
    expect(loader().refreshIfDue(0, 0)).toBe(REFRESH_INTERVAL_MS);
    expect(loader().refreshIfDue(0, 0, 300_000)).toBe(300_000);
  });
});
