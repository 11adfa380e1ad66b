import { useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../context/api-context.js';
import { PLAYLIST_ROW_FIELDS } from '../../../api/playlists.js';
import type { PlaylistItem } from '../../../api/types.js';
import { PAGE_SIZE, PageLoader, pageOf, RECHECK_MS } from '../../list/page-loader.js';
import { isDirty } from '../model/arrangement.js';
import { isLoaded, itemAt, type SparseList } from '../../state/sparse-list.js';
import { missingPages } from '../model/edit.js';
import type { PlaylistEdit } from '../model/playlist-edit.js';
import type { EditStore } from '../edit-store.js';
import { useListRefreshMs } from '../../list/list-refresh.js';
import { useServices } from '../../context/app-services.js';
import { useTerminalFocus } from '../../context/terminal-events.js';

export interface EditPagesOptions {
  playlistId: string;
  store: EditStore;
  /** The state as this render shows it. */
  state: PlaylistEdit;
  /** The window in display rows. */
  top: number;
  height: number;
  /** Refreshes run only while focused. */
  isFocused: boolean;
  /** A filter searches the loaded entries: while one is on, none are let go. */
  isFilterOn: boolean;
  /** A load error to show, or null once loading works again. */
  onStatus(message: string | null): void;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**

 * Whether the page at `offset` needs reading again in time: it is not loaded (it failed), or it holds an
 * episode, whose resume point changes without a new snapshot.
 */
function needsRefresh(list: SparseList<PlaylistItem>, offset: number): boolean {
  if (!isLoaded(list, offset)) return true;
  for (let index = offset; index < offset + PAGE_SIZE; index++) if (itemAt(list, index)?.track?.type === 'episode') return true;
  return false;
}

/**
 * Why no entry at all could be loaded (the pane says it in place of its rows, rather than a column of `…`), or
 * null once one page came: "Couldn't load the items: only playlists you own or collaborate on can be read…".
 */
export type FirstLoadError = string | null;

/**
 * Loads the pages the window shows, wherever in the playlist its rows come from; none while a reorder
 * request is out. Each page that arrives lets go of the pages far from the window when no move needs them
 * (page-retention.ts), so a walk through 10,000 entries holds a few pages. While focused and with nothing
 * unsaved, reads the cursor's page again once a minute when it could not be loaded or holds an episode,
 * whose resume point changes without a new snapshot; any other change comes with a new snapshot, which the
 * watch looks for (use-playlist-watch.ts; so the two together keep the request budget). With moves unsaved,
 * a changed page would put other entries under them, and the save merges anyway.
 */
export function useEditPages(options: EditPagesOptions): FirstLoadError {
  const api = useApi();
  const { playlistId, store, state, top, height, isFocused } = options;
  const latest = useRef({ ...options, api });
  latest.current = { ...options, api };
  const [firstError, setFirstError] = useState<FirstLoadError>(null);
  const [queue] = useState(() => {
    const fetcher: PageLoader<PlaylistItem> = new PageLoader<PlaylistItem>({
      fetchPage: (page, signal) =>
        latest.current.api.getPlaylistItems(latest.current.playlistId, { ...page, fields: PLAYLIST_ROW_FIELDS }, { signal }),
      onPage: (offset, page, generation) => {
        setFirstError(null);
        store.dispatch({ type: 'page', generation, offset, items: page.items, total: page.total });
        const { top, height, isFilterOn } = latest.current;
        const before = store.getState().list;
        if (!isFilterOn) store.dispatch({ type: 'forgetFarPages', top, height });
        const after = store.getState().list;
        // A page let go is asked for again when the window comes back to it (answers set aside stay remembered).
        if (after !== before) fetcher.keepAnswers((start) => isLoaded(after, start) || !isLoaded(before, start));
      },
      onError: (offset, error) => {
        latest.current.onStatus(`Couldn't load items ${offset + 1}–${offset + PAGE_SIZE}: ${describeError(error)}`);
        if (store.getState().list.starts.length === 0) setFirstError(`Couldn't load the items: ${describeError(error)}`);
      },
      onRecovered: () => latest.current.onStatus(null),
    });
    return fetcher;
  });
  useEffect(() => () => queue.close(), [queue]);

  const { generation, isWriting, list } = state;
  const { order, cursor } = state.arrangement;
  const wanted = useMemo(
    () => (isWriting ? [] : missingPages(state, top, height)),
    // Not on `state`, which changes with every key: these are all the answer depends on.
    [isWriting, list, order, top, height],
  );
  // Any move of the user's is a reason to try a failed page again; nothing else is (no retry loop).
  useEffect(() => queue.windowMoved(), [queue, top, height, cursor]);
  useEffect(() => queue.want(wanted, generation), [queue, wanted, generation]);

  const refreshMs = useListRefreshMs();
  const { pollShare } = useServices();
  // Nobody reads a list behind other windows: its refresh waits for the terminal's focus to come back.
  const isWatched = useTerminalFocus();
  useEffect(() => {
    if (!isFocused || !isWatched) return;
    let timer: ReturnType<typeof setTimeout>;
    let isStopped = false;
    const refreshWhenDue = (): void => {
      if (isStopped) return;
      const current = store.getState();
      const position = current.arrangement.order[current.arrangement.cursor] ?? 0;
      const isQuiet = !current.isWriting && !isDirty(current.arrangement);
      const page = pageOf(position);
      const wait = !isQuiet
        ? RECHECK_MS
        : needsRefresh(current.list, page)
          ? queue.refreshIfDue(page, Date.now(), refreshMs.current, pollShare?.spend)
          : refreshMs.current;
      timer = setTimeout(refreshWhenDue, wait);
    };
    refreshWhenDue();
    return () => {
      isStopped = true;
      clearTimeout(timer);
    };
  }, [queue, store, isFocused, isWatched, api, playlistId, refreshMs, pollShare]);
  return firstError;
}
