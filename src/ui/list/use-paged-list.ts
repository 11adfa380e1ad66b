import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageRequest } from '../../api/api.js';
import type { Paging } from '../../api/types.js';
import { emptySparseList, isLoaded, isNearWindow, withPage, withPagesWhere, type SparseList } from '../state/sparse-list.js';
import { PAGE_SIZE, PageLoader, pageOf, pagesAround } from './page-loader.js';
import { useServices } from '../context/app-services.js';
import { useListRefreshMs } from './list-refresh.js';
import { useReload } from './use-reload.js';
import { useTerminalFocus } from '../context/terminal-events.js';

export interface PagedListOptions<T> {
  /** Names the collection; a new key drops everything and starts over. */
  sourceKey: string;
  fetchPage(page: PageRequest, signal: AbortSignal): Promise<Paging<T>>;
  /** The total when known before the first page (a playlist's `tracks.total`), so the window can move at once. */
  totalHint?: number;
  /** What the items are, for messages ("playlists"). */
  label: string;
  /** A load error to show, or null once loading works again. */
  onStatus(message: string | null): void;
  /** A new value reads the pages held again, in place (the list stays on screen meanwhile). */
  reloadKey?: number;
}

export interface ListWindowPosition {
  /** First visible index and the number of rows: the pages around them are fetched as they move. */
  top: number;
  height: number;
  /** The index whose page the once-a-minute refresh re-reads (the cursor's). */
  anchor: number;
  /** Refreshes run only while focused. */
  isFocused: boolean;
  /** Pages far from the window may be let go (not while a filter searches what is loaded). */
  mayLetGo: boolean;
}

export interface PagedList<T> {
  /** What has been loaded; null before the first page (unless `totalHint` gave the size). */
  list: SparseList<T> | null;
  /** Why the first page failed, while nothing is loaded. */
  firstError: string | null;
  /** For `usePagesAround`. */
  loader: PageLoader<T> | null;
  position: { current: ListWindowPosition };
  /** Lets go of the pages `keep` refuses (given each page's start and end): they count as not loaded again. */
  letGo(keep: (start: number, end: number) => boolean): void;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A remote collection loaded page by page: never the whole of it to draw one screen. Keeps what it has when
 * a page fails and says why through `onStatus`. Which pages load is up to `usePagesAround`, called once the
 * caller knows its window (the window depends on the list's length, hence two hooks).
 */
export function usePagedList<T>(options: PagedListOptions<T>): PagedList<T> {
  const { sourceKey, totalHint } = options;
  const initial = (): SparseList<T> | null => (totalHint === undefined ? null : emptySparseList<T>(totalHint));
  const [state, setState] = useState(() => ({ sourceKey, list: initial(), firstError: null as string | null }));
  const isCurrent = state.sourceKey === sourceKey;
  const list = isCurrent ? state.list : initial();
  const position = useRef<ListWindowPosition>({ top: 0, height: 1, anchor: 0, isFocused: false, mayLetGo: false });
  const latest = useRef({ options, list });
  latest.current = { options, list };
  const [loader, setLoader] = useState<PageLoader<T> | null>(null);

  useEffect(() => {
    // The total of the last page taken, not of the last render: answers that come before a render (a source
    // that answers at once) must not each find the list's total out of date and ask every page again.
    let takenTotal = latest.current.list?.total ?? null;
    const pageLoader: PageLoader<T> = new PageLoader<T>({
      fetchPage: (page, signal) => latest.current.options.fetchPage(page, signal),
      onPage: (offset, page) => {
        // A new total drops the pages that no longer fit: they must count as missing again.
        if (takenTotal !== null && takenTotal !== page.total) pageLoader.forgetAnswers();
        takenTotal = page.total;
        setState((previous) => {
          const base = previous.sourceKey === sourceKey ? previous.list : null;
          const list = withPage(base ?? emptySparseList<T>(page.total), offset, page.items, page.total);
          return { sourceKey, list, firstError: null };
        });
      },
      onError: (offset, error) => {
        const { label, onStatus } = latest.current.options;
        onStatus(`Couldn't load ${label} ${offset + 1}–${offset + PAGE_SIZE}: ${describeError(error)}`);
        // With nothing to show, the pane itself says why.
        if (latest.current.list === null) {
          setState({ sourceKey, list: null, firstError: `Couldn't load ${label}: ${describeError(error)}` });
        }
      },
      onRecovered: () => latest.current.options.onStatus(null),
    });
    setLoader(pageLoader);
    return () => pageLoader.close();
  }, [sourceKey]);

  const letGo = useCallback(
    (keep: (start: number, end: number) => boolean) =>
      setState((previous) => (previous.sourceKey !== sourceKey || previous.list === null ? previous : { ...previous, list: withPagesWhere(previous.list, keep) })),
    [sourceKey],
  );
  useReload(loader, options.reloadKey, () => latest.current.list, position, letGo);

  return { list, firstError: isCurrent ? state.firstError : null, loader, position, letGo };
}

/**
 * Loads the pages around the window as it moves (nearest first, a few at a time), and while focused (the
 * pane, and the terminal's window as far as it reports) re-reads the anchor's page once a minute; a 304
 * answered with the same object changes nothing. Pages far from the window are let go, to be read again when
 * it comes back: a walk through 10,000 liked songs holds a few pages, not every one it passed.
 */
export function usePagesAround<T>(paged: PagedList<T>, position: ListWindowPosition): void {
  const { loader, list, letGo } = paged;
  const { top, height, anchor, isFocused, mayLetGo } = position;
  paged.position.current = position;

  useEffect(() => {
    if (loader === null || list === null || !mayLetGo) return;
    const isNear = (start: number, end: number): boolean => isNearWindow(start, end, top, height, PAGE_SIZE);
    if (list.starts.every((start) => isNear(start, start + list.pages.get(start)!.length))) return;
    // The loader forgets its answers there too, so the pages count as missing when the window comes back.
    loader.keepAnswers((offset) => isNear(offset, offset + PAGE_SIZE));
    letGo(isNear);
  }, [loader, list, top, height, mayLetGo, letGo]);

  // Any move of the user's is a reason to try a failed page again; nothing else is (no retry loop).
  useEffect(() => loader?.windowMoved(), [loader, top, height, anchor]);
  useEffect(() => {
    loader?.want(pagesAround(top, height, list === null ? null : list.total, (offset) => list !== null && isLoaded(list, offset)));
  }, [loader, top, height, anchor, list]);

  const refreshMs = useListRefreshMs();
  const { pollShare } = useServices();
  const isWatched = useTerminalFocus();
  useEffect(() => {
    if (loader === null || !isFocused || !isWatched) return;
    let timer: ReturnType<typeof setTimeout>;
    const refreshWhenDue = (): void => {
      timer = setTimeout(refreshWhenDue, loader.refreshIfDue(pageOf(paged.position.current.anchor), Date.now(), refreshMs.current, pollShare?.spend));
    };
    refreshWhenDue();
    return () => clearTimeout(timer);
  }, [loader, isFocused, isWatched, paged.position, refreshMs, pollShare]);
}
