import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api, PageRequest } from '../../api/api.js';
import type { Paging } from '../../api/types.js';
import { useApi } from '../api-context.js';
import type { ListView, Reread, WholeSource } from '../sections/types.js';

export interface ViewSource<T> {
  sourceKey: string;
  fetchPage(page: PageRequest, signal: AbortSignal): Promise<Paging<T>>;
  totalHint: number | undefined;
  /** A new value reads the pages held again, in place. */
  reloadKey: number;
  /** The first page as last read. */
  firstPage: { readonly current: Paging<T> | null };
}

export interface RereadSignals {
  /** The view's tab is up (an overlay may be over it). */
  isTabShown: boolean;
  /** Counts the episodes and chapters that stopped playing. */
  listeningEnded: number;
}

const NEVER: readonly Reread[] = [];

/** One read of a whole source, whatever pages the list asks of it. */
interface WholeRead<T> {
  generation: number;
  entries: Promise<T[]>;
  controller: AbortController;
  /** The pages given out, so that asking again (the list's refresh) renders nothing new. */
  pages: Map<number, Paging<T>>;
}

/** The generation of a whole source: one more each time `rereadOn` says (coming on screen, a listen ending while shown). */
function useGeneration(rereadOn: readonly Reread[], { isTabShown, listeningEnded }: RereadSignals): number {
  const [generation, setGeneration] = useState(0);
  const seen = useRef({ isTabShown, listeningEnded });
  useEffect(() => {
    const before = seen.current;
    seen.current = { isTabShown, listeningEnded };
    const cameOn = rereadOn.includes('shown') && isTabShown && !before.isTabShown;
    const ended = rereadOn.includes('listeningEnded') && isTabShown && before.listeningEnded !== listeningEnded;
    if (cameOn || ended) setGeneration((previous) => previous + 1);
  }, [rereadOn, isTabShown, listeningEnded]);
  return generation;
}

function pageOf<T, P>(source: WholeSource<T, P>, read: { current: WholeRead<T> | null }, api: Api, parent: P, generation: number) {
  return async (page: PageRequest): Promise<Paging<T>> => {
    let current = read.current;
    if (current?.generation !== generation) {
      current?.controller.abort();
      const controller = new AbortController();
      const started: WholeRead<T> = { generation, entries: source.readAll(api, parent, controller.signal), controller, pages: new Map() };
      started.entries.catch(() => {
        if (read.current === started) read.current = null;
      });
      read.current = current = started;
    }
    const items = await current.entries;
    const given = current.pages.get(page.offset);
    if (given?.limit === page.limit) return given;
    const slice = items.slice(page.offset, page.offset + page.limit);
    const paging = { href: '', limit: page.limit, offset: page.offset, next: null, previous: null, total: items.length, items: slice };
    current.pages.set(page.offset, paging);
    return paging;
  };
}

/** Where a list view's items come from: the service a page at a time, or a whole source cut into pages. */
export function useViewSource<T, P>(view: ListView<T, P>, parent: P, signals: RereadSignals): ViewSource<T> {
  const api = useApi();
  const { source } = view;
  const generation = useGeneration('readAll' in source ? source.rereadOn : NEVER, signals);
  const firstPage = useRef<Paging<T> | null>(null);
  const whole = useRef<WholeRead<T> | null>(null);
  useEffect(() => () => whole.current?.controller.abort(), []);
  const fetchPage = useCallback(
    async (page: PageRequest, signal: AbortSignal): Promise<Paging<T>> => {
      const paging = 'readAll' in source ? await pageOf(source, whole, api, parent, generation)(page) : await source.fetchPage(api, parent, page, signal);
      if (page.offset === 0) firstPage.current = paging;
      return paging;
    },
    [api, source, parent, generation],
  );
  const totalHint = 'fetchPage' in source ? source.totalHint?.(parent) : undefined;
  return { sourceKey: view.sourceKey(parent), fetchPage, totalHint, reloadKey: generation, firstPage };
}
