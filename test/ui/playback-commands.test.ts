import { describe, expect, it } from 'vitest';
import type { PlaybackState } from '../../src/api/types.js';
import { planCommand, unavailableControls } from '../../src/ui/playback-commands.js';
import { createFakeApi } from '../helpers/fake-api.js';

const RECEIVED_AT = 1_000_000;

function playing(patch: Partial<PlaybackState> = {}): PlaybackState {
  return { ...createFakeApi().currentPlayback()!, progress_ms: 30_000, is_playing: true, ...patch };
}

function optimistic(state: PlaybackState, command: Parameters<typeof planCommand>[2], now = RECEIVED_AT): PlaybackState {
  const plan = planCommand(state, RECEIVED_AT, command, now);
  if ('refusal' in plan) throw new Error(plan.refusal);
  return plan.optimistic;
}

describe('planCommand', () => {
  it('pauses at the position reached by now, not the one last polled', () => {
    const paused = optimistic(playing(), { type: 'togglePlay' }, RECEIVED_AT + 4_000);
    expect(paused).toMatchObject({ is_playing: false, progress_ms: 34_000, timestamp: RECEIVED_AT + 4_000 });
  });

  it('seeks by a step, clamped to the item', () => {
    const state = playing();
    const duration = state.item!.duration_ms;
    expect(optimistic(state, { type: 'seekBy', deltaMs: -40_000 }).progress_ms).toBe(0);
    expect(optimistic(state, { type: 'seekBy', deltaMs: 10_000 }).progress_ms).toBe(40_000);
    expect(optimistic(playing({ progress_ms: duration - 1_000 }), { type: 'seekBy', deltaMs: 10_000 }).progress_ms).toBe(duration);
  });

  it('cycles repeat off, all, one, and flips shuffle', () => {
    const context = optimistic(playing(), { type: 'cycleRepeat' });
    const track = optimistic(context, { type: 'cycleRepeat' });
    expect([context.repeat_state, track.repeat_state, optimistic(track, { type: 'cycleRepeat' }).repeat_state])
      .toEqual(['context', 'track', 'off']);
    expect(optimistic(playing(), { type: 'toggleShuffle' }).shuffle_state).toBe(true);
  });

  it('refuses what the actions forbid, in words', () => {
    const state = playing();
    const forbid = (action: keyof PlaybackState['actions']) => ({ ...state, actions: { ...state.actions, [action]: false } });
    expect(planCommand(forbid('pausing'), RECEIVED_AT, { type: 'togglePlay' }, RECEIVED_AT)).toEqual({ refusal: "can't pause: not allowed now" });
    expect(planCommand(forbid('skipping_prev'), RECEIVED_AT, { type: 'previous' }, RECEIVED_AT)).toEqual({ refusal: "can't go back: nothing before" });
    expect(planCommand(forbid('seeking'), RECEIVED_AT, { type: 'seekBy', deltaMs: 1 }, RECEIVED_AT)).toEqual({ refusal: "can't seek: not allowed for this item" });
    expect(planCommand(null, RECEIVED_AT, { type: 'next' }, RECEIVED_AT)).toEqual({ refusal: 'nothing is playing' });
  });
});

describe('unavailableControls', () => {
  it('names the controls the service does not permit now', () => {
    const state = playing();
    expect(unavailableControls(state)).toEqual([]);
    const limited = { ...state, actions: { ...state.actions, pausing: false, skipping_next: false, seeking: false } };
    expect(unavailableControls(limited)).toEqual(['pause', 'next', 'seek']);
  });
});
