import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$XDG_CACHE_HOME/playdeck/images` (default `~/.cache/playdeck/images`): cover pictures, bounded in size. */
export function defaultPictureCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'playdeck', 'images');
}
