import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { permute } from '../../src/service/player-order.js';
import {
  actionsOf,
  applyCommand,
  catchUp,
  progressAt,
  type PlayerAction,
  type PlayerCommand,
  type PlayerContext,
  type PlayerState,
  type RepeatState,
} from '../../src/service/player.js';
import { initialPlayerState } from '../../src/service/player-start.js';

const T0 = 1_700_000_000_000;
const URI = 'playdeck:playlist:W8VyoNxpd8j1qdWWPQxC7C';
const DAY_MS = 86_400_000;

/** A context that counts how often the clock asks for a duration. */
function countingContext(durations: readonly number[]): PlayerContext & { lookups: number } {
  const ctx = {
    length: durations.length,
    lookups: 0,
    durationAt(index: number) {
      ctx.lookups++;
      return durations[index];
    },
  };
  return ctx;
}

function run(state: PlayerState, command: PlayerCommand, now: number, ctx: PlayerContext): PlayerState {
  const result = applyCommand(state, command, now, ctx);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.state;
}

/** The play order from the item playing on, found by pressing next (a code path apart from catchUp). */
function orderFromCurrent(state: PlayerState, now: number, ctx: PlayerContext): number[] {
  let stepping: PlayerState = { ...state, repeat: 'context', isPlaying: false };
  const order = [stepping.index];
  for (let step = 1; step < ctx.length; step++) {
    stepping = run(stepping, { kind: 'next' }, now, ctx);
    order.push(stepping.index);
  }
  return order;
}

/** The reference model: walks item by item through an explicit order, one millisecond sum at a time. */
function naiveView(
  order: number[],
  durations: readonly number[],
  repeat: RepeatState,
  start: { position: number; progressMs: number; at: number },
  now: number,
) {
  let { position, progressMs } = start;
  let itemStart = start.at;
  for (;;) {
    const endsAt = itemStart + durations[order[position]] - progressMs;
    if (endsAt > now) {
      return { index: order[position], progressMs: progressMs + now - itemStart, changedAt: itemStart, isPlaying: true };
    }
    itemStart = endsAt;
    progressMs = 0;
    if (repeat === 'track') continue;
    position += 1;
    if (position === order.length) {
      if (repeat === 'off') return { index: order[0], progressMs: 0, changedAt: endsAt, isPlaying: false };
      position = 0;
    }
  }
}

function view(state: PlayerState, now: number) {
  const { changedAt, isPlaying } = state;
  return { index: state.index, progressMs: progressAt(state, now), changedAt, isPlaying };
}

describe('player clock against a step-by-step model', () => {
  it('agrees on small contexts after any delay, touching each duration a bounded number of times', () => {
    const scenario = fc
      .record({
        durations: fc.array(fc.integer({ min: 50, max: 1000 }), { minLength: 1, maxLength: 8 }),
        repeat: fc.constantFrom<RepeatState>('off', 'track', 'context'),
        shuffle: fc.boolean(),
        startFraction: fc.double({ min: 0, max: 0.999, noNaN: true }),
        offsetFraction: fc.double({ min: 0, max: 0.999, noNaN: true }),
        cycles: fc.double({ min: 0, max: 20, noNaN: true }),
      })
      .map((s) => ({ ...s, startIndex: Math.floor(s.startFraction * s.durations.length) }));

    fc.assert(
      fc.property(scenario, ({ durations, repeat, shuffle, startIndex, offsetFraction, cycles }) => {
        const ctx = countingContext(durations);
        let state = catchUp(initialPlayerState({ contextUri: URI, length: durations.length, now: T0 }), T0, ctx);
        for (let step = 0; step < startIndex; step++) state = run(state, { kind: 'next' }, T0, ctx);
        const progressMs = Math.floor(offsetFraction * durations[startIndex]);
        state = run(state, { kind: 'seek', positionMs: progressMs }, T0, ctx);
        if (shuffle) state = run(state, { kind: 'shuffle', state: true }, T0, ctx);
        state = run(state, { kind: 'repeat', state: repeat }, T0, ctx);

        const order = shuffle ? orderFromCurrent(state, T0, ctx) : durations.map((_, index) => index);
        const start = { position: shuffle ? 0 : startIndex, progressMs, at: T0 };
        const now = T0 + Math.floor(cycles * durations.reduce((sum, duration) => sum + duration, 0));
        ctx.lookups = 0;
        const caughtUp = catchUp(state, now, ctx);
        expect(view(caughtUp, now)).toEqual(naiveView(order, durations, repeat, start, now));
        expect(ctx.lookups).toBeLessThanOrEqual(3 * durations.length + 2);
      }),
      { seed: 20250601, numRuns: 400 },
    );
  });

  it('catches up a year on a 10,000-item context with repeat context in a few passes over it', () => {
    const durations = Array.from({ length: 10_000 }, (_, index) => 120_000 + ((index * 7919) % 300_000));
    for (const shuffle of [false, true]) {
      const ctx = countingContext(durations);
      let state = catchUp(initialPlayerState({ contextUri: URI, length: durations.length, now: T0 }), T0, ctx);
      if (shuffle) state = run(state, { kind: 'shuffle', state: true }, T0, ctx);
      state = run(state, { kind: 'repeat', state: 'context' }, T0, ctx);
      const order = shuffle ? orderFromCurrent(state, T0, ctx) : durations.map((_, index) => index);
      expect(new Set(order).size).toBe(10_000);

      const now = T0 + 400 * DAY_MS + 12_345;
      ctx.lookups = 0;
      const caughtUp = catchUp(state, now, ctx);
      expect(ctx.lookups).toBeLessThanOrEqual(3 * 10_000 + 2);

      // Expected by arithmetic: where `now` falls in the cycle of the play order.
      const cycleMs = durations.reduce((sum, duration) => sum + duration, 0);
      const cycleStart = T0 + Math.floor((now - T0) / cycleMs) * cycleMs;
      let itemStart = cycleStart;
      let position = 0;
      while (itemStart + durations[order[position]] <= now) itemStart += durations[order[position++]];
      const expected = { index: order[position], progressMs: now - itemStart, changedAt: itemStart, isPlaying: true };
      expect(view(caughtUp, now)).toEqual(expected);
    }
  });
});

