/**
 * `createApi`: the dashboard's `Api` (api.ts) over the one got instance of client.ts. Each resource lives
 * in its own file; this one wires them to a shared caller, conditional cache and connection status.
 */
import type { Agent as HttpAgent } from 'node:http';
import type { Api } from './api.js';
import { baseHttp } from './http.js';
import { createPictures } from './images.js';
import { catalogApi } from './catalog.js';
import { createClient, type Timeouts } from './client.js';
import { createConditionalCache, DEFAULT_CACHE_ENTRIES } from './conditional-cache.js';
import { devicesApi } from './devices.js';
import { libraryApi } from './library.js';
import { meApi } from './me.js';
import { musicFolderApi } from './music-folder.js';
import { musicApi } from './music.js';
import { playerApi } from './player.js';
import { playContextApi } from './play-context.js';
import { playlistsApi } from './playlists.js';
import { playlistWritesApi } from './playlist-writes.js';
import { queueApi } from './queue.js';
import { createCaller } from './request.js';
import { savingApi } from './saving.js';
import { searchApi } from './search.js';
import { showsApi } from './shows.js';
import type { RetrySettings } from './retry.js';
import type { TokenProvider } from './tokens.js';

export interface CreateApiOptions {
  /** The service's base URL including `/v1`, e.g. `http://127.0.0.1:8080/v1`. */
  baseUrl: string;
  tokens: TokenProvider;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetrySettings>;
  /** How many GET answers are remembered for conditional requests (least recently used go first). */
  cacheEntries?: number;
  /** Called for every request that actually leaves, retries included; for counting in tests and benches. */
  onRequest?: (method: string, url: string) => void;
  /** Where cover pictures are kept on disk (none when absent), and where failures to get one are logged. */
  pictures?: { cacheDir: string | null; log?: (line: string) => void };
  /** The agent of the API's http connections (a joined dashboard's checks each connection); the shared one by default. */
  agent?: HttpAgent;
}

/** Throws an `ApiError` of kind `bad-request` when `baseUrl` is not an http(s) URL. */
export function createApi(options: CreateApiOptions): Api {
  const client = createClient(options);
  const caller = createCaller(client, createConditionalCache(options.cacheEntries ?? DEFAULT_CACHE_ENTRIES));
  return {
    ...meApi(caller),
    ...musicFolderApi(caller),
    ...playerApi(caller),
    ...playContextApi(caller),
    ...showsApi(caller),
    ...devicesApi(caller),
    ...queueApi(caller),
    ...playlistsApi(caller),
    ...playlistWritesApi(caller),
    ...libraryApi(caller),
    ...catalogApi(caller),
    ...musicApi(caller),
    ...searchApi(caller),
    ...savingApi(caller),
    getImage: createPictures(baseHttp.extend({ headers: { accept: 'image/png, image/jpeg' } }), { cacheDir: options.pictures?.cacheDir ?? null, log: options.pictures?.log, onRequest: options.onRequest }),
    getConnection: () => client.connection.get(),
    onConnectionChange: (listener) => client.connection.subscribe(listener),
  };
}

export type { PlayOffset, PlayTarget } from './play-context.js';
export type { Api, ConnectionStatus, PageRequest, PlayerQueue, ReorderMove, RequestOptions } from './api.js';
export { ApiError, isApiError, LOGIN_EXPIRED_MESSAGE, LoginExpiredError, type ApiErrorKind } from './errors.js';
export { staticToken, type TokenProvider } from './tokens.js';
export { allPages, pageAt } from './paging.js';
export type { Timeouts } from './client.js';
export type { RetrySettings } from './retry.js';
