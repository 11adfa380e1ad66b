/**
 * Where the journals of unsaved moves live, and the name of each: one file per service, playlist and writer
 * (a dashboard process), so that two dashboards editing one playlist never write or remove each other's.
 */
import { createHash, randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { processLife, type ProcessLife } from './process-life.js';

/** `$XDG_STATE_HOME/playdeck/journal`; a relative XDG_STATE_HOME is ignored, as the XDG spec says. */
export function defaultJournalDir(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.XDG_STATE_HOME;
  const stateHome = configured && isAbsolute(configured) ? configured : join(homedir(), '.local', 'state');
  return join(stateHome, 'playdeck', 'journal');
}

export const JOURNAL_SUFFIX = '.journal.json';

/**
 * A writer's tag: its process id, the process's life where the system tells it (process-life.ts: when it
 * started, and in which boot), and a random part. A crashed process's id is given out again, to a process that
 * started later: the life tells the two apart. Without a life (no /proc), `w<pid>-<random>`, as earlier playdecks wrote.
 */
export const newWriterTag = (pid: number): string => {
  const life = processLife(pid);
  return `w${pid}-${life === null ? '' : `${life}-`}${randomBytes(4).toString('hex')}`;
};

const WRITER = /\.w(\d{1,10})-(?:([0-9a-z]{1,13}-[0-9a-f]{8})-)?[0-9a-f]{8}\.journal\.json$/;

/**
 * The file of a service's playlist written by `writer`: the service hashed (a URL is no file name), the playlist
 * id kept readable. Without a writer, the name an earlier playdeck gave (one file for every writer), still read.
 */
export function journalFileName(service: string, playlistId: string, writer?: string): string {
  const serviceHash = servicePrefix(service);
  const playlist = /^[A-Za-z0-9_-]{1,100}$/.test(playlistId) ? playlistId : createHash('sha256').update(playlistId).digest('hex').slice(0, 24);
  return `${serviceHash}-${playlist}${writer === undefined ? '' : `.${writer}`}${JOURNAL_SUFFIX}`;
}

/** The writer a journal file's name gives: its process id and, when recorded, its life; null for a name without one (an earlier playdeck's). */
export function writerOf(file: string): { pid: number; life: ProcessLife | null } | null {
  const match = WRITER.exec(file);
  return match ? { pid: Number(match[1]), life: match[2] ?? null } : null;
}

/** Whether `file` is a journal's bare name (no folder in it), as `list` gives them. */
export const isJournalName = (file: string): boolean => file.endsWith(JOURNAL_SUFFIX) && !file.includes('/') && !file.startsWith('.');

/** The start of every journal file name of `service`. */
export const servicePrefix = (service: string): string => createHash('sha256').update(service).digest('hex').slice(0, 12);
