import { describe, expect, it } from 'vitest';
import { interpolateProgress } from '../../../src/ui/state/progress.js';

const playing = { progressMs: 60_000, durationMs: 180_000, isPlaying: true, receivedAt: 1_000_000 };

describe('interpolateProgress', () => {
  it('advances with the clock while playing', () => {
    expect(interpolateProgress(playing, 1_000_000)).toBe(60_000);
    expect(interpolateProgress(playing, 1_012_500)).toBe(72_500);
  });

  it('stays put while paused', () => {
    expect(interpolateProgress({ ...playing, isPlaying: false }, 1_050_000)).toBe(60_000);
  });

  it('stops at the end of the item and never goes below zero', () => {
    expect(interpolateProgress(playing, 1_000_000 + 10 * 60_000)).toBe(180_000);
    expect(interpolateProgress({ ...playing, progressMs: -5 }, 1_000_000)).toBe(0);
    expect(interpolateProgress({ ...playing, progressMs: 200_000, isPlaying: false }, 0)).toBe(180_000);
  });

  it('ignores a clock that went backwards', () => {
    expect(interpolateProgress(playing, 990_000)).toBe(60_000);
  });

  it('survives missing numbers', () => {
    expect(interpolateProgress({ ...playing, durationMs: Number.NaN }, 1_001_000)).toBe(0);
    expect(interpolateProgress({ ...playing, progressMs: Number.NaN }, 1_001_000)).toBe(1_000);
  });
});
