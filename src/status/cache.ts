/**
 * The service's last answer about the player, kept a few seconds in a small file when no dashboard runs, so
 * that status bars refreshing every second ask the service at most once per CACHE_TTL_MS between them.
 * One `status` at a time asks (it holds a lock file made with O_EXCL); the others meanwhile print the
 * previous answer, interpolated, or wait for the new one when there is none.
 */
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import type { PlaybackState } from '../api/types.js';
import { normalizePlaybackState } from '../api/normalize-player.js';
import { ensurePrivateFolder } from './private-folder.js';

export const CACHE_TTL_MS = 5_000;
/** A lock older than this was left by a `status` that died asking: ignored and replaced. */
const LOCK_STALE_MS = 15_000;
/** How often a `status` with nothing to print looks for the answer another one is fetching. */
const WAIT_STEP_MS = 50;

export interface PlayerSnapshot {
  playback: PlaybackState | null;
  /** When the service's answer arrived, epoch ms. */
  receivedAt: number;
}

/** The service could not be asked: kept like an answer, so that a service that is down is not asked every second. */
export class ServiceUnavailable extends Error {
  override readonly name = 'ServiceUnavailable';
  constructor(
    message: string,
    readonly failedAt: number,
  ) {
    super(message);
  }
}

type Cached = PlayerSnapshot | ServiceUnavailable;

export interface CachePaths {
  folder: string;
  cache: string;
  lock: string;
}

/** The cached answer, or null when there is none or it is unreadable (a damaged file is simply replaced). */
export function readCache(paths: CachePaths): Cached | null {
  try {
    const value = JSON.parse(readFileSync(paths.cache, 'utf8')) as { playback?: unknown; receivedAt?: unknown; failure?: unknown };
    if (typeof value.receivedAt !== 'number' || !Number.isFinite(value.receivedAt)) return null;
    if (typeof value.failure === 'string') return new ServiceUnavailable(value.failure, value.receivedAt);
    return { playback: value.playback === null ? null : normalizePlaybackState(value.playback), receivedAt: value.receivedAt };
  } catch {
    return null;
  }
}

function writeCache(paths: CachePaths, cached: Cached): void {
  const record = cached instanceof ServiceUnavailable ? { failure: cached.message, receivedAt: cached.failedAt } : cached;
  // Replaced whole (a temporary file renamed over it), so a reader never sees half an answer.
  const temporary = `${paths.cache}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(record), { mode: 0o600 });
  renameSync(temporary, paths.cache);
}

/** After a command: the cached answer no longer tells the truth. */
export function forgetCache(paths: CachePaths): void {
  try {
    unlinkSync(paths.cache);
  } catch {
    // None cached.
  }
}

/** A fresh answer: not older than the TTL, and not from a clock that has since gone back. */
function isFresh(cached: Cached | null, now: number): cached is Cached {
  if (cached === null) return false;
  const at = cached instanceof ServiceUnavailable ? cached.failedAt : cached.receivedAt;
  return now >= at && now - at < CACHE_TTL_MS;
}

/** The answer, or the failure thrown again. */
function settle(cached: Cached): PlayerSnapshot {
  if (cached instanceof ServiceUnavailable) throw cached;
  return cached;
}

function tryLock(paths: CachePaths, now: number): boolean {
  try {
    closeSync(openSync(paths.lock, 'wx', 0o600));
    return true;
  } catch {
    try {
      if (now - statSync(paths.lock).mtimeMs > LOCK_STALE_MS) {
        unlinkSync(paths.lock);
        closeSync(openSync(paths.lock, 'wx', 0o600));
        return true;
      }
    } catch {
      // Released meanwhile, or taken by another: not ours this time.
    }
    return false;
  }
}

function unlock(paths: CachePaths): void {
  try {
    unlinkSync(paths.lock);
  } catch {
    // Removed as stale by another: nothing to do.
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The player as last told by the service: from the cache while fresh, else from `ask` (one request), whose
 * answer is then cached; a failure too (rejecting with ServiceUnavailable), so that status bars do not ask
 * a service that is down every second. Without a usable folder, every call asks.
 */
export async function cachedSnapshot(paths: CachePaths, ask: () => Promise<PlaybackState | null>, now: () => number = Date.now): Promise<PlayerSnapshot> {
  const fetchNow = async (): Promise<PlayerSnapshot> => ({ playback: await ask(), receivedAt: now() });
  if (!ensurePrivateFolder(paths.folder)) return fetchNow();
  const deadline = now() + LOCK_STALE_MS;
  for (;;) {
    const cached = readCache(paths);
    if (isFresh(cached, now())) return settle(cached);
    if (tryLock(paths, now())) {
      try {
        const again = readCache(paths); // written by the holder of the lock just released?
        if (isFresh(again, now())) return settle(again);
        let answer: Cached;
        try {
          answer = await fetchNow();
        } catch (error) {
          answer = new ServiceUnavailable(error instanceof Error ? error.message.split('\n')[0]! : String(error), now());
        }
        writeCache(paths, answer);
        return settle(answer);
      } finally {
        unlock(paths);
      }
    }
    // Another `status` is asking right now: its previous answer is good enough meanwhile.
    if (cached !== null) return settle(cached);
    if (now() > deadline) return fetchNow();
    await pause(WAIT_STEP_MS);
  }
}
