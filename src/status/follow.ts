/**
 * `playdeck status --follow`: one line whenever what it shows changes, and each second while playing (the
 * position, computed here from the last snapshot and the clock). A running dashboard pushes each change over
 * its socket, so following it costs the service no request; with none running, the player is read as
 * `status` reads it (the database read-only, or another service, through the 5 s cache) every 5 s, and the
 * socket's folder is watched so that a dashboard that starts is followed at once.
 */
import { watch, type FSWatcher } from 'node:fs';
import { basename } from 'node:path';
import { normalizePlaybackState } from '../api/normalize-player.js';
import { CACHE_TTL_MS, type PlayerSnapshot } from './cache.js';
import type { StatusIo } from './command-line.js';
import { nowPlayingOf, type NowPlaying } from './now-playing.js';
import { ensurePrivateFolder } from './private-folder.js';
import { printLine } from '../text/printed.js';
import { followDashboard, type Following } from './socket-client.js';
import type { StatusPaths } from './target.js';

/** With no dashboard, how often the player is read again (the cache's life: no more often than `status`). */
export const ALONE_INTERVAL_MS = CACHE_TTL_MS;

export interface FollowSetup {
  paths: StatusPaths;
  io: StatusIo;
  /** The line for `now`, in the format asked for. */
  render(now: NowPlaying): string;
  /** The player with no dashboard to follow: the database or the service, as `status` reads it. */
  readAlone(): Promise<PlayerSnapshot>;
  /** Ends the following (a signal): the promise resolves with 0. */
  signal?: AbortSignal;
}

/** Follows until the reader goes away (the bar closed: EPIPE) or `signal` aborts; resolves with the exit code. */
export function runFollow({ paths, io, render, readAlone, signal }: FollowSetup): Promise<number> {
  return new Promise((resolve) => {
    let snapshot: PlayerSnapshot | null = null;
    let printed: string | null = null;
    let lastProblem: string | null = null;
    let following: Following | null = null;
    let isFollowing = false;
    let isStopped = false;
    let tick: ReturnType<typeof setTimeout> | undefined;
    let again: ReturnType<typeof setTimeout> | undefined;
    let watcher: FSWatcher | null = null;

    const stop = (): void => {
      if (isStopped) return;
      isStopped = true;
      clearTimeout(tick);
      clearTimeout(again);
      following?.close();
      watcher?.close();
      resolve(0);
    };

    const print = (): void => {
      if (snapshot === null || isStopped) return;
      const line = render(nowPlayingOf(snapshot.playback, snapshot.receivedAt, io.now()));
      if (line === printed) return;
      printed = line;
      io.stdout.write(`${line}\n`);
    };

    /** The next whole second of the position, while it moves. */
    const nextTick = (): void => {
      clearTimeout(tick);
      if (snapshot?.playback?.is_playing !== true || isStopped) return;
      const now = nowPlayingOf(snapshot.playback, snapshot.receivedAt, io.now());
      if (now.elapsedMs >= now.durationMs) return;
      tick = setTimeout(() => {
        print();
        nextTick();
      }, 1000 - (now.elapsedMs % 1000));
    };

    const show = (next: PlayerSnapshot): void => {
      snapshot = next;
      print();
      nextTick();
    };

    const problem = (error: unknown): void => {
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      // Said once, not every 5 s; the line shows nothing playing meanwhile rather than a stale item. The
      // service's words are hostile text like its names: printed through the sanitiser.
      if (message !== lastProblem) printLine(io.stderr, `playdeck status: ${message}`);
      lastProblem = message;
      show({ playback: null, receivedAt: io.now() });
    };

    /** No dashboard to follow: the player read now, then again (and the socket tried again) in 5 s. */
    const alone = (): void => {
      if (isStopped) return;
      clearTimeout(again);
      void readAlone()
        .then((read) => {
          lastProblem = null;
          if (!isFollowing) show(read);
        }, problem)
        .finally(() => {
          if (isStopped || isFollowing || following !== null) return;
          clearTimeout(again);
          again = setTimeout(connect, ALONE_INTERVAL_MS);
        });
    };

    function connect(): void {
      if (isStopped || following !== null) return;
      const connection = followDashboard(paths.socket, {
        onAnswer(answer) {
          if (!answer.ok || !('playback' in answer)) {
            // A dashboard that cannot be followed (an older one): read alone, as without it.
            connection.close();
            following = null;
            isFollowing = false;
            return alone();
          }
          isFollowing = true;
          clearTimeout(again);
          show({ playback: answer.playback === null ? null : normalizePlaybackState(answer.playback), receivedAt: answer.receivedAt });
        },
        onEnd() {
          following = null;
          isFollowing = false;
          alone();
        },
      });
      following = connection;
    }

    io.stdout.on('error', stop); // EPIPE: the bar that read us is gone
    signal?.addEventListener('abort', stop, { once: true });
    if (signal?.aborted) return stop();
    // A dashboard that starts makes its socket here: followed at once, without polling for it.
    if (ensurePrivateFolder(paths.folder)) {
      try {
        watcher = watch(paths.folder, { persistent: true }, (_event, name) => {
          if (name === basename(paths.socket)) connect();
        });
        watcher.on('error', () => watcher?.close());
      } catch {
        watcher = null; // no watching here: the 5 s reads find the dashboard
      }
    }
    connect();
  });
}
