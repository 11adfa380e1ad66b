/**
 * Which service a command speaks of, and where its status socket, cache and lock live. The dashboard and
 * `playdeck status` compute the same names from the same options, so they meet without a registry.
 */
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { loginKey } from '../api/auth/credentials.js';

export type ServiceTarget =
  /** The embedded service on this database file (or `:memory:`). */
  | { kind: 'embedded'; db?: string }
  /** Another service; without a token, with the login stored for its base URL. */
  | { kind: 'remote'; baseUrl: string; token?: string };

import { existsSync } from 'node:fs';
import { defaultConfigPath } from '../config/path.js';
import { readMusicSettings } from '../config/music-settings.js';
import { defaultDatabasePathIn, musicDatabasePathIn } from '../service/database-path.js';

/**
 * The database a command speaks of without `--db`: the music folder's (music.db) when the config names a
 * folder, or when it alone is served now or alone exists (`playdeck --music DIR` with no config); else the
 * demo's (decisions §19).
 */
export function defaultDatabasePath(env: NodeJS.ProcessEnv): string {
  const demo = defaultDatabasePathIn(env);
  const music = musicDatabasePathIn(env);
  if (readMusicSettings(defaultConfigPath(env)).folder !== undefined) return music;
  const served = (db: string) => existsSync(`${db}.service`);
  if (served(music) && !served(demo)) return music;
  if (existsSync(music) && !existsSync(demo)) return music;
  return demo;
}

/** One name per service: the database's absolute path, or the base URL as logins key it. */
export function serviceKey(target: ServiceTarget, env: NodeJS.ProcessEnv): string {
  if (target.kind === 'remote') return `remote ${URL.canParse(target.baseUrl) ? loginKey(target.baseUrl) : target.baseUrl}`;
  const db = target.db ?? defaultDatabasePath(env);
  return `embedded ${db === ':memory:' ? db : resolve(db)}`;
}

/**
 * `$XDG_RUNTIME_DIR/playdeck` (a per-user folder the system empties at logout), else the state folder
 * `$XDG_STATE_HOME/playdeck` (default `~/.local/state/playdeck`). Relative XDG paths are ignored, as the
 * specification says.
 */
export function statusFolder(env: NodeJS.ProcessEnv): string {
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && isAbsolute(runtime)) return join(runtime, 'playdeck');
  const state = env.XDG_STATE_HOME;
  return join(state && isAbsolute(state) ? state : join(homedir(), '.local', 'state'), 'playdeck');
}

export interface StatusPaths {
  folder: string;
  /** Where a running dashboard answers. */
  socket: string;
  /** The last answer of the service itself, when no dashboard runs. */
  cache: string;
  /** Held while one `status` asks the service, so that status bars refreshing together ask once. */
  lock: string;
}

/**
 * Named by a hash of the service's key: short enough for a socket path (about 100 bytes at most), and
 * saying nothing of the URL or file to someone who lists the folder.
 */
export function statusPaths(target: ServiceTarget, env: NodeJS.ProcessEnv): StatusPaths {
  const folder = statusFolder(env);
  const name = createHash('sha256').update(serviceKey(target, env)).digest('hex').slice(0, 16);
  return {
    folder,
    socket: join(folder, `${name}.sock`),
    cache: join(folder, `${name}.status.json`),
    lock: join(folder, `${name}.lock`),
  };
}
