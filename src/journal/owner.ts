/**
 * Whose a journal is. Each dashboard writes its own files, its process in their names (paths.ts): a file
 * whose writer still runs is that dashboard's to save, so another dashboard on the same service (a second
 * terminal) neither offers it nor touches it; a file whose writer is gone (killed, crashed, the machine
 * restarted) is offered. A process id alone cannot say so: after a crash or a reboot the id is given to
 * another process. So a writer is judged by its life (process-life.ts: when it started, and in which boot),
 * recorded in the name: the process with that id now must be the very one (decisions §17). A name without a
 * life (an earlier playdeck's, or a system that does not tell lives) and the one file per playlist an
 * earlier playdeck wrote, which names its process in an `.owner` file beside it, are judged by the id and by
 * time: a process that started after the file was last written did not write it.
 */
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writerOf } from './paths.js';
import { modifiedAt, processLife, processStartedAt } from './process-life.js';

const OWNER_SUFFIX = '.owner';
/** Slack between a file's time and a process's start, which is known to the second only. */
const START_SLACK_MS = 2_000;

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

/** Whether process `pid` runs and may have written `path` last: it started before the file's last write. */
function mayHaveWritten(pid: number, path: string): boolean {
  if (!isRunning(pid)) return false;
  const startedAt = processStartedAt(pid);
  const writtenAt = modifiedAt(path);
  return startedAt === null || writtenAt === null || startedAt <= writtenAt + START_SLACK_MS;
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
  const writer = writerOf(file);
  if (writer !== null) {
    if (writer.pid === self.pid) return false;
    if (writer.life !== null) return processLife(writer.pid) === writer.life;
    return mayHaveWritten(writer.pid, join(dir, file));
  }
  let owner: number;
  try {
    owner = Number(readFileSync(join(dir, `${file}${OWNER_SUFFIX}`), 'utf8'));
  } catch {
    return false;
  }
  return owner !== self.pid && mayHaveWritten(owner, join(dir, file));
}
