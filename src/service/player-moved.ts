import { permute } from './player-order.js';
import type { PlayerState } from './player.js';

/**
 * The state on the entry now at `newIndex` of its edited context of `length`; when it is gone (-1), on the one
 * now at its place from 0. A shuffled cycle restarts from the item playing, as when the context is resized.
 */
export function movedTo(state: PlayerState, newIndex: number, length: number, now: number): PlayerState {
  const moved: PlayerState =
    newIndex >= 0 ? { ...state, index: newIndex } : { ...state, index: Math.min(state.index, length - 1), progressMs: 0, changedAt: now };
  if (moved.shuffle && moved.index >= 0) moved.shuffleStart = permute(moved.shuffleSeed, length, moved.index, true);
  return moved;
}
