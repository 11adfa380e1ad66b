import { useEffect, useRef } from 'react';
import { useApi } from '../../api-context.js';
import { isDirty } from '../model/arrangement.js';
import {
  canMergeFresh,
  nextCheckAt,
  readCheck,
  UPDATED_FROM_ELSEWHERE,
  WATCH_BUSY_RECHECK_MS,
} from '../model/watch.js';
import type { EditStore } from '../edit-store.js';
import { MERGED, type SaveLoop } from '../save-loop.js';
import { readFreshOrder } from '../read-fresh-order.js';
import { isSameBase } from '../model/edit-base.js';

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
 * Takes in changes made to the playlist elsewhere while its items are on screen (playlist-watch.ts says
 * when): a changed snapshot is read by identity and merged as a save merges, the cursor and the mark staying
 * on their entries and unsaved moves replayed on top (the save that follows sends them).
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
        const snapshotId = await api.getPlaylistSnapshot(playlistId, { signal });
        const atCheck = store.getState();
        if (readCheck(atCheck, snapshotId, isSaving()) === 'changed') {
          const fresh = await readFreshOrder(api, playlistId, snapshotId, signal);
          const now = store.getState();
          if (fresh !== null && canMergeFresh(atCheck, now, isSaving())) {
            if (isSameBase(now, fresh)) store.dispatch({ type: 'snapshot', snapshotId: fresh.snapshotId });
            else {
              store.dispatch({ type: 'merge', fresh });
              latest.current.onStatus(isDirty(now.arrangement) ? MERGED : UPDATED_FROM_ELSEWHERE);
            }
          }
        }
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
