import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the embedded service keeps its database when not told: `$XDG_DATA_HOME/playdeck/playdeck.db`
 * (default `~/.local/share/...`). A file of its own so that `status` can know it without loading the service.
 */
export function defaultDatabasePathIn(env: NodeJS.ProcessEnv): string {
  return join(env['XDG_DATA_HOME'] || join(homedir(), '.local', 'share'), 'playdeck', 'playdeck.db');
}
