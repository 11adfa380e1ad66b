import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Api } from '../../api/api.js';
import { isApiError } from '../../api/errors.js';
import type { PlayableItem } from '../../api/types.js';
import type { DetailsTarget } from '../details-target.js';
import { sayIfUnplayable } from '../play/unplayable.js';
import type { QueueActions } from '../context/queue-context.js';
import { sanitizeText } from '../sanitize.js';

/** How many items Now playing shows under "next". */
export const UP_NEXT_COUNT = 2;

export interface UpNext extends QueueActions {
  /** The next items, at most UP_NEXT_COUNT; empty before the first answer or with nothing playing. */
  items: readonly PlayableItem[];
}

const reasonOf = (error: unknown): string => (isApiError(error) ? (error.details.reason ?? error.message) : String(error));

/**
 * What plays next, read when the playing item changes or after an add from here, never on a poll that
 * changed nothing else: the queue costs one request per item.
 */
export function useUpNext(api: Api, itemId: string | null | undefined, onNotice: (message: string) => void): UpNext {
  const [items, setItems] = useState<readonly PlayableItem[]>([]);
  const [addedCount, setAddedCount] = useState(0);
  const latest = useRef({ api, onNotice });
  latest.current = { api, onNotice };

  useEffect(() => {
    if (itemId === undefined) return;
    if (itemId === null) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    api.getQueue({ signal: controller.signal }).then(
      (answer) => setItems(answer.queue.slice(0, UP_NEXT_COUNT)),
      // A queue that cannot be read shows nothing next; the player's own errors say why elsewhere.
      () => undefined,
    );
    return () => controller.abort();
  }, [api, itemId, addedCount]);

  const add = useCallback((target: DetailsTarget | null) => {
    const { api: client, onNotice: notify } = latest.current;
    const item = target?.kind === 'track' ? target.track : target?.kind === 'episode' ? target.episode : null;
    if (item === null) return notify("can't queue this: only tracks and episodes can be added to the queue");
    const name = sanitizeText(item.name);
    if (sayIfUnplayable(client, item, (reason) => latest.current.onNotice(`can't queue ${name}: ${reason}`))) return;
    client.addToQueue(item.uri).then(
      () => {
        notify(`added to the queue: ${name}`);
        setAddedCount((count) => count + 1);
      },
      (error: unknown) => notify(`couldn't queue ${name}: ${reasonOf(error)}`),
    );
  }, []);

  return useMemo(() => ({ items, add }), [items, add]);
}
