import { createElement, type ReactElement, type ReactNode } from 'react';
import { vi } from 'vitest';
import type { Api } from '../../../src/api/api.js';
import { ApiProvider } from '../../../src/ui/context/api-context.js';
import { KeyLayersProvider, useKeyLayer } from '../../../src/ui/keys/use-key-layer.js';
import { KEY_LAYER } from '../../../src/ui/keys/key-layers.js';

/** The callbacks the app gives a library pane, recording what the pane tells it. */
export function paneCallbacks() {
  return {
    onStatus: vi.fn<(message: string | null) => void>(),
    /** No details beside the list (the app gives them room on a wide terminal). */
    details: { width: 0, height: 0 },
  };
}

/** Records the keys that reach the global layer, the ones no pane took. */
function GlobalKeys({ onKey }: { onKey(input: string): void }) {
  useKeyLayer(KEY_LAYER.global, (input) => {
    onKey(input);
    return true;
  });
  return null;
}

/** A pane as the app holds it: on `api`, under the key layers, over a global layer that records what reaches it. */
export function inDashboard(api: Api, node: ReactNode, onGlobalKey: (input: string) => void = () => {}): ReactElement {
  const layers = createElement(KeyLayersProvider, null, node, createElement(GlobalKeys, { onKey: onGlobalKey }));
  return createElement(ApiProvider, { api, children: layers });
}

/** The last value a mock was called with. */
export function lastCall<T>(mock: { mock: { calls: T[][] } }): T | undefined {
  return mock.mock.calls.at(-1)?.[0];
}

/** Lets settled promises run their callbacks and React commit, on the real event loop (fake timers or not). */
export async function settle(): Promise<void> {
  const { setImmediate } = await import('node:timers');
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}
