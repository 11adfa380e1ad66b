import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** `$XDG_CACHE_HOME/playdeck` (default `~/.cache/playdeck`). A relative XDG_CACHE_HOME is ignored, as the XDG spec says. */
function cacheHome(env: NodeJS.ProcessEnv): string {
  const configured = env['XDG_CACHE_HOME'];
  return join(configured && isAbsolute(configured) ? configured : join(homedir(), '.cache'), 'playdeck');
}

/** `$XDG_CACHE_HOME/playdeck/images`: cover pictures, bounded in size. */
export function defaultPictureCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheHome(env), 'images');
}

/** `$XDG_CACHE_HOME/playdeck/compile-cache`: Node's compiled code of the program (Node files it per version). */
export function defaultCompileCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheHome(env), 'compile-cache');
}
