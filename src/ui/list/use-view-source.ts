import { useCallback, useEffect, useRef } from 'react';
import type { Api, PageRequest } from '../../api/api.js';
import type { Paging } from '../../api/types.js';
import { useApi } from '../context/api-context.js';
import type { ListView } from '../sections/types.js';
import { cursorPageOf, wholePageOf, type CursorRead, type WholeRead } from './source-pages.js';

export interface ViewSource<T> {
  sourceKey: string;
  fetchPage(page: PageRequest, signal: AbortSignal): Promise<Paging<T>>;
  totalHint: number | undefined;
  /** A new value reads the pages held again, in place. */
  reloadKey: number;
  /** The first page as last read. */
  firstPage: { readonly current: Paging<T> | null };
}

/**
 * Where a list view's items come from: the service a page at a time (by offset or by cursor), or a whole
 * source cut into pages. A new `generation` (list/use-rereads.ts) reads them again.
 */
export function useViewSource<T, P>(view: ListView<T, P>, parent: P, generation: number): ViewSource<T> {
  const api = useApi();
  const { source } = view;
  const firstPage = useRef<Paging<T> | null>(null);
  const whole = useRef<WholeRead<T> | null>(null);
  const cursor = useRef<CursorRead<T>>({ generation, pages: new Map(), total: 0 });
  useEffect(() => () => whole.current?.controller.abort(), []);
  const fetchPage = useCallback(
    async (page: PageRequest, signal: AbortSignal): Promise<Paging<T>> => {
      let paging: Paging<T>;
      if ('readAll' in source) paging = await wholePageOf(source, whole, api, parent, generation)(page);
      else if ('fetchAfter' in source) paging = await cursorPageOf(source, cursor, api, parent, generation)(page, signal);
      else paging = await source.fetchPage(api, parent, page, signal);
      if (page.offset === 0) firstPage.current = paging;
      return paging;
    },
    [api, source, parent, generation],
  );
  const totalHint = 'fetchPage' in source ? source.totalHint?.(parent) : undefined;
  return { sourceKey: view.sourceKey(parent), fetchPage, totalHint, reloadKey: generation, firstPage };
}
