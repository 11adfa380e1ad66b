/** Where the journals of unsaved moves live, and the name of each: one file per service and playlist. */
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** `$XDG_STATE_HOME/playdeck/journal`; a relative XDG_STATE_HOME is ignored, as the XDG spec says. */
export function defaultJournalDir(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.XDG_STATE_HOME;
  const stateHome = configured && isAbsolute(configured) ? configured : join(homedir(), '.local', 'state');
  return join(stateHome, 'playdeck', 'journal');
}

export const JOURNAL_SUFFIX = '.journal.json';

/** The file of a service's playlist: the service hashed (a URL is no file name), the playlist id kept readable. */
export function journalFileName(service: string, playlistId: string): string {
  const serviceHash = servicePrefix(service);
  const playlist = /^[A-Za-z0-9_-]{1,100}$/.test(playlistId) ? playlistId : createHash('sha256').update(playlistId).digest('hex').slice(0, 24);
  return `${serviceHash}-${playlist}${JOURNAL_SUFFIX}`;
}

/** The start of every journal file name of `service`. */
export const servicePrefix = (service: string): string => createHash('sha256').update(service).digest('hex').slice(0, 12);
