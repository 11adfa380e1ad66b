import { useMemo } from 'react';

/** The rows a filter lets through, in the order the view shows them (moves included). */
export interface FilteredRows {
  /** Base positions, in display order. */
  rows: readonly number[];
  /** Base position -> display row in the whole list. */
  rowOf: Int32Array;
  /** The display rows of `rows`, ascending: where the one cursor may stop while the filter is on. */
  displayRows: Int32Array;
}

/** Null while no filter narrows the list; computed once per order and set of matches. */
export function useFilteredRows(order: Int32Array, matches: readonly number[] | null): FilteredRows | null {
  return useMemo(() => {
    if (matches === null) return null;
    const rowOf = new Int32Array(order.length);
    order.forEach((position, row) => (rowOf[position] = row));
    const rows = [...matches].sort((a, b) => rowOf[a]! - rowOf[b]!);
    return { rows, rowOf, displayRows: Int32Array.from(rows, (position) => rowOf[position]!) };
  }, [order, matches]);
}
