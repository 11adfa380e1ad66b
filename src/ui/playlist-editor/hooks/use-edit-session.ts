import { useEffect, useRef, useState } from 'react';
import type { SimplifiedPlaylist } from '../../../api/types.js';
import { PAGE_SIZE } from '../../hooks/page-loader.js';
import { createEdit } from '../model/edit.js';
import type { ResumedEdit } from '../unsaved-journals.js';
import { useServices } from '../../services.js';
import { JournalRecorder } from '../journal-recorder.js';
import { createEditStore, type EditStore } from '../edit-store.js';

export interface EditSession {
  store: EditStore;
  /** The edit this pane restored from a journal, or null. */
  resumed: ResumedEdit | null;
  /** The moves are thrown away (discarded on quitting): their journal goes. */
  discard(): void;
}

/** `3 unsaved moves restored (u takes them back)`. */
export function restoredText(changeCount: number): string {
  return `${changeCount === 1 ? '1 unsaved move' : `${changeCount.toLocaleString('en')} unsaved moves`} restored (u takes them back)`;
}

/**
 * The playlist's edit store, its moves journaled when the dashboard keeps journals (journal-recorder.ts),
 * starting from the edit restored from a journal when the playlist was opened to resume one. Closing the
 * pane with moves unsaved leaves their journal waiting, so that opening the playlist again restores them.
 */
export function useEditSession(playlist: SimplifiedPlaylist, onStatus: (message: string) => void): EditSession {
  const { journals } = useServices();
  const report = useRef(onStatus);
  report.current = onStatus;
  const [made] = useState(() => {
    const resumed = journals?.take(playlist.id) ?? null;
    const initial = resumed?.edit ?? createEdit(playlist.tracks.total, playlist.snapshot_id || null, PAGE_SIZE);
    if (journals === null) return { store: createEditStore(initial), recorder: null, resumed, untrack: () => {} };
    const recorder = new JournalRecorder({
      journals, playlistId: playlist.id, playlistName: playlist.name, initial, resumed: resumed?.journal ?? null,
      // Told inside a dispatch: shown after the line the key itself shows.
      onError: (message) => queueMicrotask(() => report.current(message)),
    });
    return { store: createEditStore(initial, recorder.observe), recorder, resumed, untrack: journals.track(recorder) };
  });
  useEffect(() => {
    const { resumed, recorder } = made;
    if (resumed !== null && !resumed.saveAtOnce) report.current(restoredText(resumed.journal.changeCount));
    return () => {
      made.untrack();
      const left = recorder?.close() ?? null;
      if (left !== null) journals?.shelve(left);
    };
  }, [made, journals]);
  return { store: made.store, resumed: made.resumed, discard: () => made.recorder?.discard() };
}
