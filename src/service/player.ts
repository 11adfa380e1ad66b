/**
 * The embedded player's clock (decisions §8), pure: a JSON-serialisable state for one user's device, moved
 * by time (`catchUp`) and by commands (`applyCommand`); time is passed in (epoch ms). Rules we chose:
 * - An item's end starts the next in play order at that exact moment (`changedAt`). Repeat `track`
 *   replays it; `context` wraps (whole cycles skipped arithmetically after a long absence); `off` stops at
 *   the end of the context *paused at the start of the first item* in play order, as the real service does.
 * - Shuffle: a permutation computed on demand (player-order.ts); turning it on starts the shuffled cycle
 *   with the item playing; every cycle repeats that order.
 * - `next`/`previous` keep playing or paused, passing over items with no duration. `previous` restarts the item when past 3 s or when nothing
 *   is before it (so it is always permitted); only repeat `context` wraps next/previous.
 * - `seek` clamps to [0, duration]; seeking to the end of a playing item ends it: the next one starts.
 * - A context whose length changed (playlist edited) clamps the index and restarts a shuffled cycle from
 *   the item playing; an empty context has no item (index -1) and refuses commands.
 * Refusal reasons are the real service's player error reasons (NOT_PAUSED, ALREADY_PAUSED, NO_NEXT_TRACK…).
 */

import { indexAt, mix32, permute, positionOf, type PlayOrder } from './player-order.js';

export type RepeatState = 'off' | 'track' | 'context';

/** The spec's Device object, sent as it is. */
export interface PlayerDevice {
  id: string;
  is_active: boolean;
  is_private_session: boolean;
  is_restricted: boolean;
  name: string;
  type: string;
  /** Null on a device without volume control. */
  volume_percent: number | null;
  supports_volume: boolean;
}

/** One user's player; with PlayOrder's fields (context length, shuffle, shuffle seed and start). */
export interface PlayerState extends PlayOrder {
  device: PlayerDevice;
  /** The playlist, show or audiobook played (`prefix:type:id`), or null when playing `uris`. */
  contextUri: string | null;
  /** The items played when there is no context (Start Playback with `uris`). */
  uris?: string[];
  /** The volume of each device with volume control the player left (by device id). */
  volumes?: Record<string, number>;
  /** Item uris the user added to the queue, played next in this order. */
  queue?: string[];
  /** The added item playing in place of the context's item at `index` (which then continues after it). */
  queued?: string;
  /** Index into the context of the item playing; -1 when the context is empty. */
  index: number;
  /** The playing item's duration when last seen (0 until the first `catchUp`). */
  durationMs: number;
  isPlaying: boolean;
  /** Position in the item at `changedAt`. */
  progressMs: number;
  /** Epoch ms of the last change (play, pause, seek, new item): the spec's `timestamp`. */
  changedAt: number;
  repeat: RepeatState;
}

/** The context as the clock needs it: its length and each item's duration (index into its items). */
export interface PlayerContext {
  length: number;
  durationAt(index: number): number;
}

export type PlayerCommand =
  | { kind: 'play' }
  | { kind: 'pause' }
  | { kind: 'next' }
  | { kind: 'previous' }
  | { kind: 'seek'; positionMs: number }
  | { kind: 'shuffle'; state: boolean }
  | { kind: 'repeat'; state: RepeatState };

/** The spec's `actions`, in its order. */
export const PLAYER_ACTIONS = [
  'interrupting_playback', 'pausing', 'resuming', 'seeking', 'skipping_next', 'skipping_prev',
  'toggling_repeat_context', 'toggling_shuffle', 'toggling_repeat_track', 'transferring_playback',
] as const;
export type PlayerAction = (typeof PLAYER_ACTIONS)[number];

export type CommandResult = { ok: true; state: PlayerState } | { ok: false; reason: string };

/** Past this point `previous` restarts the item instead of going back. */
const RESTART_THRESHOLD_MS = 3000;

/** A duration the clock can trust: a non-negative whole number of ms. */
function durationOf(ctx: PlayerContext, index: number): number {
  const duration = Math.floor(ctx.durationAt(index));
  return duration > 0 ? duration : 0;
}

