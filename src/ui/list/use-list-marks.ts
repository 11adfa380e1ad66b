import { useEffect } from 'react';
import { itemAt, type SparseList } from '../state/sparse-list.js';
import type { LibraryListOptions } from './library-list-types.js';

/**
 * What a list tells about itself beyond its rows: what it loaded (each time pages come), the items its window
 * shows (each time the window moves); and the mark of the row at a display index, for a list with marks.
 */
export function useListMarks<T>(
  { mark, onWindow, onList }: Pick<LibraryListOptions<T>, 'mark' | 'onWindow' | 'onList'>,
  list: SparseList<T> | null,
  window: { top: number; height: number; length: number },
  toBase: (displayIndex: number) => number,
): ((displayIndex: number) => string) | undefined {
  const { top, height, length } = window;
  useEffect(() => onList?.(list), [onList, list]);
  useEffect(() => {
    if (onWindow === undefined || list === null) return;
    const shown: T[] = [];
    for (let index = top; index < Math.min(length, top + height); index++) {
      const row = itemAt(list, toBase(index));
      if (row !== undefined) shown.push(row);
    }
    onWindow(shown);
  }, [onWindow, list, top, height, length, toBase]);
  if (mark === undefined) return undefined;
  return (displayIndex) => {
    const row = list === null ? undefined : itemAt(list, toBase(displayIndex));
    return row === undefined ? ' ' : mark(row);
  };
}
