import { vi } from 'vitest';
import type { DetailsTarget } from '../../../src/ui/details-target.js';

/** The callbacks the app gives a library pane, recording what the pane tells it. */
export function paneCallbacks() {
  return {
    onSelect: vi.fn<(target: DetailsTarget | null) => void>(),
    onStatus: vi.fn<(message: string | null) => void>(),
    onCaptureInput: vi.fn<(isCapturing: boolean) => void>(),
  };
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
