/**
 * The service itself, for `status` and the player commands when no dashboard answers. Another service is
 * asked over HTTP with `--token` or the login stored for its base URL. The embedded service's database is
 * read directly (service/player-file.ts): no service is started, no token is written, and `status` opens the
 * file read-only and writes nothing. A player command goes through the service that serves the file when one
 * does (with the token its instance file holds, on connections that prove they reach it), else is applied to
 * the file under its write lock (an instance file whose address failed the proof does not hold it up). Nothing here writes or removes an instance file. Loaded only then: this file
 * brings in the client and, for the embedded service, SQLite.
 */
import { CredentialsFile, defaultCredentialsPath } from '../api/auth/credentials.js';
import { notLoggedInMessage, openStoredLogin } from '../api/auth/refreshing-tokens.js';
import { normalizePlaybackState } from '../api/normalize-player.js';
import { createApi, isApiError, staticToken, type Api, type TokenProvider } from '../api/index.js';
import type { PlaybackState } from '../api/types.js';
import type { FileCommand, PlayerFile } from '../service/player-file.js';
import { defaultDatabasePath, type ServiceTarget } from './target.js';

export interface ServiceSession {
  /** What the player's methods are sent to (the planner's steps use those alone). */
  api: Api;
  close(): Promise<void>;
}

/** One readable line: what failed and, from the service, why. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
}

/**
 * A status bar must not hang on a service that is down: a short wait and one retry at most, where the
 * dashboard is patient for minutes.
 */
const QUICK = { timeouts: { connectMs: 2_000, responseMs: 5_000, requestMs: 8_000 }, retry: { limit: 1, backoffBaseMs: 200, maxRetryAfterMs: 2_000 } };

const failure = (what: string, error: unknown) => new ServiceError(`${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);

async function remoteSession(target: Extract<ServiceTarget, { kind: 'remote' }>, env: NodeJS.ProcessEnv): Promise<ServiceSession> {
  if (!URL.canParse(target.baseUrl)) throw new ServiceError(`invalid base URL "${target.baseUrl}"`);
  let tokens: TokenProvider | null;
  if (target.token !== undefined) tokens = staticToken(target.token);
  else tokens = await openStoredLogin(target.baseUrl, { file: new CredentialsFile(defaultCredentialsPath(env)) });
  if (tokens === null) throw new ServiceError(notLoggedInMessage(target.baseUrl));
  return { api: createApi({ baseUrl: target.baseUrl, tokens, ...QUICK }), close: async () => {} };
}

const databaseOf = (target: Extract<ServiceTarget, { kind: 'embedded' }>, env: NodeJS.ProcessEnv) => target.db ?? defaultDatabasePath(env);

/** The player now, as the service would answer it: from another service, or read from the database file. */
export async function readPlayback(target: ServiceTarget, env: NodeJS.ProcessEnv, now: number): Promise<PlaybackState | null> {
  if (target.kind === 'remote') {
    const session = await remoteSession(target, env);
    return session.api.getPlaybackState();
  }
  const { readPlayerFile } = await import('../service/player-file.js');
  let file: PlayerFile | null;
  let body: string | null;
  try {
    file = readPlayerFile(databaseOf(target, env));
    body = file?.read(now) ?? null;
  } catch (error) {
    throw failure('cannot read the database', error);
  }
  file?.close();
  return body === null ? null : normalizePlaybackState(JSON.parse(body));
}

/** The player's methods on the file itself; any other method of the API says it is not there. */
function fileApi(file: PlayerFile): Api {
  const run = async (command: FileCommand) => {
    const outcome = file.command(command, Date.now());
    if (outcome === 'served') throw new ServiceError('a dashboard started on this database meanwhile: run the command again');
    if (outcome === null) throw new ServiceError('no active device');
    if (!outcome.ok) throw new ServiceError(outcome.reason);
  };
  const player: Partial<Api> = {
    getPlaybackState: async () => {
      const body = file.read(Date.now());
      return body === null ? null : normalizePlaybackState(JSON.parse(body));
    },
    play: () => run({ kind: 'resume' }),
    pause: () => run({ kind: 'pause' }),
    next: () => run({ kind: 'next' }),
    previous: () => run({ kind: 'previous' }),
    seek: (positionMs) => run({ kind: 'seek', positionMs }),
    setShuffle: (state) => run({ kind: 'shuffle', state }),
    setRepeat: (state) => run({ kind: 'repeat', state }),
    setVolume: (percent) => run({ kind: 'volume', percent }),
  };
  return new Proxy(player, {
    get: (methods, name) => {
      const method = (methods as Record<string | symbol, unknown>)[name];
      // Not a promise: `then` stays undefined.
      if (method !== undefined || typeof name === 'symbol' || name === 'then') return method;
      return () => Promise.reject(new ServiceError(`${name} needs a running service`));
    },
  }) as Api;
}

/** Where a player command goes: another service, the service of the file, or the file itself. */
export async function openService(target: ServiceTarget, env: NodeJS.ProcessEnv): Promise<ServiceSession> {
  if (target.kind === 'remote') return remoteSession(target, env);
  const db = databaseOf(target, env);
  const { examineInstance, InstanceCheckingAgent } = await import('../service/instance-check.js');
  const { live, disproven } = db === ':memory:' ? { live: null, disproven: null } : await examineInstance(db);
  if (live !== null) {
    const agent = new InstanceCheckingAgent(() => live, { keepAlive: true });
    const api = createApi({ baseUrl: `${live.origin}/v1`, tokens: staticToken(live.token), agent, ...QUICK });
    return { api, close: async () => agent.destroy() };
  }
  const { writePlayerFile } = await import('../service/player-file.js');
  let file: PlayerFile;
  try {
    file = writePlayerFile(db, disproven);
  } catch (error) {
    throw failure('cannot open the database', error);
  }
  return { api: fileApi(file), close: async () => file.close() };
}

/** The service's reason for a failed call, as the dashboard words it. */
export function reasonOf(error: unknown): string {
  if (isApiError(error)) return error.details.reason ?? error.message;
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}
