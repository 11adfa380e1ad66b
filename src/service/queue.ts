import { playingItem, type ContextItem } from './play-context.js';
import type { Playback } from './playback.js';
import { indexAt, positionOf } from './player-order.js';

/** Get the User's Queue lists at most this many items after the one playing. */
export const QUEUE_VIEW_LENGTH = 20;
/** The most items a user may have added and not yet played. */
export const MAX_QUEUED = 100;

/**
 * What plays after the current item, in order: the items the user added, then the context from the item
 * after the current one in play order (shuffle included); with repeat `context` it wraps around, otherwise
 * it ends with the context (repeat `track` replays only while nobody skips: `next` moves on in this order).
 */
export function upcoming(playback: Playback): ContextItem[] {
  const { state, context } = playback;
  const items: ContextItem[] = [];
  for (const uri of state.queue ?? []) {
    if (items.length === QUEUE_VIEW_LENGTH) return items;
    const item = playingItem({ index: 0, queued: uri }, null);
    if (item) items.push(item);
  }
  if (!context || state.index < 0 || context.length === 0) return items;
  const length = Math.min(context.length, state.contextLength || context.length);
  let position = positionOf(state, state.index);
  while (items.length < QUEUE_VIEW_LENGTH) {
    position += 1;
    if (position >= length) {
      if (state.repeat !== 'context') break;
      position = 0;
    }
    const item = context.itemAt(indexAt(state, position));
    if (item) items.push(item);
  }
  return items;
}
