import { vi } from 'vitest';

/**
 * Fake clocks for UI tests: timers and Date only. `setImmediate`, `nextTick` and microtasks stay real, or
 * Ink's input stalls. The clearing functions are faked with their timers: a real `clearTimeout` does not
 * cancel a fake timer, which then fires anyway.
 */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}
