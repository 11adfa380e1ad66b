import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import nodeModule from 'node:module';
import { dirname } from 'node:path';
import { defaultCompileCacheDir } from './cache-dir.js';
import { isUnsharedFolder } from '../status/private-folder.js';

/** The part of `node:module` this uses: `enableCompileCache` is there from Node 22.1 on. */
export interface CompileCacheHost {
  enableCompileCache?: (directory?: string) => { status: number; message?: string; directory?: string };
}

/** Node's compileCacheStatus: ENABLED and ALREADY_ENABLED. */
const IN_USE = new Set([1, 2]);

/**
 * Makes `directory` and its missing parents one at a time: a recursive mkdir (Node's own, and the one
 * enableCompileCache runs) never returns under a folder that refuses new entries with ENOENT, such as /proc.
 * Whether the folder is there and writable afterwards.
 */
function writableFolder(directory: string): boolean {
  try {
    if (!statSync(directory, { throwIfNoEntry: false })) {
      const parent = dirname(directory);
      if (parent === directory || !writableFolder(parent)) return false;
      mkdirSync(directory, { mode: 0o700 });
    }
    accessSync(directory, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Has Node keep the code it compiles for the dashboard's chunks on disk and reuse it at the next start (25–35 ms
 * of a start on Node 22 and 24; Node 20 has no such cache, and nothing happens). Called before the chunks load:
 * only what is compiled afterwards is cached. The folder is the user's cache (XDG), never the program's own (an
 * installed program's folder may be read-only, and is shared); a NODE_COMPILE_CACHE the user set wins, and
 * NODE_DISABLE_COMPILE_CACHE turns it off, as in Node. A folder that cannot be made or written only costs the
 * cache: a start never fails for it. Node runs the code it finds there, so the folder must be this user's alone
 * (status/private-folder.ts): another user's, a symbolic link or one that others may write is not used. The
 * folder in use, or null.
 */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env, host: CompileCacheHost = nodeModule as CompileCacheHost): string | null {
  if (typeof host.enableCompileCache !== 'function' || env['NODE_DISABLE_COMPILE_CACHE'] !== undefined) return null;
  const directory = env['NODE_COMPILE_CACHE'] || defaultCompileCacheDir(env);
  if (!writableFolder(directory) || !isUnsharedFolder(directory)) return null;
  try {
    const result = host.enableCompileCache(directory);
    return IN_USE.has(result.status) ? (result.directory ?? directory) : null;
  } catch {
    return null;
  }
}
