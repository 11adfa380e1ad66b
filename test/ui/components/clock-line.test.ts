import chalk from 'chalk';
import stripAnsi from 'strip-ansi';
import { describe, expect, it } from 'vitest';
import { barParts, clockLine, untilNextTick } from '../../../src/ui/components/clock-line.js';
import { themeFromEnv } from '../../../src/ui/context/theme.js';

const theme = themeFromEnv({});
const playing = { progressMs: 30_000, durationMs: 150_000, isPlaying: true, receivedAt: 1_000 };

describe('barParts', () => {
  it('fills by rounding down and clamps what is not a fraction', () => {
    expect(barParts(0.5, 11)).toEqual({ filled: 5, empty: 6 });
    expect(barParts(0.999, 10)).toEqual({ filled: 9, empty: 1 });
    expect(barParts(1, 10)).toEqual({ filled: 10, empty: 0 });
    expect(barParts(Number.NaN, 4)).toEqual({ filled: 0, empty: 4 });
    expect(barParts(7, 4)).toEqual({ filled: 4, empty: 0 });
    expect(barParts(-1, -3)).toEqual({ filled: 0, empty: 0 });
  });
});

describe('clockLine', () => {
  it('is elapsed, bar and total in exactly the width, moving with the clock while playing', () => {
    const line = stripAnsi(clockLine(playing, 1_000, 30, theme));
    expect(line).toBe('0:30 ━━━━──────────────── 2:30');
    expect(line).toHaveLength(30);
    expect(stripAnsi(clockLine(playing, 61_000, 30, theme))).toBe('1:30 ━━━━━━━━━━━━──────── 2:30');
    expect(stripAnsi(clockLine({ ...playing, isPlaying: false }, 61_000, 30, theme))).toMatch(/^0:30 /);
  });

  it('drops the bar, then cuts the times, when the width is too small', () => {
    expect(stripAnsi(clockLine(playing, 1_000, 11, theme))).toBe('0:30 ─ 2:30');
    expect(clockLine(playing, 1_000, 10, theme)).toBe('0:30  2:30');
    expect(clockLine(playing, 1_000, 6, theme)).toBe('0:30  ');
  });

  it('colours the fill with the accent, and nothing without colours', () => {
    const level = chalk.level;
    chalk.level = 1; // as on a terminal: the test runner's output is not one
    try {
      expect(clockLine(playing, 1_000, 30, theme)).toMatch(/\u001B\[36m━+\u001B\[39m/);
      expect(clockLine(playing, 1_000, 30, themeFromEnv({ NO_COLOR: '1' }))).not.toMatch(/\u001B\[36m/);
    } finally {
      chalk.level = level;
    }
  });
});

describe('untilNextTick', () => {
  it('waits for the next whole second of the position, and for nothing while paused or at the end', () => {
    expect(untilNextTick({ ...playing, progressMs: 30_250 }, 1_000)).toBe(750);
    expect(untilNextTick(playing, 1_500)).toBe(500);
    expect(untilNextTick({ ...playing, isPlaying: false }, 1_000)).toBeNull();
    expect(untilNextTick(playing, 1_000 + 120_000)).toBeNull();
  });
});

describe('the sleep timer on the clock line', () => {
  it("follows the total, the bar giving up its columns", () => {
    const line = stripAnsi(clockLine(playing, 1_000, 40, theme, { kind: 'at', at: 1_000 + 754_000 }));
    expect(line).toBe('0:30 ━━━───────────── 2:30 · sleep 12:34');
    expect(line).toHaveLength(40);
    expect(stripAnsi(clockLine(playing, 1_000, 40, theme, { kind: 'end' }))).toMatch(/ 2:30 · sleep at end$/);
  });

  it('ticks with the position while playing, and with the time left while paused', () => {
    const sleep = { kind: 'at', at: 10_400 } as const;
    expect(untilNextTick({ ...playing, progressMs: 30_250 }, 1_000, sleep)).toBe(750);
    expect(untilNextTick({ ...playing, isPlaying: false }, 1_000, sleep)).toBe(400);
    expect(untilNextTick({ ...playing, isPlaying: false }, 1_400, sleep)).toBe(1_000);
    expect(untilNextTick({ ...playing, isPlaying: false }, 10_400, sleep)).toBeNull();
    expect(untilNextTick({ ...playing, isPlaying: false }, 1_000, { kind: 'end' })).toBeNull();
  });
});
