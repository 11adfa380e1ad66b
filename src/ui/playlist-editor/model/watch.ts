import type { PlaylistEdit } from './playlist-edit.js';

/**
 * Noticing changes made elsewhere (another dashboard, another client) to the playlist on screen: a
 * conditional read of its `snapshot_id` (a 304 while nothing changed) 15 s after the service last told the
 * view its snapshot. A save's reads and writes tell it as well as a check does, so none goes out while a
 * save is under way or just after one.
 *
 * Budget: 2 checks in 30 s, only while a playlist's items are on screen; with the 6 playback polls of 30 s
 * of playing that makes the 8 requests of the budget.
 */

export const WATCH_INTERVAL_MS = 15_000;
/** While a save is under way the check waits for it this long at a time (timers only, no request). */
export const WATCH_BUSY_RECHECK_MS = 1_000;

/** When the next check goes out: 15 s after the service last told the view its snapshot, never before `now`. */
export function nextCheckAt(lastHeardAt: number, now: number): number {
  return Math.max(now, lastHeardAt + WATCH_INTERVAL_MS);
}

/** What a check's answer means: nothing changed, a change to read, or a save is out (it merges by itself). */
export type CheckAnswer = 'current' | 'changed' | 'busy';

export function readCheck(state: PlaylistEdit, snapshotId: string, isSaving: boolean): CheckAnswer {
  if (isSaving || state.isWriting) return 'busy';
  // A base that is stale or unsure is not what a 304 would vouch for: it is read (decisions §17).
  return snapshotId === state.snapshotId && !state.isBaseStale && !state.isBaseUnsure ? 'current' : 'changed';
}

/**
 * Whether the fresh order read after a `changed` answer may be merged into `now`: the base is still the one
 * the check compared (no save landed and no merge meanwhile) and no save is out. Moves the user made and
 * pages that arrived meanwhile are fine: the merge goes by identity and replays the moves, as a save's does.
 */
export function canMergeFresh(atCheck: PlaylistEdit, now: PlaylistEdit, isSaving: boolean): boolean {
  return !isSaving && !now.isWriting && now.snapshotId === atCheck.snapshotId;
}

/** The status line after a change made elsewhere was taken in. */
export const UPDATED_FROM_ELSEWHERE = 'updated with a change made elsewhere';
