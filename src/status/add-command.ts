/**
 * `playdeck add [--to NAME]`: what plays, added to a playlist (by its name or part of it; without --to, the one
 * last added to). A running dashboard on the same service does it over its status socket, journaled and saved
 * as its `A` is, its screen showing it at once; without one, the service is asked (another service over HTTP,
 * or the embedded one's running service), or with none running the database is written itself, as the player
 * commands write it (no service started, no token). Adding what the playlist holds already is refused, saying
 * so: there is nobody to ask.
 */
import type { Api } from '../api/api.js';
import type { SimplifiedPlaylist } from '../api/types.js';
import { readTokenInput, TOKEN_IN_PS_WARNING } from '../api/auth/token-input.js';
import { printable } from '../text/printed.js';
import { canEdit, readOnlyText } from '../ui/playlist-editor/model/access.js';
import { playlistNamed, readAllPlaylists } from '../ui/playlist-editor/picker.js';
import { parseOptions } from './option-values.js';
import { recentPlaylistsFile } from './recent-playlists-file.js';
import type { RecentPlaylists } from '../ui/playlist-editor/recent-playlists.js';
import { askDashboard } from './socket-client.js';
import { PROTOCOL_VERSION } from './socket-protocol.js';
import { serviceKey, statusPaths, type ServiceTarget } from './target.js';

export const ADD_USAGE = `Usage:
  playdeck add [--to NAME] [--base-url URL [--token-file PATH | --token TOKEN] | --db PATH]
adds what plays to the playlist NAME names (its name, or a part only it holds; case and accents aside), or
without --to to the playlist last added to; through the running dashboard, else the service, else the
database itself.`;

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

/** Every URI the playlist holds (identities only: 100 entries a request). */
async function urisOf(api: Api, playlistId: string): Promise<Set<string>> {
  const uris = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const page = await api.getPlaylistItems(playlistId, { offset, limit: 100, fields: 'items(track(uri,linked_from(uri)),item(uri,linked_from(uri))),total' });
    for (const { track } of page.items) if (track !== null) uris.add(track.uri).add((track.type === 'track' ? track.linked_from?.uri : undefined) ?? track.uri);
    if (page.items.length === 0 || offset + 100 >= page.total) return uris;
  }
}

/** The playlist `to` names among `playlists`, or without it the one last added to; refused when it cannot be changed. */
function pickPlaylist(playlists: readonly SimplifiedPlaylist[], to: string | null, recent: RecentPlaylists, userId: string): SimplifiedPlaylist {
  let playlist: SimplifiedPlaylist | undefined;
  if (to === null) {
    const last = recent.list()[0];
    playlist = last === undefined ? undefined : playlists.find((candidate) => candidate.id === last.id);
    if (playlist === undefined) throw new Refused('no playlist was added to yet: name one with --to NAME');
  } else {
    const found = playlistNamed(playlists, to);
    if ('error' in found) throw new Refused(found.error);
    playlist = found.playlist;
  }
  if (!canEdit(playlist, userId)) throw new Refused(readOnlyText(playlist));
  return playlist;
}

const holdsAlready = (playlist: SimplifiedPlaylist, name: string) => new Refused(`${playlist.name} holds “${name}” already: not added again`);

/** Through a service: another one, or the one serving the embedded database. */
async function addOnService(api: Api, to: string | null, recent: RecentPlaylists): Promise<string> {
  const playing = (await api.getPlaybackState())?.item ?? null;
  if (playing === null) throw new Refused('nothing is playing');
  if (playing.type === 'chapter') throw new Refused("an audiobook's chapter cannot go in a playlist");
  const playlists = await readAllPlaylists(api, AbortSignal.timeout(30_000));
  const playlist = pickPlaylist(playlists, to, recent, (await api.getMe()).id);
  if ((await urisOf(api, playlist.id)).has(playing.uri)) throw holdsAlready(playlist, playing.name);
  await api.addPlaylistItems(playlist.id, [playing.uri], null);
  recent.remember({ id: playlist.id, name: playlist.name });
  return `added “${playing.name}” to ${playlist.name}`;
}

/**
 * On the embedded database that no service serves: written through the file itself, as the player commands
 * are (service/player-file.ts): no service started, no token, the playlist chosen and checked and the item added
 * under the file's write lock, and nothing written when it is refused. `disproven`: the instance its file
 * names that failed its proof (it does not count as serving).
 */
async function addOnFile(db: string, disproven: string | null, to: string | null, recent: RecentPlaylists): Promise<string> {
  const [{ writePlayerFile }, { normalizePlaybackState }, { normalizePlaylist }] = await Promise.all([
    import('../service/player-file.js'),
    import('../api/normalize-player.js'),
    import('../api/normalize-library.js'),
  ]);
  let file;
  try {
    file = writePlayerFile(db, disproven);
  } catch (error) {
    throw new Refused(`cannot open the database: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  let chosen: { playlist: SimplifiedPlaylist; name: string } | null = null;
  let outcome;
  try {
    outcome = file.addPlaying(({ playback, playlists, userId }) => {
      const name = (playback === null ? null : normalizePlaybackState(JSON.parse(playback)))?.item?.name ?? '';
      const all = (JSON.parse(playlists) as unknown[]).flatMap((raw) => normalizePlaylist(raw) ?? []);
      const playlist = pickPlaylist(all, to, recent, userId);
      chosen = { playlist, name };
      return playlist.id;
    }, Date.now());
  } finally {
    file.close();
  }
  if (outcome === 'served') throw new Refused('a dashboard started on this database meanwhile: run the command again');
  if (outcome.kind === 'refused') throw new Refused(outcome.reason);
  const { playlist, name } = chosen!;
  if (outcome.kind === 'holds') throw holdsAlready(playlist, name);
  recent.remember({ id: playlist.id, name: playlist.name });
  return `added “${name}” to ${playlist.name}`;
}

/** With no dashboard to ask: another service, the embedded one's running service, or its database itself. */
async function addWithoutDashboard(target: ServiceTarget, to: string | null, env: NodeJS.ProcessEnv): Promise<string> {
  const recent = recentPlaylistsFile(serviceKey(target, env), env);
  if (target.kind === 'embedded') {
    const { defaultDatabasePath } = await import('./target.js');
    const db = target.db ?? defaultDatabasePath(env);
    const { examineInstance } = await import('../service/instance-check.js');
    const { live, disproven } = db === ':memory:' ? { live: null, disproven: null } : await examineInstance(db);
    if (live === null) return addOnFile(db, disproven, to, recent);
  }
  const { openService } = await import('./service-session.js');
  const session = await openService(target, env);
  try {
    return await addOnService(session.api, to, recent);
  } finally {
    await session.close();
  }
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
      said = await addWithoutDashboard(target, to, io.env);
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
