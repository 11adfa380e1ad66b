import type { Agent as HttpAgent } from 'node:http';
import { resolve } from 'node:path';
import type { Api } from '../api/api.js';
import { isApiError } from '../api/errors.js';
import { createApi, staticToken, type TokenProvider } from '../api/index.js';
import type { DashboardOptions } from './command-options.js';
import { storedLoginTokens } from './login.js';
import { defaultPictureCacheDir } from './cache-dir.js';
import { startOrJoin, type EmbeddedConnection } from './embedded.js';
import { describeRefusal, StartError } from './start-error.js';

export interface Connection {
  api: Api;
  /**
   * Which service this is, for the journals of unsaved moves: its base URL, or the embedded service's database
   * file (its port changes from run to run); null for a database in memory, which keeps nothing either.
   */
  service: string | null;
  /** Stops the embedded service, if one was started. */
  close(): Promise<void>;
}

/** The first answer must come within this long, or the dashboard does not open. */
const STARTUP_CHECK_MS = 10_000;

function describeStartFailure(error: unknown, options: DashboardOptions & { kind: 'embedded' }): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'EADDRINUSE') return `cannot start the embedded service: port ${options.port} is in use`;
  if (code === 'EACCES') return `cannot start the embedded service: no permission to listen on port ${options.port}`;
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return `cannot start the embedded service: ${message}`;
}

/**
 * Asks for the playback state once, so that a wrong URL or token fails here and not on screen. The client
 * would retry an unreachable service for a while: the first failure it reports ends the wait instead.
 */
async function checkService(api: Api, baseUrl: string): Promise<void> {
  const controller = new AbortController();
  let failure: string | null = null;
  const unsubscribe = api.onConnectionChange((status) => {
    if (status.state !== 'retrying' && status.state !== 'offline') return;
    failure = status.message;
    controller.abort();
  });
  try {
    await api.getPlaybackState({ signal: AbortSignal.any([controller.signal, AbortSignal.timeout(STARTUP_CHECK_MS)]) });
  } catch (error) {
    if (failure !== null) throw new StartError(`cannot reach ${baseUrl}: ${failure}`);
    if (!isApiError(error)) throw error;
    switch (error.kind) {
      case 'unauthorized':
      case 'forbidden':
        throw new StartError(describeRefusal(baseUrl, error));
      case 'network':
      case 'timeout':
      case 'aborted':
        throw new StartError(`cannot reach ${baseUrl}: ${error.message}`);
      default:
        throw new StartError(`${baseUrl} answered with an error: ${error.message}`);
    }
  } finally {
    unsubscribe();
  }
}

function apiFor(baseUrl: string, tokens: TokenProvider, log?: (line: string) => void, agent?: HttpAgent): Api {
  try {
    return createApi({ baseUrl, tokens, pictures: { cacheDir: defaultPictureCacheDir(), log }, agent });
  } catch (error) {
    throw new StartError(`invalid base URL "${baseUrl}": ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The API the dashboard will use: another service's, or the embedded one's, started here. */
export async function connect(options: DashboardOptions, log?: (line: string) => void): Promise<Connection> {
  if (options.kind === 'remote') {
    const tokens = options.token === undefined ? await storedLoginTokens(options.baseUrl) : staticToken(options.token);
    const api = apiFor(options.baseUrl, tokens, log);
    await checkService(api, options.baseUrl);
    return { api, service: options.baseUrl.replace(/\/+$/, ''), close: async () => {} };
  }
  let embedded: EmbeddedConnection;
  const { defaultDatabasePath, musicDatabasePath } = await import('../service/start.js');
  const { musicDatabasePathIn } = await import('../service/database-path.js');
  // The music folder's default database (run-dashboard.ts names it) has its folder made, as the demo's has.
  const db = options.db === musicDatabasePathIn(process.env) ? musicDatabasePath() : (options.db ?? defaultDatabasePath());
  try {
    embedded = await startOrJoin({ port: options.port, db, log, ...(options.music ? { music: options.music } : {}) });
  } catch (error) {
    throw new StartError(describeStartFailure(error, options));
  }
  // Not checked like another service: this one was started here (or found alive just now, serving this very
  // file), so the dashboard's first request need not wait for a round trip that could only succeed.
  const api = apiFor(embedded.baseUrl, embedded.tokens, log, embedded.agent);
  embedded.watch(api);
  return { api, service: db === ':memory:' ? null : `embedded:${resolve(db)}`, close: () => embedded.close() };
}
