/**
 * Runs before every test file (vitest.config.ts `setupFiles`). Test files share loaded modules within a worker
 * (`isolate: false`), so a module's top-level hooks would be registered in the first file that loads it only:
 * hooks every file needs live here, where they are registered anew for each file.
 */
import { afterAll, afterEach, vi } from 'vitest';
import { unmountAll } from './mounted-apps.js';

// From src, covers are drawn on the test's own thread by a module imported when first used (picture-thread.ts):
// loaded here, before any fake clock runs, so that a test waiting in fake time for a picture does not wait on a
// module's first load in real time (on a loaded machine, longer than its waits of fake time allow).
await import('../../src/ui/art/draw-picture.js');

// What a test mounted with renderApp is unmounted, so that its timers and polls end with it.
afterEach(unmountAll);

// A file that fails before going back to real timers must not leave the next file in its worker on fake ones.
afterAll(() => {
  vi.useRealTimers();
});
