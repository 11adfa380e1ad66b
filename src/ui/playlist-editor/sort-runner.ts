import type { Api } from '../../api/api.js';
import {
  missingSortPages,
  pageAgrees,
  SORT_FIELDS,
  SORT_PAGE,
  sortProgressText,
  sortStep,
  SortValues,
  type SortChoice,
} from './model/sort.js';
import type { EditStore } from './edit-store.js';

export interface SortRun {
  api: Api;
  playlistId: string;
  store: EditStore;
  choice: SortChoice;
  /** Rows of the list window, for scrolling along with the cursor. */
  height: number;
  onStatus(message: string): void;
  signal: AbortSignal;
}

const SAVED_MEANWHILE = 'the playlist was saved or changed while the sort loaded: press o again';

/**
 * Loads what the sort needs (the key and the entry's identity, through the `fields` filter, for the entries
 * not loaded yet), then sorts the view as one undo step. Resolves to the status line to show.
 */
export async function runSort(run: SortRun): Promise<string> {
  const { api, playlistId, store, choice, height, onStatus, signal } = run;
  const start = store.getState();
  if (choice === 'reverse') {
    const step = sortStep(start.arrangement, 'reverse', () => null);
    if (step === null) return 'nothing to reverse';
    return store.dispatch({ type: 'step', step, height }) ?? 'reversed · unsaved';
  }
  // Values by ref: the base's entries, then those added since (known already).
  const total = start.list.total;
  const values = new SortValues(choice, total + start.added.length);
  values.addLoaded(start.list);
  values.addPage(total, start.added);
  const missing = missingSortPages(total, values.has);
  // The reads are of one version, or the sort waits: a snapshot on both sides of them.
  const before = missing.length === 0 ? null : await api.getPlaylistSnapshot(playlistId, { signal });
  for (const offset of missing) {
    onStatus(sortProgressText(choice, values.loaded, values.total));
    const page = await api.getPlaylistItems(playlistId, { offset, limit: SORT_PAGE, fields: SORT_FIELDS[choice] }, { signal });
    const now = store.getState();
    if (page.total !== total || now.generation !== start.generation || !pageAgrees(now.list, offset, page.items)) return SAVED_MEANWHILE;
    values.addPage(offset, page.items);
    // The key's fields name the entry too: its journal can then find it again after a change elsewhere.
    store.dispatch({ type: 'known', offset, items: page.items });
  }
  if (before !== null && (await api.getPlaylistSnapshot(playlistId, { signal })) !== before) return SAVED_MEANWHILE;
  const now = store.getState();
  if (now.generation !== start.generation || now.isWriting || now.added !== start.added) return SAVED_MEANWHILE;
  const step = sortStep(now.arrangement, choice, values.at);
  if (step === null) return 'already in that order';
  return store.dispatch({ type: 'step', step, height }) ?? 'sorted · unsaved';
}
