import { useInput, type Key } from 'ink';
import { useCallback, useRef } from 'react';

export type KeypressHandler = (input: string, key: Key) => void;

/**
 * `useInput` with one subscription for the component's life. Each render updates the handler and
 * `isActive` the next key will see. Ink's own `isActive` and a changed handler take effect only after a
 * passive effect has run, so the first key after a focus change, or a key right after another, reached the
 * old pane or an old closure.
 */
export function useKeypress(handler: KeypressHandler, { isActive = true }: { isActive?: boolean } = {}): void {
  const latest = useRef({ handler, isActive });
  latest.current = { handler, isActive };
  const dispatch = useCallback<KeypressHandler>((input, key) => {
    if (latest.current.isActive) latest.current.handler(input, key);
  }, []);
  useInput(dispatch);
}