describe('shuffled order', () => {
  it('is a bijection on [0, length) with a working inverse', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (length, seed) => {
        const values = Array.from({ length }, (_, value) => value);
        const images = values.map((value) => permute(seed, length, value, false));
        expect(images.slice().sort((a, b) => a - b)).toEqual(values);
        expect(images.map((image) => permute(seed, length, image, true))).toEqual(values);
      }),
      { seed: 7, numRuns: 60 },
    );
  });

  it('plays every item once per cycle, the item playing first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 10 ** 9 }), (length, when) => {
        const ctx = countingContext(Array(length).fill(1000));
        const state = run(
          catchUp(initialPlayerState({ contextUri: URI, length, now: T0 }), T0, ctx),
          { kind: 'shuffle', state: true },
          T0 + when,
          ctx,
        );
        const order = orderFromCurrent(state, T0 + when, ctx);
        expect(order[0]).toBe(state.index);
        expect(new Set(order).size).toBe(length);
      }),
      { seed: 11, numRuns: 60 },
    );
  });
});

type Step =
  | { kind: 'command'; command: PlayerCommand }
  | { kind: 'wait'; ms: number }
  | { kind: 'resize'; length: number };

const commandArbitrary: fc.Arbitrary<PlayerCommand> = fc.oneof(
  fc.constantFrom<PlayerCommand>({ kind: 'play' }, { kind: 'pause' }, { kind: 'next' }, { kind: 'previous' }),
  fc.integer({ min: 0, max: 5000 }).map((positionMs): PlayerCommand => ({ kind: 'seek', positionMs })),
  fc.boolean().map((state): PlayerCommand => ({ kind: 'shuffle', state })),
  fc.constantFrom<RepeatState>('off', 'track', 'context').map((state): PlayerCommand => ({ kind: 'repeat', state })),
);

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: commandArbitrary.map((command): Step => ({ kind: 'command', command })) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 20_000 }).map((ms): Step => ({ kind: 'wait', ms })) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 6 }).map((length): Step => ({ kind: 'resize', length })) },
);

/** The action that must be true for `command` to be accepted. */
function actionFor(command: PlayerCommand, state: PlayerState): PlayerAction {
  switch (command.kind) {
    case 'play':
      return 'resuming';
    case 'pause':
      return 'pausing';
    case 'seek':
      return 'seeking';
    case 'next':
      return 'skipping_next';
    case 'previous':
      return 'skipping_prev';
    case 'shuffle':
      return 'toggling_shuffle';
    case 'repeat': {
      const mode = command.state === 'off' ? state.repeat : command.state;
      return mode === 'track' ? 'toggling_repeat_track' : 'toggling_repeat_context';
    }
  }
}

describe('commands and actions', () => {
  it('accept exactly what actionsOf permits, in any reachable state', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 1, maxLength: 40 }), (steps) => {
        let ctx = countingContext([3000, 4000, 5000]);
        let state = catchUp(initialPlayerState({ contextUri: URI, length: 3, now: T0 }), T0, ctx);
        let now = T0;
        for (const step of steps) {
          if (step.kind === 'wait') now += step.ms;
          if (step.kind === 'resize') {
            ctx = countingContext(Array.from({ length: step.length }, (_, index) => 2000 + 1000 * index));
          }
          if (step.kind !== 'command') continue;
          const caughtUp = catchUp(state, now, ctx);
          const permitted = actionsOf(caughtUp, ctx)[actionFor(step.command, caughtUp)];
          const result = applyCommand(state, step.command, now, ctx);
          expect(result.ok).toBe(permitted);
          if (result.ok) state = result.state;
          expect(JSON.parse(JSON.stringify(state))).toEqual(state);
        }
      }),
      { seed: 424242, numRuns: 300 },
    );
  });
});
