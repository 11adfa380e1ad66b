import { playingItem, type PlayContext, type PlayContexts } from './play-context.js';
import type { PlayerContext, PlayerState } from './player.js';

/** The sound engine's say in the clock (sound/engine.ts) while it plays what the player plays. */
export interface SoundClock {
  /** How long the clock lets the item playing run (its sound ends it first), or null: the catalog's duration. */
  durationOf(state: PlayerState, context: PlayContext | null, catalogMs: number): number | null;
}

/** The durations the player's clock counts: the context's, an added item's while it plays, and the sound's. */
export class PlayerDurations {
  /** Set while a sound engine plays: the item playing ends when its sound ends, not by the catalog's duration. */
  sound: SoundClock | null = null;

  constructor(private readonly contexts: PlayContexts) {}

  /** The context's durations, with the added item's in place of the item at the index while it plays, and the sound's say on it. */
  of(context: PlayContext | null, state?: PlayerState): PlayerContext {
    const clock = context ? context.clock : { length: 0, durationAt: () => 0 };
    if (!state || (!state.queued && !this.sound)) return clock;
    const catalogMs = state.queued ? this.contexts.durationOf(playingItem(state, null)) : clock.durationAt(state.index);
    const durationMs = this.sound?.durationOf(state, context, catalogMs) ?? catalogMs;
    return state.queued || durationMs !== catalogMs ? lasting(clock, state.index, durationMs) : clock;
  }
}

/** `clock` with the item at `index` lasting `durationMs`. */
export function lasting(clock: PlayerContext, index: number, durationMs: number): PlayerContext {
  return { length: clock.length, durationAt: (at) => (at === index ? durationMs : clock.durationAt(at)) };
}
