import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { defaultDatabasePathIn, musicDatabasePathIn } from './database-path.js';
import { buildApp, logToStderr, type ServiceApp } from './app.js';
import { catalogChanged, type ServiceContext } from './context.js';
import { findLiveInstance } from './instance-check.js';
import {
  newInstance,
  publishInstance,
  realDatabasePath,
  withdrawInstance,
  type ExpectedInstance,
  type ServiceInstance,
} from './instance-file.js';
import type { MediaSource } from './media-source.js';
import { ConsentCode } from './oauth/consent-code.js';
import { openPlaylistFiles, type OpenPlaylistFiles } from './playlist-files/open-playlist-files.js';
import type { SoundEngine, SoundOptions } from './sound/engine.js';
import { catalogOfSize, DEFAULT_CATALOG_SIZE } from './seed/generate.js';
import { sizeMismatch, type AskedSize } from './store/catalog-size.js';
import { closeLeavingFileAsIs, databaseFault, DatabaseFault, demoUserId, isDamageError, openDatabase, type Database } from './store/db.js';
import { makePrivateFolder } from './store/file-modes.js';
import { scheduleIntegrityCheck, type IntegrityCheck } from './store/integrity-check.js';
import { ALL_SCOPES, DEFAULT_TOKEN_TTL_SECONDS, JOIN_CLIENT_ID, type IssuedToken } from './store/tokens.js';
import { kindMismatch, localCatalog } from './music/database.js';
import { musicFolders } from './music/folders.js';
import { MusicLibrary, type MusicOptions } from './music/music-library.js';
import type { ScanProgress } from './music/scan-protocol.js';
import { prepareMusicSearch } from './music/schema.js';

export interface StartOptions {
  /** 0 or absent: a free port. */
  port?: number;
  /** 127.0.0.1 unless given. */
  host?: string;
  /** A database file, or `:memory:`; `defaultDatabasePath()` when absent. */
  db?: string;
  /** Requests per token in a rolling 30 s window; unlimited when absent. */
  rateLimit?: number;
  /** Lifetime of the tokens issued (default 3600 s). */
  tokenTtlSeconds?: number;
  /** Where faults are written (default stderr): a dashboard passes its log file. */
  log?: (line: string) => void;
  /** Answer as the real service answers a development-mode app (`serve --dev-mode`). */
  devMode?: boolean;
  /** When the background integrity check starts after listening (store/integrity-check.ts); tests use 0. */
  integrityCheckAfterMs?: number;
  /**
   * Serve the OAuth endpoints and their consent page (`playdeck serve`), approving with a one-time code
   * (`consentCode()`; `onNewCode` hears each code that replaces it). A dashboard's own service has none.
   */
  consent?: { onNewCode?(code: string): void };
  /** Requests per client address to the OAuth endpoints in a rolling 30 s window. */
  oauthRateLimit?: number;
  /** The size of the catalog a new database is seeded with (`serve --catalog-tracks`, `--liked-songs`). */
  catalogSize?: AskedSize;
  /**
   * A music folder as the catalog (`--music DIR`, `[music]` in the config; decisions §19): its database is
   * `musicDatabasePath()` unless `db` says otherwise; `onProgress` hears the scan's progress (`serve` prints it).
   */
  music?: MusicOptions & { onProgress?(progress: ScanProgress): void };
  /** Serve the database's catalog as it is, a music folder's or the demo's, scanning nothing (a one-off command). */
  anyCatalog?: true;
  /** Files behind the catalog other than a music folder's (tests): played through mpv unless `sound` is false. */
  media?: MediaSource;
  /** How mpv runs (tests: another program, `--ao=null`), or false for no sound engine; with media only. */
  sound?: SoundOptions | false;
}

/** Another process serves this database already: join it (a dashboard) or say so (`serve`). */
export class AlreadyServedError extends Error {
  constructor(readonly instance: ServiceInstance) {
    super(`the database ${instance.database} is already served at ${instance.origin} (process ${instance.pid})`);
  }
}

/** How long the token written for joining dashboards lasts; each start writes a new one. */
const JOIN_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export interface RunningService {
  origin: string;
  /** `origin + '/v1'`. */
  baseUrl: string;
  /** A token of the demo user with every scope. */
  accessToken: string;
  /** Another token of the demo user (every scope and the service's lifetime by default). */
  issueToken(scopes?: string[], ttlSeconds?: number): IssuedToken;
  /** The code approving the consent page asks for now; null where there is no consent page. */
  consentCode(): string | null;
  /** This start as its instance file names it (null for a database in memory, which has none). */
  instance: ExpectedInstance | null;
  /** The music folder served (its scan, its MediaSource), or null for the demo catalog. */
  music: MusicLibrary | null;
  /** The sound engine (with media): `started` resolves once mpv plays, or with the line saying why it cannot. */
  sound: SoundEngine | null;
  close(): Promise<void>;
}

export const DEFAULT_HOST = '127.0.0.1';
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * `$XDG_DATA_HOME/playdeck/playdeck.db` (default `~/.local/share/playdeck/playdeck.db`); the folder is created,
 * owner-only (0700, an older one tightened): the library and the tokens are nobody else's to read.
 */
export function defaultDatabasePath(): string {
  const path = defaultDatabasePathIn(process.env);
  makePrivateFolder(dirname(path));
  return path;
}

/** `music.db` beside `playdeck.db` (decisions §19), its folder made as `defaultDatabasePath`'s. */
export function musicDatabasePath(): string {
  const path = musicDatabasePathIn(process.env);
  makePrivateFolder(dirname(path));
  return path;
}

