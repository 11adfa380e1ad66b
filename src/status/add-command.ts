/**
 * `playdeck add [--to NAME]`: what plays, added to a playlist (by its name or part of it; without --to, the one
 * last added to). A running dashboard on the same service does it over its status socket, journaled and saved
 * as its `A` is, its screen showing it at once; without one, the service is asked (another service over HTTP,
 * the embedded one's running service, or one started here on its database for the moment). Adding what the
 * playlist holds already is refused, saying so: there is nobody to ask.
 */
import type { Api } from '../api/api.js';
import { readTokenInput, TOKEN_IN_PS_WARNING } from '../api/auth/token-input.js';
import { printable } from '../text/printed.js';
import { canEdit, readOnlyText } from '../ui/playlist-editor/model/access.js';
import { playlistNamed, readAllPlaylists } from '../ui/playlist-editor/picker.js';
import { parseOptions } from './option-values.js';
import { recentPlaylistsFile } from './recent-playlists-file.js';
import { askDashboard } from './socket-client.js';
import { PROTOCOL_VERSION } from './socket-protocol.js';
import { serviceKey, statusPaths, type ServiceTarget } from './target.js';

export const ADD_USAGE = `Usage:
  playdeck add [--to NAME] [--base-url URL [--token-file PATH | --token TOKEN] | --db PATH]
adds what plays to the playlist NAME names (its name, or a part only it holds; case and accents aside), or
without --to to the playlist last added to; through the running dashboard, else the service.`;

export interface AddIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

class UsageError extends Error {}
class Refused extends Error {}

/** The dashboard reads the playlists and saves through its journal: longer than a player command. */
const ADD_TIMEOUT_MS = 20_000;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  to: { type: 'string' },
  'base-url': { type: 'string' },
  token: { type: 'string' },
  'token-file': { type: 'string' },
  db: { type: 'string' },
} as const;

function parse(argv: readonly string[], env: NodeJS.ProcessEnv) {
  const { values, positionals } = parseOptions(argv, OPTIONS, (message) => new UsageError(message));
  if (positionals.length > 0) throw new UsageError(`add takes no "${positionals[0]}" (the playlist goes after --to)`);
  if (values.to !== undefined && values.to.trim() === '') throw new UsageError('--to needs a name');
  const baseUrl = values['base-url'] ?? (env.PLAYDECK_BASE_URL || undefined);
  let target: ServiceTarget;
  let isTokenShown = false;
  if (baseUrl === undefined) {
    if (values.token !== undefined || values['token-file'] !== undefined) throw new UsageError('--token needs --base-url (or PLAYDECK_BASE_URL)');
    target = { kind: 'embedded', db: values.db };
  } else {
    if (values.db !== undefined) throw new UsageError('--db is for the embedded service, not with --base-url');
    const token = readTokenInput({ token: values.token, tokenFile: values['token-file'], env, stdinAllowed: true });
    if ('problem' in token) throw new UsageError(token.problem);
    target = { kind: 'remote', baseUrl, token: token.token };
    isTokenShown = token.isOnCommandLine;
  }
  return { target, to: values.to ?? null, help: values.help === true, isTokenShown };
}

/** The service to add through when no dashboard answers: another one, the embedded one's running service, or one started here. */
async function openApi(target: ServiceTarget, env: NodeJS.ProcessEnv): Promise<{ api: Api; close(): Promise<void> }> {
  const { openService } = await import('./service-session.js');
  if (target.kind === 'remote') return openService(target, env);
  const { defaultDatabasePath } = await import('./target.js');
  const db = target.db ?? defaultDatabasePath(env);
  const { findLiveInstance } = await import('../service/instance-check.js');
  if (db !== ':memory:' && (await findLiveInstance(db)) !== null) return openService(target, env);
  // Nobody serves the database: served here for the moment, as the dashboard would.
  const { startService } = await import('../service/start.js');
  const { createApi, staticToken } = await import('../api/index.js');
  // The catalog as the database has it (a music folder's too): one addition scans nothing.
  const service = await startService({ db, log: () => {}, anyCatalog: true });
  return { api: createApi({ baseUrl: service.baseUrl, tokens: staticToken(service.accessToken) }), close: () => service.close() };
}

