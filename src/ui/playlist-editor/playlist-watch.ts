import type { Api } from '../../api/api.js';
import { isDirty } from './model/arrangement.js';
import { isSameBase } from './model/edit-base.js';
import { canMergeFresh, readCheck, UPDATED_FROM_ELSEWHERE } from './model/watch.js';
import type { EditStore } from './edit-store.js';
import { readFreshOrder } from './read-fresh-order.js';
import { MERGED, type SaveLoop } from './save-loop.js';

export interface WatchCheck {
  api: Api;
  playlistId: string;
  store: EditStore;
  /** No merge while it saves: a save reads the snapshot itself and merges. */
  loop: SaveLoop | null;
  signal: AbortSignal;
  onStatus(message: string): void;
}

/**
 * One check of the playlist on screen for a change made elsewhere (model/watch.ts says when): its snapshot, a
 * 304 while nothing changed; a new one (or a base the editor cannot vouch for) is read by identity and taken
 * in: the base's very entries named anew, or merged as a save merges, the cursor and the mark staying on
 * their entries and unsaved moves replayed on top (the save that follows sends them). No React here:
 * hooks/use-playlist-watch.ts runs it on time.
 */
export async function checkPlaylist(check: WatchCheck): Promise<void> {
  const { api, playlistId, store, signal } = check;
  const isSaving = (): boolean => check.loop?.isSaving() ?? false;
  const snapshotId = await api.getPlaylistSnapshot(playlistId, { signal });
  const atCheck = store.getState();
  if (readCheck(atCheck, snapshotId, isSaving()) !== 'changed') return;
  const fresh = await readFreshOrder(api, playlistId, snapshotId, signal);
  const now = store.getState();
  if (fresh === null || !canMergeFresh(atCheck, now, isSaving())) return;
  if (isSameBase(now, fresh)) store.dispatch({ type: 'snapshot', snapshotId: fresh.snapshotId });
  else {
    store.dispatch({ type: 'merge', fresh });
    check.onStatus(isDirty(now.arrangement) ? MERGED : UPDATED_FROM_ELSEWHERE);
  }
}
