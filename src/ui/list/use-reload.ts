import { useEffect, useRef } from 'react';
import type { SparseList } from '../state/sparse-list.js';
import { PAGE_SIZE, pageOf, type PageLoader } from './page-loader.js';

/**
 * A new `reloadKey` reads the pages around the window again (the list stays on screen meanwhile); those far
 * from it are dropped (`drop` keeps those it is given true for), to be read when the window gets there: a
 * list read again after a change costs a page or two, however far it was scrolled before.
 */
export function useReload<T>(
  loader: PageLoader<T> | null,
  reloadKey: number | undefined,
  held: () => SparseList<T> | null,
  position: { readonly current: { top: number; height: number } },
  drop: (keep: (start: number, end: number) => boolean) => void,
): void {
  const reloadedFor = useRef(reloadKey);
  const latest = useRef({ held, drop });
  latest.current = { held, drop };
  useEffect(() => {
    if (loader === null || reloadedFor.current === reloadKey) return;
    reloadedFor.current = reloadKey;
    const list = latest.current.held();
    if (list === null) return loader.reload([0]);
    const { top, height } = position.current;
    const isNear = (start: number, end: number): boolean => end > top - PAGE_SIZE && start < top + height + PAGE_SIZE;
    const near = list.starts.filter((start) => isNear(start, start + list.pages.get(start)!.length));
    if (near.length < list.starts.length) {
      loader.keepAnswers((offset) => near.includes(offset));
      latest.current.drop(isNear);
    }
    loader.reload(near.length === 0 ? [pageOf(top)] : near);
  }, [loader, reloadKey, position]);
}
