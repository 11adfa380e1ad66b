import { watch, type FSWatcher } from 'node:fs';
import { isPlaylistName } from './discover.js';

/**
 * Calls `run` once `waitMs` have passed without another call of the function it returns, and at the latest
 * `maxWaitMs` after the first one held back, so that a stream of changes is still heard. Its timers never
 * hold the process open.
 */
export function debounced(run: () => void, waitMs: number, maxWaitMs = Infinity): { call(): void; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  let firstAt: number | null = null;
  const fire = () => {
    timer = undefined;
    firstAt = null;
    run();
  };
  return {
    call() {
      const now = Date.now();
      firstAt ??= now;
      clearTimeout(timer);
      timer = setTimeout(fire, Math.max(0, Math.min(waitMs, firstAt + maxWaitMs - now))).unref();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      firstAt = null;
    },
  };
}

/**
 * Watches the folders that hold playlist files (and the folder's root, and its `Playlists`), each by itself:
 * a playlist file made, changed, renamed or removed there calls `changed`, as does a `Playlists` folder made.
 * Hidden names (a write's temporary file) and other files are not heard. A folder that cannot be watched is not, without a word.
 */
export class PlaylistFolderWatch {
  private readonly watchers = new Map<string, FSWatcher>();

  constructor(private readonly changed: () => void) {}

  /** Watches exactly `folders` (absolute paths) from now on. */
  watch(folders: ReadonlySet<string>): void {
    for (const [folder, watcher] of this.watchers) {
      if (folders.has(folder)) continue;
      watcher.close();
      this.watchers.delete(folder);
    }
    for (const folder of folders) {
      if (this.watchers.has(folder)) continue;
      try {
        const watcher = watch(folder, { persistent: false }, (_event, name) => {
          // A `Playlists` folder made at the root is one to watch from now on.
          if (name === null || isPlaylistName(String(name)) || /^playlists$/i.test(String(name))) this.changed();
        });
        watcher.on('error', () => {
          watcher.close();
          this.watchers.delete(folder);
        });
        this.watchers.set(folder, watcher);
      } catch {
        // Gone meanwhile, or not a folder the system can watch.
      }
    }
  }

  close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}
