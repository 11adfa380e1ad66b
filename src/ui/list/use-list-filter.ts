import { useMemo, useReducer } from 'react';
import { CLOSED_FILTER, countLoaded, filterReducer, matchingIndices, type FilterState } from '../state/list-filter.js';
import type { SparseList } from '../state/sparse-list.js';

export interface ListFilter extends FilterState {
  /** A filter narrows the list (or is being typed): positions on screen are not the playlist's. */
  isOn: boolean;
  /** Base indices shown, in order; null while no filter narrows the list. */
  matches: readonly number[] | null;
  /** How many items the filter searched (the loaded ones). */
  searchedCount: number;
  open(): void;
  change(text: string): void;
  /** Keeps the filter and gives the keys back to the list. */
  accept(): void;
  clear(): void;
}

/** The `/` filter of a library list: its text, and which loaded items it lets through. */
export function useListFilter<T>(list: SparseList<T> | null, matchText: (item: T) => string): ListFilter {
  const [state, dispatch] = useReducer(filterReducer, CLOSED_FILTER);
  const matches = useMemo(
    () => (list === null || state.text === '' ? null : matchingIndices(list, state.text, matchText)),
    [list, state.text, matchText],
  );
  const searchedCount = useMemo(() => (matches === null || list === null ? 0 : countLoaded(list)), [matches, list]);
  const actions = useMemo(
    () => ({
      open: () => dispatch({ type: 'open' }),
      change: (text: string) => dispatch({ type: 'change', text }),
      accept: () => dispatch({ type: 'accept' }),
      clear: () => dispatch({ type: 'clear' }),
    }),
    [],
  );
  return { ...state, ...actions, isOn: state.isEditing || state.text !== '', matches, searchedCount };
}
