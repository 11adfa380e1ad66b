import type { Api } from '../../api/api.js';
import type { SimplifiedPlaylist } from '../../api/types.js';
import { PAGE_SIZE } from '../list/page-loader.js';
import type { FreshOrder } from './model/merge.js';
import type { Journal } from './model/journal.js';
import { resumeJournal } from './model/journal-resume.js';
import type { ResumedEdit } from './model/unsaved-journals.js';
import { readFreshOrder } from './read-fresh-order.js';

/** Reads of the whole order in a row before giving up: the playlist is being changed elsewhere meanwhile. */
const MAX_READS = 3;

/**
 * A journal's moves on the playlist as it is now: the playlist itself, and the edit to open it with. When the
 * service is still at the journal's snapshot, nothing more is read; else its order is read by identity (the
 * `fields` filter, as a save that finds a change elsewhere does) and the moves are merged onto it.
 */
export async function restoreJournal(
  api: Api, journal: Journal, saveAtOnce: boolean, signal?: AbortSignal,
): Promise<{ playlist: SimplifiedPlaylist; resumed: ResumedEdit }> {
  for (let read = 1; ; read++) {
    const playlist = await api.getPlaylist(journal.playlistId, { signal });
    let fresh: FreshOrder | null = null;
    if (playlist.snapshot_id !== journal.snapshotId) {
      fresh = await readFreshOrder(api, journal.playlistId, playlist.snapshot_id, signal ?? new AbortController().signal);
      if (fresh === null) {
        if (read >= MAX_READS) throw new Error('the playlist keeps changing elsewhere');
        continue;
      }
    }
    const { edit, journal: going } = resumeJournal(journal, fresh, PAGE_SIZE);
    return { playlist: { ...playlist, tracks: { ...playlist.tracks, total: edit.arrangement.order.length } }, resumed: { edit, journal: going, saveAtOnce } };
  }
}
