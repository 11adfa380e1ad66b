import { useContext } from 'react';
import type { DetailsTarget } from '../details-target.js';
import { QUEUE_BINDINGS, resolve } from '../keymap.js';
import { KEY_LAYER } from '../keys/key-layers.js';
import { QueueActionsContext } from '../queue-context.js';
import { useKeyLayer } from './use-key-layer.js';

/** `a` on a focused list: adds the item under the cursor to the queue. */
export function useQueueKey(target: DetailsTarget | null, isFocused: boolean): void {
  const queue = useContext(QueueActionsContext);
  useKeyLayer(
    KEY_LAYER.pane,
    (input, key) => {
      if (queue === null || resolve(QUEUE_BINDINGS, input, key) === null) return false;
      queue.add(target);
      return true;
    },
    { isActive: isFocused },
  );
}
