import { describe, expect, it } from 'vitest';
import {
  actionsOf,
  applyCommand,
  catchUp,
  progressAt,
  type PlayerCommand,
  type PlayerContext,
  type PlayerState,
} from '../../src/service/player.js';
import { initialPlayerState } from '../../src/service/player-start.js';

const T0 = 1_700_000_000_000;
const URI = 'playdeck:playlist:W8VyoNxpd8j1qdWWPQxC7C';

function contextOf(durations: number[]): PlayerContext {
  return { length: durations.length, durationAt: (index) => durations[index] };
}

/** A player caught up at T0 on `durations`, optionally with commands applied at T0. */
function started(durations: number[], ...commands: PlayerCommand[]): PlayerState {
  const ctx = contextOf(durations);
  let state = catchUp(initialPlayerState({ contextUri: URI, length: durations.length, now: T0 }), T0, ctx);
  for (const command of commands) state = run(state, command, T0, ctx);
  return state;
}

function run(state: PlayerState, command: PlayerCommand, now: number, ctx: PlayerContext): PlayerState {
  const result = applyCommand(state, command, now, ctx);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.state;
}

function refusal(state: PlayerState, command: PlayerCommand, now: number, ctx: PlayerContext): string | null {
  const result = applyCommand(state, command, now, ctx);
  return result.ok ? null : result.reason;
}

/** What a client sees at `at` after `command` was applied at `now`. */
function viewAfter(state: PlayerState, command: PlayerCommand, now: number, ctx: PlayerContext, at = now) {
  return view(run(state, command, now, ctx), at, ctx);
}

/** What a client sees at `now`. */
function view(state: PlayerState, now: number, ctx: PlayerContext) {
  const current = catchUp(state, now, ctx);
  return {
    index: current.index,
    progressMs: progressAt(current, now),
    changedAt: current.changedAt,
    isPlaying: current.isPlaying,
  };
}

const THREE = contextOf([1000, 2000, 3000]);