/**
 * A command run while no service ran may have written the player just before this start published its file
 * (player-file.ts writes under the database's write lock, after looking for the file): taking that
 * lock once the file is out waits for such a write, and what this start read before it is read again.
 */
function rereadAfterPublishing(db: Database, context: ServiceContext): void {
  try {
    db.transaction(() => {
      context.playback.reread();
      context.versions.bump('resume');
    }).immediate();
  } catch {
    // A read-only file: nobody writes it.
  }
}

/** Opens the database (seeding it on first use) and serves the API on loopback HTTP. */
export async function startService(options: StartOptions = {}): Promise<RunningService> {
  const host = options.host ?? DEFAULT_HOST;
  if (!LOOPBACK.has(host)) {
    process.stderr.write(`warning: serving on ${host}: reachable from other machines, guarded only by the access token\n`);
  }
  const path = options.db ?? (options.music ? musicDatabasePath() : defaultDatabasePath());
  const isFile = path !== ':memory:';
  // Before anything is opened: a folder that is none is one line, and no database is made for it.
  const folders = options.music ? musicFolders(options.music) : null;
  if (folders && !isFile) throw new DatabaseFault("a music folder's catalog needs a database file: leave out --db :memory:");
  if (isFile) {
    const live = await findLiveInstance(path);
    if (live) throw new AlreadyServedError(live);
  }
  // A file this start creates is seeded now: checking it would tell nothing.
  const isNew = !isFile || (statSync(path, { throwIfNoEntry: false })?.size ?? 0) === 0;
  const asked = options.catalogSize;
  const sized = asked ? () => catalogOfSize({ catalogTracks: asked.catalogTracks ?? DEFAULT_CATALOG_SIZE.catalogTracks, likedSongs: asked.likedSongs ?? DEFAULT_CATALOG_SIZE.likedSongs }) : undefined;
  const db = openDatabase({ path, catalog: folders ? localCatalog : sized });
  const mismatch = asked ? sizeMismatch(db, asked, path) : null;
  const wrongKind = options.anyCatalog ? null : kindMismatch(db, path, folders !== null);
  if (mismatch || wrongKind) {
    db.close();
    throw wrongKind ?? new DatabaseFault(mismatch!);
  }
  if (folders && !db.readonly) prepareMusicSearch(db);
  const instance = newInstance(isFile ? realDatabasePath(path) : path);
  const consent = options.consent ? new ConsentCode(options.consent.onNewCode) : undefined;
  const log = options.log ?? logToStderr;
  const music = folders
    ? new MusicLibrary(db, folders, { followOutsideLinks: options.music?.followOutsideLinks === true, log, progress: options.music?.onProgress })
    : null;
  let served: ServiceApp | null = null;
  let playlistFiles: OpenPlaylistFiles | null = null;
  let origin: string;
  let issueToken: RunningService['issueToken'];
  let accessToken: string;
  try {
    served = buildApp({
      db,
      rateLimit: options.rateLimit,
      tokenTtlSeconds: options.tokenTtlSeconds,
      instance,
      log,
      devMode: options.devMode,
      consent,
      oauthRateLimit: options.oauthRateLimit,
      media: music ?? options.media,
      sound: (music ?? options.media) && options.sound !== false ? (options.sound ?? {}) : undefined,
    });
    const { app, context } = served;
    if (music) music.onChange = () => catalogChanged(context);
    // Before listening: the files known from before are checked before any request can edit them.
    playlistFiles = music
      ? openPlaylistFiles({ folder: music.folders.music, context, media: music, followOutsideLinks: options.music?.followOutsideLinks === true, log })
      : null;
    await app.listen({ port: options.port ?? 0, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
    origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    context.fallbackOrigin = origin;

    const userId = demoUserId(db);
    const ttlSeconds = options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
    issueToken = (scopes: string[] = [...ALL_SCOPES], ttl = ttlSeconds) => context.tokens.issue({ userId, scopes, ttlSeconds: ttl });
    accessToken = issueToken().token;
    if (isFile && !db.readonly) {
      // The token of the start before is worth nothing from now on, wherever it went.
      context.tokens.revokeIssuedTo(JOIN_CLIENT_ID);
      const token = context.tokens.issue({ userId, scopes: ALL_SCOPES, ttlSeconds: JOIN_TOKEN_TTL_SECONDS, clientId: JOIN_CLIENT_ID }).token;
      publishInstance(path, { ...instance, pid: process.pid, origin, token });
      rereadAfterPublishing(db, context);
    }
  } catch (error) {
    // Pages the open did not read may be met as the service starts: the same one line as a fault at open.
    await served?.app.close();
    await playlistFiles?.close();
    if (isDamageError(error)) closeLeavingFileAsIs(db);
    else db.close();
    throw databaseFault(error, path);
  }
  const { app, damage, sound } = served;
  // A read-only database cannot take what the scan finds: it is served as it is.
  if (music && !db.readonly) void music.scan.start();
  const check: IntegrityCheck | null = isNew
    ? null
    : scheduleIntegrityCheck({ path, afterMs: options.integrityCheckAfterMs, log, onDamage: (detail) => damage.report(detail) });
  let closing: Promise<void> | undefined;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    accessToken,
    issueToken,
    consentCode: () => consent?.current ?? null,
    instance: isFile && !db.readonly ? instance : null,
    music,
    sound,
    close: () => {
      check?.stop();
      if (isFile && !db.readonly) withdrawInstance(path, instance.instance);
      // The playlist files' writes due are made after the last request, before the database closes.
      closing ??= Promise.all([app.close().then(() => playlistFiles?.close()), music?.scan.stop()]).then(() => {
        if (damage.line === null) db.close();
        else closeLeavingFileAsIs(db);
      });
      return closing;
    },
  };
}
