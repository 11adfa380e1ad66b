import { useMemo } from 'react';

/** The rows a filter lets through, in the order the view shows them (moves included). */
export interface FilteredRows {
  /** Refs (base positions, entries added), in display order. */
  rows: readonly number[];
  /** Ref -> display row in the whole list (-1: not shown, taken out). */
  rowOf: Int32Array;
  /** The display rows of `rows`, ascending: where the one cursor may stop while the filter is on. */
  displayRows: Int32Array;
}

/** Null while no filter narrows the list; computed once per order and set of matches (refs below `refCount`). */
export function useFilteredRows(order: Int32Array, matches: readonly number[] | null, refCount: number): FilteredRows | null {
  return useMemo(() => {
    if (matches === null) return null;
    const rowOf = new Int32Array(Math.max(refCount, order.length)).fill(-1);
    order.forEach((ref, row) => (rowOf[ref] = row));
    const rows = matches.filter((ref) => rowOf[ref]! >= 0).sort((a, b) => rowOf[a]! - rowOf[b]!);
    return { rows, rowOf, displayRows: Int32Array.from(rows, (ref) => rowOf[ref]!) };
  }, [order, matches, refCount]);
}
