import { useMemo } from 'react';

/** The rows a filter lets through, in the order the view shows them (moves included). */
export interface FilteredRows {
  /** Base positions, in display order. */
  rows: readonly number[];
  /** Base position -> display row in the whole list. */
  rowOf: Int32Array;
}

/** Null while no filter narrows the list; computed once per order and set of matches. */
export function useFilteredRows(order: Int32Array, matches: readonly number[] | null): FilteredRows | null {
  return useMemo(() => {
    if (matches === null) return null;
    const rowOf = new Int32Array(order.length);
    order.forEach((position, row) => (rowOf[position] = row));
    return { rows: [...matches].sort((a, b) => rowOf[a]! - rowOf[b]!), rowOf };
  }, [order, matches]);
}
