import { useInput } from 'ink';
import { createContext, createElement, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { KeyLayers, type KeyHandler, type KeyLayer } from '../keys/key-layers.js';

const KeyLayersContext = createContext<KeyLayers | null>(null);

/**
 * The one input subscription of the app: every key goes through its `KeyLayers`. Ink subscribes each
 * `useInput` in a passive effect, a timer after the render: a key right after a pane mounted (Enter, then
 * J) reached nobody. Layers register in a layout effect, within the commit that mounts them.
 */
export function KeyLayersProvider({ children }: { children: ReactNode }) {
  const [layers] = useState(() => new KeyLayers());
  useInput((input, key) => layers.press(input, key));
  return createElement(KeyLayersContext.Provider, { value: layers }, children);
}

/** The app's key layers, for a key an action runs as if pressed (`:` running an action); null outside a provider. */
export function useKeyLayers(): KeyLayers | null {
  return useContext(KeyLayersContext);
}

export interface KeyLayerOptions {
  /** Off: the layer lets every key through. */
  isActive?: boolean;
  /** Digits are a count for the next key, passed to `handler` (key-layers.ts). */
  takesCounts?: boolean;
}

/**
 * Makes the component a key layer at `priority` (KEY_LAYER). Each render updates the handler and
 * `isActive` that the next key sees, so one key right after another sees the state the first produced.
 * Returns the count typed so far ('' for none; always '' without `takesCounts`).
 */
export function useKeyLayer(priority: number, handler: KeyHandler, options: KeyLayerOptions = {}): string {
  const layers = useContext(KeyLayersContext);
  if (layers === null) throw new Error('useKeyLayer outside a KeyLayersProvider');
  const [count, setCount] = useState('');
  const layer = useRef<KeyLayer>({ priority, handler, isActive: true });
  Object.assign(layer.current, { priority, handler, isActive: options.isActive ?? true, takesCounts: options.takesCounts ?? false });
  layer.current.onCount = setCount;
  useLayoutEffect(() => layers.add(layer.current), [layers]);
  return count;
}
