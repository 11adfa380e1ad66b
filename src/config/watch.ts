import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { ConfigProblem } from './problems.js';
import { readConfig } from './read.js';
import type { Config } from './schema.js';

/**
 * Live reload: watches the config's folder (editors save by writing another file and renaming it over, which
 * a watch on the file itself would lose), and once saves settle reads and checks the file again. A good
 * file is reported as a new config; a bad one as its problems, the config in force staying as it is. The
 * kernel tells of changes: nothing runs while nothing is saved. A folder that does not exist yet is waited
 * for from its parent.
 */

/** Editors write a file in a few steps; one read after they are done, well within a second. */
export const SETTLE_MS = 150;

export type ConfigUpdate = { config: Config } | { problems: ConfigProblem[] };

export interface WatchOptions {
  path: string;
  /** Named with --config: its absence is a problem rather than the defaults. */
  isExplicit?: boolean;
  /** The config in force: a save that leaves it the same reports nothing. */
  current: Config;
  onUpdate(update: ConfigUpdate): void;
  settleMs?: number;
}

export interface ConfigWatcher {
  close(): void;
}

export function watchConfig({ path, isExplicit = false, current, onUpdate, settleMs = SETTLE_MS }: WatchOptions): ConfigWatcher {
  const folder = dirname(path);
  const name = basename(path);
  let watcher: FSWatcher | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isClosed = false;
  let reads = 0;
  let shown = JSON.stringify(current);

  const check = async (): Promise<void> => {
    const read = ++reads;
    const { config, problems } = await readConfig(path, { isExplicit });
    if (isClosed || read !== reads) return;
    const state = JSON.stringify(problems.length > 0 ? problems : config);
    if (state === shown) return;
    shown = state;
    onUpdate(problems.length > 0 ? { problems } : { config });
  };
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), settleMs);
  };

  const follow = (target: string, onEvent: (file: string | null) => void): void => {
    watcher?.close();
    // Not persistent: the watch alone must not keep the program running.
    watcher = watch(target, { persistent: false }, (_event, file) => onEvent(file === null ? null : String(file)));
    watcher.on('error', () => {
      // The folder went away: wait for it again.
      if (!isClosed) arm();
    });
  };
  const arm = (): void => {
    try {
      follow(folder, (file) => (file === null || file === name) && schedule());
    } catch {
      try {
        follow(dirname(folder), (file) => {
          if (file !== null && file !== basename(folder)) return;
          arm();
          schedule();
        });
      } catch {
        watcher = null;
      }
    }
  };
  arm();
  return {
    close() {
      isClosed = true;
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
