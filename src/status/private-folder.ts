import { chmodSync, lstatSync, mkdirSync } from 'node:fs';

/** This process's user id; undefined where there is none (Windows). */
export function currentUid(): number | undefined {
  return typeof process.getuid === 'function' ? process.getuid() : undefined;
}

/**
 * Makes `folder` (and its parents) if needed, and checks that it is a real folder of this user, readable by
 * no one else (group and other bits are taken away if set). False when it cannot be made so: another
 * user's folder, a symbolic link, a file.
 */
export function ensurePrivateFolder(folder: string): boolean {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = lstatSync(folder);
    const uid = currentUid();
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) return false;
    if ((stat.mode & 0o077) !== 0) chmodSync(folder, 0o700);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `folder`, there already, holds only what this user put there: a real folder (not a symbolic link)
 * of this user that neither group nor others may write. Where what a folder holds is run or painted (Node's
 * compiled code, a start frame), one that others could write is refused, not tightened: they may have written
 * in it already. Others' read bits are taken away. False for anything else, never an error.
 */
export function isUnsharedFolder(folder: string): boolean {
  try {
    const stat = lstatSync(folder);
    const uid = currentUid();
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) return false;
    if ((stat.mode & 0o077) !== 0) chmodSync(folder, stat.mode & 0o700);
    return true;
  } catch {
    return false;
  }
}