describe('player clock', () => {
  it('starts playing item 0 from 0 ms on a computer device', () => {
    const state = initialPlayerState({ contextUri: URI, length: 3, now: T0 });
    expect(state).toMatchObject({ contextUri: URI, isPlaying: true, shuffle: false, repeat: 'off', changedAt: T0 });
    expect(state.device).toMatchObject({ name: 'playdeck web player', type: 'computer', is_active: true });
    expect(state.device.id).toMatch(/^[0-9a-f]{40}$/);
    expect(view(state, T0, THREE)).toEqual({ index: 0, progressMs: 0, changedAt: T0, isPlaying: true });
  });

  it('is plain JSON', () => {
    const state = started([1000, 2000], { kind: 'shuffle', state: true }, { kind: 'repeat', state: 'context' });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('moves progress in real time and returns the same state while nothing ends', () => {
    const state = started([1000, 2000, 3000]);
    expect(catchUp(state, T0 + 400, THREE)).toBe(state);
    expect(progressAt(state, T0 + 400)).toBe(400);
  });

  it('starts the next item at the exact moment the previous one ended', () => {
    expect(view(started([1000, 2000, 3000]), T0 + 1500, THREE)).toEqual({
      index: 1,
      progressMs: 500,
      changedAt: T0 + 1000,
      isPlaying: true,
    });
    expect(view(started([1000, 2000, 3000]), T0 + 3000, THREE)).toMatchObject({ index: 2, changedAt: T0 + 3000 });
  });

  it('stops at the end of the context, paused at the start of the first item, with repeat off', () => {
    expect(view(started([1000, 2000, 3000]), T0 + 86_400_000, THREE)).toEqual({
      index: 0,
      progressMs: 0,
      changedAt: T0 + 6000,
      isPlaying: false,
    });
  });

  it('replays the item with repeat track', () => {
    const state = started([1000, 2000, 3000], { kind: 'repeat', state: 'track' });
    expect(view(state, T0 + 3500, THREE)).toEqual({ index: 0, progressMs: 500, changedAt: T0 + 3000, isPlaying: true });
  });

  it('wraps with repeat context', () => {
    const state = started([1000, 2000, 3000], { kind: 'repeat', state: 'context' });
    expect(view(state, T0 + 6000 * 5 + 1500, THREE)).toEqual({
      index: 1,
      progressMs: 500,
      changedAt: T0 + 6000 * 5 + 1000,
      isPlaying: true,
    });
  });

  it('skips items without a duration instead of hanging on them', () => {
    const ctx = contextOf([1000, 0, 0, 500]);
    const state = catchUp(initialPlayerState({ contextUri: URI, length: 4, now: T0 }), T0, ctx);
    expect(view(state, T0 + 1200, ctx)).toMatchObject({ index: 3, changedAt: T0 + 1000 });
    // Nothing with a duration to repeat: stop rather than loop for ever.
    const silent = contextOf([0, 0]);
    const paused = catchUp(initialPlayerState({ contextUri: URI, length: 2, now: T0 }), T0, silent);
    expect(paused.isPlaying).toBe(false);
    const looping = run(paused, { kind: 'repeat', state: 'context' }, T0, silent);
    expect(view(run(looping, { kind: 'play' }, T0 + 10, silent), T0 + 5000, silent)).toMatchObject({
      index: 0,
      isPlaying: false,
    });
  });
});

describe('player commands', () => {
  it('pauses and resumes, freezing progress in between', () => {
    const ctx = contextOf([10_000]);
    let state = run(started([10_000]), { kind: 'pause' }, T0 + 2000, ctx);
    expect(view(state, T0 + 9000, ctx)).toEqual({ index: 0, progressMs: 2000, changedAt: T0 + 2000, isPlaying: false });
    expect(refusal(state, { kind: 'pause' }, T0 + 3000, ctx)).toBe('ALREADY_PAUSED');
    state = run(state, { kind: 'play' }, T0 + 9000, ctx);
    expect(view(state, T0 + 9500, ctx)).toMatchObject({ progressMs: 2500, changedAt: T0 + 9000 });
    expect(refusal(state, { kind: 'play' }, T0 + 9600, ctx)).toBe('NOT_PAUSED');
  });

  it('skips to the next item, refusing past the last one unless repeat context wraps', () => {
    let state = run(started([1000, 2000, 3000]), { kind: 'next' }, T0 + 100, THREE);
    expect(view(state, T0 + 100, THREE)).toMatchObject({ index: 1, progressMs: 0, changedAt: T0 + 100 });
    state = run(state, { kind: 'next' }, T0 + 200, THREE);
    expect(refusal(state, { kind: 'next' }, T0 + 300, THREE)).toBe('NO_NEXT_TRACK');
    expect(actionsOf(state, THREE).skipping_next).toBe(false);
    state = run(state, { kind: 'repeat', state: 'context' }, T0 + 300, THREE);
    expect(view(run(state, { kind: 'next' }, T0 + 400, THREE), T0 + 400, THREE)).toMatchObject({ index: 0 });
  });

  it('goes back within the first 3 s and restarts the item after them or on the first item', () => {
    const ctx = contextOf([10_000, 10_000]);
    const second = started([10_000, 10_000], { kind: 'next' });
    const previous: PlayerCommand = { kind: 'previous' };
    expect(viewAfter(second, previous, T0 + 2500, ctx)).toMatchObject({ index: 0, progressMs: 0 });
    expect(viewAfter(second, previous, T0 + 3500, ctx)).toMatchObject({ index: 1, progressMs: 0, changedAt: T0 + 3500 });
    expect(viewAfter(started([10_000, 10_000]), previous, T0 + 1000, ctx)).toMatchObject({ index: 0, progressMs: 0 });
  });

  it('passes over items with no duration (a playlist file line naming no file, decisions §21), paused or playing', () => {
    const durations = [1000, 0, 0, 2000, 0];
    const ctx = contextOf(durations);
    const paused = run(started(durations), { kind: 'pause' }, T0, ctx);
    const second = run(paused, { kind: 'next' }, T0 + 100, ctx);
    expect(second.index).toBe(3);
    // Past the last item with a duration: the plain step (refused, or the item with none, which ends at once).
    expect(refusal(run(second, { kind: 'next' }, T0 + 200, ctx), { kind: 'next' }, T0 + 300, ctx)).toBe('NO_NEXT_TRACK');
    expect(run(second, { kind: 'previous' }, T0 + 200, ctx).index).toBe(0);
    const wrapping = run(second, { kind: 'repeat', state: 'context' }, T0 + 200, ctx);
    expect(run(wrapping, { kind: 'next' }, T0 + 300, ctx).index).toBe(0);
    expect(run(run(wrapping, { kind: 'play' }, T0 + 300, ctx), { kind: 'next' }, T0 + 400, ctx)).toMatchObject({ index: 0, isPlaying: true });
  });

  it('seeks within the item, clamping, and a seek to the end of a playing item starts the next', () => {
    const state = started([1000, 2000, 3000]);
    const seek = (positionMs: number): PlayerCommand => ({ kind: 'seek', positionMs });
    expect(viewAfter(state, seek(700), T0 + 100, THREE, T0 + 200)).toMatchObject({ progressMs: 800, changedAt: T0 + 100 });
    expect(viewAfter(state, seek(99_999), T0 + 100, THREE)).toMatchObject({ index: 1, progressMs: 0, changedAt: T0 + 100 });
    const paused = run(state, { kind: 'pause' }, T0, THREE);
    expect(viewAfter(paused, seek(99_999), T0 + 100, THREE, T0 + 500)).toMatchObject({ index: 0, progressMs: 1000 });
  });

  it('keeps the item playing when shuffle turns on, then plays every other item once per cycle', () => {
    const durations = Array.from({ length: 50 }, () => 1000);
    const ctx = contextOf(durations);
    let state = started(durations, { kind: 'next' }, { kind: 'next' });
    state = run(state, { kind: 'shuffle', state: true }, T0 + 10, ctx);
    state = run(state, { kind: 'repeat', state: 'context' }, T0 + 10, ctx);
    expect(state.index).toBe(2);
    const played: number[] = [];
    for (let item = 0; item < 100; item++) played.push(view(state, T0 + 10 + item * 1000 + 500, ctx).index);
    expect(played[0]).toBe(2);
    expect(new Set(played.slice(0, 50)).size).toBe(50);
    expect(played.slice(50)).toEqual(played.slice(0, 50));
    expect(played.slice(0, 50)).not.toEqual(Array.from({ length: 50 }, (_, n) => (n + 2) % 50));
  });

  it('reproduces the shuffled order from the same state and command', () => {
    const ctx = contextOf(Array.from({ length: 20 }, () => 1000));
    const order = () => {
      let state = run(started(Array(20).fill(1000)), { kind: 'shuffle', state: true }, T0 + 5, ctx);
      return Array.from({ length: 19 }, () => (state = run(state, { kind: 'next' }, T0 + 5, ctx)).index);
    };
    expect(order()).toEqual(order());
  });

  it('stays valid when the playlist is edited under it', () => {
    const ctx50 = contextOf(Array(50).fill(1000));
    const state = run(started(Array(50).fill(1000)), { kind: 'seek', positionMs: 400 }, T0, ctx50);
    const at40 = { ...state, index: 40 };
    expect(view(at40, T0 + 100, contextOf(Array(10).fill(1000)))).toMatchObject({
      index: 9,
      progressMs: 0,
      changedAt: T0 + 100,
    });
    expect(view(at40, T0 + 100, contextOf(Array(45).fill(1000)))).toMatchObject({ index: 40, progressMs: 500 });
    const empty = catchUp(at40, T0 + 100, contextOf([]));
    const noItem = { index: -1, progressMs: 0, changedAt: T0 + 100, isPlaying: false };
    expect(view(empty, T0 + 200, contextOf([]))).toEqual(noItem);
    // Only moving to another device stays possible with nothing to play.
    const permitted = Object.entries(actionsOf(empty, contextOf([]))).filter(([, allowed]) => allowed).map(([name]) => name);
    expect(permitted).toEqual(['transferring_playback']);
    expect(refusal(empty, { kind: 'next' }, T0 + 200, contextOf([]))).toBe('NO_NEXT_TRACK');
    expect(view(empty, T0 + 300, contextOf([1000]))).toMatchObject({ index: 0, progressMs: 0, isPlaying: false });
  });
});
