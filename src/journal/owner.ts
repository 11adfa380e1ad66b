/**
 * Whose a journal is. Each dashboard writes its own files, its process id in their names (paths.ts): a file
 * whose writer still runs is that dashboard's to save, so another dashboard on the same service (a second
 * terminal) neither offers it nor touches it; a file whose writer is gone (killed, crashed) is offered. A file
 * an earlier playdeck wrote (one per playlist for every writer) names its process in an `.owner` file beside it.
 */
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writerPidOf } from './paths.js';

const OWNER_SUFFIX = '.owner';

function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user (not ours to save either way); ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the `.owner` file an earlier playdeck left beside `file`, if any. */
export function releaseJournal(dir: string, file: string): void {
  try {
    unlinkSync(join(dir, `${file}${OWNER_SUFFIX}`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Whether a process other than the writer `self` that still runs writes `file`. A file with this process's id
 * but another writer's tag was written by an earlier process that had the same id: it is gone.
 */
export function isWrittenByAnother(dir: string, file: string, self: { pid: number; writer: string }): boolean {
  const pid = writerPidOf(file);
  if (pid !== null) return pid !== self.pid && isRunning(pid);
  let owner: number;
  try {
    owner = Number(readFileSync(join(dir, `${file}${OWNER_SUFFIX}`), 'utf8'));
  } catch {
    return false;
  }
  return owner !== self.pid && isRunning(owner);
}
