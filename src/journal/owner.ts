/**
 * Which running dashboard writes a journal: `<journal>.owner` beside it holds that process's id. A journal
 * whose owner still runs is that dashboard's to save, so another dashboard on the same service (a second
 * terminal) does not offer it at its start; a journal whose owner is gone (killed, crashed) is offered.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OWNER_SUFFIX = '.owner';

export function claimJournal(dir: string, file: string, pid: number): void {
  writeFileSync(join(dir, `${file}${OWNER_SUFFIX}`), String(pid), { mode: 0o600 });
}

export function releaseJournal(dir: string, file: string): void {
  try {
    unlinkSync(join(dir, `${file}${OWNER_SUFFIX}`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Whether a process other than `pid` that still runs wrote `file` last. */
export function isOwnedByAnother(dir: string, file: string, pid: number): boolean {
  let owner: number;
  try {
    owner = Number(readFileSync(join(dir, `${file}${OWNER_SUFFIX}`), 'utf8'));
  } catch {
    return false;
  }
  if (!Number.isSafeInteger(owner) || owner <= 0 || owner === pid) return false;
  try {
    process.kill(owner, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user (not ours to save either way); ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
