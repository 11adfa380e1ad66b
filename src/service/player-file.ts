/**
 * The player of a database file that no service serves, for `playdeck status`, the player commands and `add`: read
 * and commanded in this process through the service's own player and renderer, with no HTTP, no token and no
 * instance file. Reading opens the file read-only and writes nothing (the player's clock is caught up in memory
 * only). A command takes the file's write lock first and then looks for a service again: a service that
 * published its file meanwhile is asked instead (start.ts takes the same lock once it has published, and reads
 * the player again), so a command never writes under a running service's feet.
 */
import Sqlite from 'better-sqlite3';
import { createContext, type ServiceContext } from './context.js';
import { isProcessAlive, readInstance, realDatabasePath } from './instance-file.js';
import { effectiveMarket } from './markets.js';
import type { CommandOutcome } from './playback.js';
import type { PlayerCommand } from './player.js';
import { addPlaying, type AddOutcome, type ChoosePlaylist } from './playlist-file.js';
import { renderPlayback } from './render/playback.js';
import { demoUserId, openDatabase, type Database } from './store/db.js';

/** A command of the command line: the player's own, Start/Resume, or the volume. */
export type FileCommand = PlayerCommand | { kind: 'resume' } | { kind: 'volume'; percent: number };

export interface PlayerFile {
  /** What `GET /v1/me/player?additional_types=episode` would answer now (JSON), or null: no active device. */
  read(now: number): string | null;
  /** Applies `command`; `served` when a service serves the file after all (ask it), the outcome otherwise. */
  command(command: FileCommand, now: number): CommandOutcome | 'served';
  /**
   * `playdeck add`: what plays added to the playlist `choose` picks (playlist-file.ts), under the file's write
   * lock; `served` as for a command. `choose` may throw: nothing is written then.
   */
  addPlaying(choose: ChoosePlaylist, now: number): AddOutcome | 'served';
  close(): void;
}

/** Any origin: the command line reads no href. */
const ORIGIN = 'http://127.0.0.1';

/**
 * Whether a live process names itself the file's service (not asked over HTTP: then the caller asks it), other
 * than `disproven`: the instance the caller found failing its proof before it opened the file (instance-check.ts).
 */
function isServed(path: string, disproven: string | null): boolean {
  const instance = readInstance(path);
  return instance !== null && instance.instance !== disproven && instance.database === realDatabasePath(path) && isProcessAlive(instance.pid);
}

function playerOf(db: Database, writes: boolean, disproven: string | null = null): PlayerFile {
  const context: ServiceContext = createContext(db, Date.now, ORIGIN);
  const userId = demoUserId(db);
  const market = effectiveMarket(context.catalog.user(userId)?.country ?? null, undefined);
  const apply = (command: FileCommand, now: number): CommandOutcome => {
    const { playback } = context;
    if (command.kind === 'resume') return playback.play(userId, { kind: 'resume' }, now);
    if (command.kind === 'volume') {
      const done = playback.update(userId, (state) => ({ ...state, device: { ...state.device, volume_percent: command.percent } }), now);
      return done ? { ok: true } : null;
    }
    return playback.command(userId, command, now);
  };
  return {
    read(now) {
      const current = context.playback.peek(userId, now);
      return current && renderPlayback(context, current, { market, userId, origin: ORIGIN, acceptsEpisodes: true });
    },
    command(command, now) {
      if (!writes) throw new Error('opened to read only');
      return db.transaction(() => {
        if (isServed(db.name, disproven)) return 'served' as const;
        context.playback.startIfIdle(userId, now);
        return apply(command, now);
      }).immediate();
    },
    addPlaying(choose, now) {
      if (!writes) throw new Error('opened to read only');
      return db.transaction(() => (isServed(db.name, disproven) ? ('served' as const) : addPlaying(context, userId, market, ORIGIN, choose, now))).immediate();
    },
    close: () => db.close(),
  };
}

/** The player of `path` to read, the file opened read-only; null when there is no such file (no player yet). */
export function readPlayerFile(path: string): PlayerFile | null {
  if (path === ':memory:') return playerOf(openDatabase({ path }), false);
  let db: Database;
  try {
    db = new Sqlite(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CANTOPEN') return null;
    throw error;
  }
  try {
    return playerOf(db, false);
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The player of `path` to command (the file created and set up as a service's start would); `disproven`: the
 * instance its file names that the caller found not to be that service (it does not count as serving).
 */
export function writePlayerFile(path: string, disproven: string | null = null): PlayerFile {
  return playerOf(openDatabase({ path }), true, disproven);
}