/** Every URI the playlist holds (identities only: 100 entries a request). */
async function urisOf(api: Api, playlistId: string): Promise<Set<string>> {
  const uris = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const page = await api.getPlaylistItems(playlistId, { offset, limit: 100, fields: 'items(track(uri,linked_from(uri)),item(uri,linked_from(uri))),total' });
    for (const { track } of page.items) if (track !== null) uris.add(track.uri).add((track.type === 'track' ? track.linked_from?.uri : undefined) ?? track.uri);
    if (page.items.length === 0 || offset + 100 >= page.total) return uris;
  }
}

async function addOnService(api: Api, to: string | null, recentKey: string, env: NodeJS.ProcessEnv): Promise<string> {
  const playing = (await api.getPlaybackState())?.item ?? null;
  if (playing === null) throw new Refused('nothing is playing');
  if (playing.type === 'chapter') throw new Refused("an audiobook's chapter cannot go in a playlist");
  const playlists = await readAllPlaylists(api, AbortSignal.timeout(30_000));
  const recent = recentPlaylistsFile(recentKey, env);
  let playlist;
  if (to === null) {
    const last = recent.list()[0];
    playlist = last === undefined ? undefined : playlists.find((candidate) => candidate.id === last.id);
    if (playlist === undefined) throw new Refused('no playlist was added to yet: name one with --to NAME');
  } else {
    const found = playlistNamed(playlists, to);
    if ('error' in found) throw new Refused(found.error);
    playlist = found.playlist;
  }
  const me = await api.getMe();
  if (!canEdit(playlist, me.id)) throw new Refused(readOnlyText(playlist));
  if ((await urisOf(api, playlist.id)).has(playing.uri)) throw new Refused(`${playlist.name} holds “${playing.name}” already: not added again`);
  await api.addPlaylistItems(playlist.id, [playing.uri], null);
  recent.remember({ id: playlist.id, name: playlist.name });
  return `added “${playing.name}” to ${playlist.name}`;
}

/** Runs `playdeck add ARGS` (`argv` after `add`) and resolves to the exit code: 0 added, 1 refused or failed, 2 bad usage. */
export async function runAddCommand(argv: readonly string[], io: AddIo = { stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
  try {
    const { target, to, help, isTokenShown } = parse(argv, io.env);
    if (isTokenShown && io.stderr.isTTY === true) io.stderr.write(`${TOKEN_IN_PS_WARNING}\n`);
    if (help) return io.stdout.write(`${ADD_USAGE}\n`), 0;
    const request = { v: PROTOCOL_VERSION, op: 'add', ...(to === null ? {} : { to }) } as const;
    const reply = await askDashboard(statusPaths(target, io.env).socket, request, ADD_TIMEOUT_MS);
    let said: string;
    if (reply.kind === 'answer' && !(reply.answer.ok === false && reply.answer.reason === 'unknown request')) {
      if (!reply.answer.ok) throw new Refused(reply.answer.reason);
      said = 'said' in reply.answer ? reply.answer.said : 'added';
    } else {
      if (reply.kind !== 'answer' && reply.sent) throw new Refused('the dashboard did not answer in time (it may still add it)');
      const session = await openApi(target, io.env);
      try {
        said = await addOnService(session.api, to, serviceKey(target, io.env), io.env);
      } finally {
        await session.close();
      }
    }
    io.stdout.write(`${printable(said)}\n`);
    return 0;
  } catch (error) {
    const usage = error instanceof UsageError;
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    io.stderr.write(`${printable(`playdeck add: ${message}${usage ? ' (see playdeck add --help)' : ''}`)}\n`);
    return usage ? 2 : 1;
  }
}
