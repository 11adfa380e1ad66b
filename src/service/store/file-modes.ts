/**
 * The database holds someone's library and tokens: its file, its `-wal`, `-shm` and `-journal` files are
 * owner-only (0600) and the folder playdeck makes for it 0700. Files made before this was so are tightened at
 * open (group and other bits removed, the owner's left as they are: a file made read-only stays read-only).
 * SQLite gives the `-wal` and `-shm` files it creates the database file's mode.
 */
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

const COMPANIONS = ['', '-wal', '-shm', '-journal'];

/** Takes group and other permissions away; a file that is not there or not ours is left alone. */
function tighten(path: string): void {
  try {
    const mode = statSync(path).mode & 0o777;
    if ((mode & 0o077) !== 0) chmodSync(path, mode & 0o700);
  } catch {
    // Not there (yet), or another user's: nothing this process may change.
  }
}

/** The folder, made owner-only (or tightened when it was there). */
export function makePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  tighten(path);
}

/** Before SQLite opens `path`: made 0600 when missing, and it and its companion files tightened. */
export function keepDatabasePrivate(path: string): void {
  if (path === ':memory:' || path === '' || path.startsWith('file:')) return;
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch {
    // There already (tightened below), or its folder cannot be written: SQLite says so in its own words.
  }
  for (const suffix of COMPANIONS) tighten(`${path}${suffix}`);
}
