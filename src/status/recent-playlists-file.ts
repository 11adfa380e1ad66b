/**
 * The playlists last added to, per service, in `$XDG_STATE_HOME/playdeck/recent-playlists.json` (mode 0600 in
 * a private folder): the dashboard's picker of `A` offers them first, and `playdeck add` without `--to` adds
 * to the first. Written whole to a temporary file and renamed, so a crash leaves the one before; a file that
 * cannot be read counts as none (it only orders a list).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { withRecent, type RecentPlaylist, type RecentPlaylists } from '../ui/playlist-editor/recent-playlists.js';
import { ensurePrivateFolder } from './private-folder.js';

const FILE = 'recent-playlists.json';

/** `$XDG_STATE_HOME/playdeck` (default `~/.local/state/playdeck`); a relative XDG_STATE_HOME is ignored. */
export function stateFolder(env: NodeJS.ProcessEnv): string {
  const state = env.XDG_STATE_HOME;
  return join(state && isAbsolute(state) ? state : join(homedir(), '.local', 'state'), 'playdeck');
}

type Stored = Record<string, RecentPlaylist[]>;

const isRecent = (value: unknown): value is RecentPlaylist =>
  typeof value === 'object' && value !== null && typeof (value as RecentPlaylist).id === 'string' && typeof (value as RecentPlaylist).name === 'string';

function read(path: string): Stored {
  try {
    const body: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof body !== 'object' || body === null) return {};
    const services = (body as { services?: unknown }).services;
    if (typeof services !== 'object' || services === null) return {};
    return Object.fromEntries(Object.entries(services).map(([key, list]) => [key, Array.isArray(list) ? list.filter(isRecent) : []]));
  } catch {
    return {};
  }
}

/** The recent playlists of the service named `service` (status/target.ts serviceKey), kept in the state folder. */
export function recentPlaylistsFile(service: string, env: NodeJS.ProcessEnv = process.env): RecentPlaylists {
  const folder = stateFolder(env);
  const path = join(folder, FILE);
  return {
    list: () => read(path)[service] ?? [],
    remember: (playlist) => {
      // Read again at each write: another dashboard or a `playdeck add` may have written meanwhile.
      const stored = read(path);
      stored[service] = withRecent(stored[service] ?? [], playlist);
      if (!ensurePrivateFolder(folder)) return;
      const temporary = join(folder, `${FILE}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        writeFileSync(temporary, `${JSON.stringify({ version: 1, services: stored })}\n`, { mode: 0o600 });
        renameSync(temporary, path);
      } catch {
        // Only an order is lost: the next addition writes it again.
        try {
          unlinkSync(temporary);
        } catch {
          // Never made.
        }
      }
    },
  };
}
