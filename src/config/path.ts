import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

// Apart from read.ts, whose checker loads the action table: the start frame needs the path before any of it.

/** `$XDG_CONFIG_HOME/playdeck/config.toml`; a relative XDG_CONFIG_HOME is ignored, as the spec says. */
export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env['XDG_CONFIG_HOME'];
  const configHome = configured && isAbsolute(configured) ? configured : join(homedir(), '.config');
  return join(configHome, 'playdeck', 'config.toml');
}
