import { useContext } from 'react';
import type { DetailsTarget } from '../details-target.js';
import { QUEUE_BINDINGS, resolve } from '../keymap.js';
import { KEY_LAYER } from '../keys/key-layers.js';
import { QueueActionsContext } from '../queue-context.js';
import { useKeyLayer } from './use-key-layer.js';

/**
 * Under the pane's own layer, so that the pane sees every key (and counts) first; above the global keys.
 * Child effects register first, and among equal layers the first added would go first.
 */
const QUEUE_KEY_PRIORITY = KEY_LAYER.pane - 1;

/** `a` on a focused list: adds the item under the cursor to the queue. */
export function useQueueKey(target: DetailsTarget | null, isFocused: boolean): void {
  const queue = useContext(QueueActionsContext);
  useKeyLayer(
    QUEUE_KEY_PRIORITY,
    (input, key) => {
      if (queue === null || resolve(QUEUE_BINDINGS, input, key) === null) return false;
      queue.add(target);
      return true;
    },
    { isActive: isFocused },
  );
}
