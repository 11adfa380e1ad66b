import type { SparseList } from './sparse-list.js';

/** The `/` filter of a list: what was typed, and which loaded items it lets through. No React here. */

export interface FilterState {
  /** What the user typed; '' shows everything. */
  text: string;
  /** The text input has the keys. */
  isEditing: boolean;
}

export type FilterChange = { type: 'open' } | { type: 'change'; text: string } | { type: 'accept' } | { type: 'clear' };

export const CLOSED_FILTER: FilterState = { text: '', isEditing: false };

export function filterReducer(state: FilterState, change: FilterChange): FilterState {
  switch (change.type) {
    case 'open':
      return state.isEditing ? state : { ...state, isEditing: true };
    case 'change':
      return { ...state, text: change.text };
    case 'accept':
      // An empty filter accepted is no filter.
      return state.text === '' ? CLOSED_FILTER : { ...state, isEditing: false };
    case 'clear':
      return CLOSED_FILTER;
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

/** How many items are loaded (what a filter searched). */
export function countLoaded<T>(list: SparseList<T>): number {
  let count = 0;
  for (const page of list.pages.values()) count += page.length;
  return count;
}
