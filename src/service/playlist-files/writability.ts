import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Whether a path may be written: the system says so and it has a write permission for someone. The second
 * holds even for root, whom the system lets write anything: a folder or file the user made read-only for all
 * (`chmod a-w`) is one they mean to keep as it is.
 */
function canWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return (statSync(path).mode & 0o222) !== 0;
  } catch {
    return false;
  }
}

/**
 * Why a playlist file cannot be written back (decisions §21), ending "its file X …": its folder (where the
 * temporary file and the rename happen) or the file itself read-only; null when it can. A link is judged by
 * the file it leads to.
 */
export function unwritableReason(path: string): string | null {
  let real = path;
  try {
    real = realpathSync(path);
  } catch {
    // Gone: its folder decides whether it can be made again.
  }
  if (!canWrite(dirname(real))) return 'is in a folder that cannot be written';
  if (statSync(real, { throwIfNoEntry: false }) && !canWrite(real)) return 'is read-only';
  return null;
}

/** Why a new file cannot be made in `folder`, or null. */
export const unwritableFolder = (folder: string): string | null => (canWrite(folder) ? null : 'cannot be written');

/** Whether a write's failure says the file or its folder cannot be written at all (as opposed to a passing fault). */
export function isPermanentWriteError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'EACCES' || code === 'EPERM' || code === 'EROFS';
}
