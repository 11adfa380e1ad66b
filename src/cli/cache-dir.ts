import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/**
 * `$XDG_CACHE_HOME/playdeck/images` (default `~/.cache/playdeck/images`): cover pictures, bounded in size. A
 * relative XDG_CACHE_HOME is ignored, as the XDG spec says.
 */
export function defaultPictureCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env['XDG_CACHE_HOME'];
  return join(configured && isAbsolute(configured) ? configured : join(homedir(), '.cache'), 'playdeck', 'images');
}
