import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `bytes` to `path` so that a crash at any moment leaves either the old file whole or the new one: a
 * temporary file in the same folder (a hidden name no playlist has) is written and flushed, renamed over the
 * file, and the folder flushed so that the rename itself is on disk. The new file has `mode` (the old one's);
 * `beforeRename` runs between the two (the tests make it fail); a failure anywhere removes the temporary file
 * and leaves the old one as it was.
 */
export async function writeAtomically(
  path: string,
  bytes: Uint8Array,
  options: { mode?: number; beforeRename?: () => Promise<void> | void } = {},
): Promise<void> {
  const folder = dirname(path);
  const temporary = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(bytes);
      // Set after the open, which the umask would narrow.
      await file.chmod(options.mode ?? 0o644);
      await file.sync();
    } finally {
      await file.close();
    }
    await options.beforeRename?.();
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
  await syncFolder(folder);
}

/** Flushes a folder's entries (a rename, a new name) to disk. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a new file holding `bytes`, never over one there (EEXIST), flushed with its folder: a playlist created. */
export function createFileSync(path: string, bytes: Uint8Array): void {
  const file = openSync(path, 'wx', 0o644);
  try {
    writeSync(file, bytes);
    fsyncSync(file);
  } finally {
    closeSync(file);
  }
  syncFolderSync(dirname(path));
}

/** `syncFolder`, at once: a rename made while a request waits. */
export function syncFolderSync(folder: string): void {
  const handle = openSync(folder, 'r');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
}