/** The state with a new item at `index` starting at `startedAt`. */
function startItem(state: PlayerState, index: number, startedAt: number, ctx: PlayerContext): PlayerState {
  return { ...state, index, durationMs: durationOf(ctx, index), progressMs: 0, changedAt: startedAt };
}

/** The state made valid for the context as it is now (length and current duration); `state` if already so. */
function fitToContext(state: PlayerState, now: number, ctx: PlayerContext): PlayerState {
  const length = Math.max(0, ctx.length);
  if (length === state.contextLength) {
    if (state.index < 0) return state;
    const durationMs = durationOf(ctx, state.index);
    return durationMs === state.durationMs ? state : { ...state, durationMs };
  }
  if (length === 0) {
    return { ...state, contextLength: 0, index: -1, durationMs: 0, isPlaying: false, progressMs: 0, changedAt: now };
  }
  const index = Math.min(Math.max(state.index, 0), length - 1);
  const resized: PlayerState = { ...state, contextLength: length, index, durationMs: durationOf(ctx, index) };
  // The permutation depends on the length: restart the shuffled cycle from the item playing.
  resized.shuffleStart = permute(resized.shuffleSeed, length, index, true);
  return index === state.index ? resized : { ...resized, progressMs: 0, changedAt: now };
}

/** Advances a playing state over every item that ended by `now`. */
function advance(state: PlayerState, now: number, ctx: PlayerContext): PlayerState {
  let endedAt = state.changedAt + Math.max(0, state.durationMs - state.progressMs);
  if (endedAt > now) return state;
  if (state.repeat === 'track') {
    // An item without a duration cannot replay: it stays at its start.
    if (state.durationMs === 0) return state.progressMs === 0 ? state : { ...state, progressMs: 0 };
    const replays = Math.floor((now - endedAt) / state.durationMs);
    return { ...state, progressMs: 0, changedAt: endedAt + replays * state.durationMs };
  }
  const length = state.contextLength;
  let position = positionOf(state, state.index);
  let hasSkippedCycles = false;
  for (;;) {
    position += 1;
    if (position === length) {
      const cycleMs = state.repeat === 'context' ? totalDuration(ctx, length) : 0;
      // Repeat off (or nothing with a duration to repeat): stop paused at the start of the first item.
      if (cycleMs === 0) return { ...startItem(state, indexAt(state, 0), endedAt, ctx), isPlaying: false };
      position = 0;
      if (!hasSkippedCycles) {
        endedAt += Math.floor((now - endedAt) / cycleMs) * cycleMs;
        hasSkippedCycles = true;
      }
    }
    const index = indexAt(state, position);
    const durationMs = durationOf(ctx, index);
    if (endedAt + durationMs > now) return startItem(state, index, endedAt, ctx);
    endedAt += durationMs;
  }
}

function totalDuration(ctx: PlayerContext, length: number): number {
  let total = 0;
  for (let index = 0; index < length; index++) total += durationOf(ctx, index);
  return total;
}

/** The state at `now`: fitted to the context, advanced over item ends; the same object when nothing changed. */
export function catchUp(state: PlayerState, now: number, ctx: PlayerContext): PlayerState {
  const fitted = fitToContext(state, now, ctx);
  return fitted.isPlaying && fitted.index >= 0 ? advance(fitted, now, ctx) : fitted;
}

/** Position in the current item at `now`, clamped to its duration (call on a state caught up to `now`). */
export function progressAt(state: PlayerState, now: number): number {
  if (state.index < 0) return 0;
  const progress = state.isPlaying ? state.progressMs + (now - state.changedAt) : state.progressMs;
  return Math.min(Math.max(progress, 0), state.durationMs);
}

/** Why `command` is not permitted in a fitted state, or null when it is. */
function refusalOf(state: PlayerState, command: PlayerCommand): string | null {
  const hasItem = state.index >= 0;
  switch (command.kind) {
    case 'play':
      return !hasItem ? 'NOT_PLAYING_TRACK' : state.isPlaying ? 'NOT_PAUSED' : null;
    case 'pause':
      return !hasItem ? 'NOT_PLAYING_TRACK' : state.isPlaying ? null : 'ALREADY_PAUSED';
    case 'seek':
      return hasItem ? null : 'NOT_PLAYING_TRACK';
    case 'next': {
      const isLast = !hasItem || positionOf(state, state.index) === state.contextLength - 1;
      return hasItem && (!isLast || state.repeat === 'context') ? null : 'NO_NEXT_TRACK';
    }
    case 'previous':
      return hasItem ? null : 'NO_PREV_TRACK';
    case 'shuffle':
    case 'repeat':
      return hasItem ? null : 'NOT_PLAYING_CONTEXT';
  }
}

