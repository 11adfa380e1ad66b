import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/**
 * Where the embedded service keeps its database when not told: `$XDG_DATA_HOME/playdeck/playdeck.db`
 * (default `~/.local/share/...`; a relative XDG_DATA_HOME is ignored, as the XDG spec says: it would put the
 * database wherever the program was started). A file of its own so that `status` can know it without loading
 * the service.
 */
export function defaultDatabasePathIn(env: NodeJS.ProcessEnv): string {
  return join(dataFolderIn(env), 'playdeck.db');
}

/**
 * A music folder's catalog, its likes, resume points and plays (decisions §19): `music.db` beside the demo's,
 * whatever the folder, so that a folder moved elsewhere keeps them (its ids come from its tags).
 */
export function musicDatabasePathIn(env: NodeJS.ProcessEnv): string {
  return join(dataFolderIn(env), 'music.db');
}

function dataFolderIn(env: NodeJS.ProcessEnv): string {
  const configured = env['XDG_DATA_HOME'];
  return join(configured && isAbsolute(configured) ? configured : join(homedir(), '.local', 'share'), 'playdeck');
}
