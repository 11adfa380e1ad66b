import { useInput, type Key } from 'ink';
import { createContext, createElement, useCallback, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export type KeypressHandler = (input: string, key: Key) => void;

interface Registration {
  handler: KeypressHandler;
  isActive: boolean;
}

/** The handlers of every mounted component that reads keys, in the order they first rendered. */
type KeypressHub = Set<Registration>;

const HubContext = createContext<KeypressHub | null>(null);

/**
 * One input subscription for the whole app. Ink subscribes each `useInput` in a passive effect, which runs
 * a timer after the render: a key right after a pane mounted (Enter, then J) reached nobody. Components
 * below the hub register in a layout effect, within the commit that mounts (or unmounts) them.
 */
export function KeypressHub({ children }: { children: ReactNode }) {
  const [hub] = useState<KeypressHub>(() => new Set());
  useInput((input, key) => {
    for (const registration of [...hub]) if (registration.isActive) registration.handler(input, key);
  });
  return createElement(HubContext.Provider, { value: hub }, children);
}

/**
 * Reads keys while `isActive`. Each render updates the handler and `isActive` that the next key sees, so
 * the key after a focus change reaches the newly focused pane, and one key right after another sees the
 * state the first produced. Outside a hub (a pane rendered alone in a test) it subscribes through Ink.
 */
export function useKeypress(handler: KeypressHandler, { isActive = true }: { isActive?: boolean } = {}): void {
  const hub = useContext(HubContext);
  const registration = useRef<Registration>({ handler, isActive });
  registration.current.handler = handler;
  registration.current.isActive = isActive;
  useLayoutEffect(() => {
    const own = registration.current;
    hub?.add(own);
    return () => void hub?.delete(own);
  }, [hub]);

  const dispatch = useCallback<KeypressHandler>((input, key) => {
    if (registration.current.isActive) registration.current.handler(input, key);
  }, []);
  useInput(dispatch, { isActive: hub === null });
}