/**
 * The item `step` away in play order, passing over items with no duration (a playlist file's line that names
 * no file: decisions §21) up to the context's end (around it with repeat `context`); the next one when none
 * has a duration.
 */
function stepped(state: PlayerState, step: 1 | -1, now: number, ctx: PlayerContext): PlayerState {
  const length = state.contextLength;
  const from = positionOf(state, state.index);
  let position = (from + step + length) % length;
  for (let offset = 1; offset <= length; offset++) {
    const place = from + step * offset;
    if (state.repeat !== 'context' && (place < 0 || place >= length)) break;
    const index = indexAt(state, (place + length * offset) % length);
    if (durationOf(ctx, index) > 0) {
      position = (place + length * offset) % length;
      break;
    }
  }
  return startItem(state, indexAt(state, position), now, ctx);
}

function applied(state: PlayerState, command: PlayerCommand, now: number, ctx: PlayerContext): PlayerState {
  const progressMs = progressAt(state, now);
  switch (command.kind) {
    case 'play':
      return { ...state, isPlaying: true, changedAt: now };
    case 'pause':
      return { ...state, isPlaying: false, progressMs, changedAt: now };
    case 'seek': {
      const positionMs = Math.floor(Math.min(Math.max(command.positionMs, 0), state.durationMs));
      return { ...state, progressMs: Number.isFinite(positionMs) ? positionMs : 0, changedAt: now };
    }
    case 'next':
      return stepped(state, 1, now, ctx);
    case 'previous': {
      const isFirst = positionOf(state, state.index) === 0 && state.repeat !== 'context';
      if (progressMs > RESTART_THRESHOLD_MS || isFirst) return { ...state, progressMs: 0, changedAt: now };
      return stepped(state, -1, now, ctx);
    }
    case 'shuffle': {
      if (command.state === state.shuffle) return state;
      if (!command.state) return { ...state, shuffle: false };
      const shuffleSeed = mix32(state.shuffleSeed ^ (now >>> 0));
      const shuffleStart = permute(shuffleSeed, state.contextLength, state.index, true);
      return { ...state, shuffle: true, shuffleSeed, shuffleStart };
    }
    case 'repeat':
      return { ...state, repeat: command.state };
  }
}

/** Applies a command at `now`, or says why the real service would refuse it (403 with this `reason`). */
export function applyCommand(
  state: PlayerState,
  command: PlayerCommand,
  now: number,
  ctx: PlayerContext,
): CommandResult {
  const current = catchUp(state, now, ctx);
  const reason = refusalOf(current, command);
  if (reason !== null) return { ok: false, reason };
  return { ok: true, state: catchUp(applied(current, command, now, ctx), now, ctx) };
}

/**
 * What the state permits, true meaning permitted: exactly the commands `applyCommand` accepts on it.
 * Pass a state caught up to now. Interrupting playback is not offered; moving to another device always is
 * (PUT /me/player).
 */
export function actionsOf(state: PlayerState, ctx: PlayerContext): Record<PlayerAction, boolean> {
  // Only the length matters here, so the moment a resized context is fitted at is irrelevant.
  const fitted = fitToContext(state, state.changedAt, ctx);
  const permits = (command: PlayerCommand) => refusalOf(fitted, command) === null;
  return {
    interrupting_playback: false,
    pausing: permits({ kind: 'pause' }),
    resuming: permits({ kind: 'play' }),
    seeking: permits({ kind: 'seek', positionMs: 0 }),
    skipping_next: permits({ kind: 'next' }),
    skipping_prev: permits({ kind: 'previous' }),
    toggling_repeat_context: permits({ kind: 'repeat', state: 'context' }),
    toggling_shuffle: permits({ kind: 'shuffle', state: !fitted.shuffle }),
    toggling_repeat_track: permits({ kind: 'repeat', state: 'track' }),
    transferring_playback: true,
  };
}
