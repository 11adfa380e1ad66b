import { useMemo, useReducer } from 'react';
import type { SparseList } from '../state/sparse-list.js';

export interface FilterState {
  /** What the user typed; '' shows everything. */
  text: string;
  /** The text input has the keys. */
  isEditing: boolean;
}

type FilterChange = { type: 'open' } | { type: 'change'; text: string } | { type: 'accept' } | { type: 'clear' };

const CLOSED: FilterState = { text: '', isEditing: false };

function reduceFilter(state: FilterState, change: FilterChange): FilterState {
  switch (change.type) {
    case 'open':
      return state.isEditing ? state : { ...state, isEditing: true };
    case 'change':
      return { ...state, text: change.text };
    case 'accept':
      // An empty filter accepted is no filter.
      return state.text === '' ? CLOSED : { ...state, isEditing: false };
    case 'clear':
      return CLOSED;
  }
}

/**
 * Base indices of the loaded items whose text contains `query` (case-insensitive), in list order. Only
 * loaded pages are searched: loading a 10,000-item playlist to filter it would cost 200 requests.
 */
export function matchingIndices<T>(list: SparseList<T>, query: string, matchText: (item: T) => string): number[] {
  const needle = query.toLowerCase();
  const matches: number[] = [];
  for (const start of list.starts) {
    list.pages.get(start)!.forEach((item, position) => {
      if (matchText(item).includes(needle)) matches.push(start + position);
    });
  }
  return matches;
}

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
  const [state, dispatch] = useReducer(reduceFilter, CLOSED);
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

function countLoaded<T>(list: SparseList<T>): number {
  let count = 0;
  for (const page of list.pages.values()) count += page.length;
  return count;
}
