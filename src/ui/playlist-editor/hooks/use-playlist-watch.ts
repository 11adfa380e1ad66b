import { useEffect, useRef } from 'react';
import { useApi } from '../../context/api-context.js';
import { nextCheckAt, WATCH_BUSY_RECHECK_MS } from '../model/watch.js';
import type { EditStore } from '../edit-store.js';
import type { SaveLoop } from '../save-loop.js';
import { checkPlaylist } from '../playlist-watch.js';

export interface PlaylistWatchOptions {
  playlistId: string;
  store: EditStore;
  /** No check while it saves: a save reads the snapshot itself and merges. */
  loop: SaveLoop | null;
  /** Checks run only while the view is on screen; one that fell due meanwhile goes out when it is back. */
  isShown: boolean;
  onStatus(message: string): void;
}

/**
 * Takes in changes made to the playlist elsewhere while its items are on screen: a check (playlist-watch.ts)
 * 15 s after the service last told the view its snapshot (model/watch.ts), none while a save is under way.
 */
export function usePlaylistWatch(options: PlaylistWatchOptions): void {
  const api = useApi();
  const { playlistId, store, isShown } = options;
  const latest = useRef(options);
  latest.current = options;
  const lastHeardAt = useRef(Date.now());

  // A landed save or a merge tells the view the service's snapshot as well as a check does.
  useEffect(() => {
    let snapshotId = store.getState().snapshotId;
    return store.subscribe(() => {
      const next = store.getState().snapshotId;
      if (next === snapshotId) return;
      snapshotId = next;
      lastHeardAt.current = Date.now();
    });
  }, [store]);

  useEffect(() => {
    if (!isShown) return;
    const controller = new AbortController();
    const { signal } = controller;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const isSaving = (): boolean => latest.current.loop?.isSaving() ?? false;
    const schedule = (at: number): void => {
      if (!signal.aborted) timer = setTimeout(() => void check(), Math.max(0, at - Date.now()));
    };
    const check = async (): Promise<void> => {
      const due = nextCheckAt(lastHeardAt.current, Date.now());
      // A save or a merge told the view its snapshot meanwhile: 15 s from then.
      if (due > Date.now()) return schedule(due);
      if (isSaving()) return schedule(Date.now() + WATCH_BUSY_RECHECK_MS);
      // The next is due 15 s after this one goes: a change made after it is what that one finds.
      lastHeardAt.current = Date.now();
      try {
        await checkPlaylist({ api, playlistId, store, loop: latest.current.loop, signal, onStatus: (message) => latest.current.onStatus(message) });
      } catch {
        // Offline, refused, aborted: the status line tells of the connection; the next check tries again.
      }
      schedule(nextCheckAt(lastHeardAt.current, Date.now()));
    };
    schedule(nextCheckAt(lastHeardAt.current, Date.now()));
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, playlistId, store, isShown]);
}
