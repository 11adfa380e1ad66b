import { describe, expect, it } from 'vitest';
import { CLOSED_FILTER, countLoaded, filterReducer, matchingIndices } from '../../../src/ui/state/list-filter.js';
import { emptySparseList, withPage } from '../../../src/ui/state/sparse-list.js';

describe('list filter', () => {
  it('opens for typing, keeps its text on Enter, and an empty one accepted is no filter', () => {
    let state = filterReducer(CLOSED_FILTER, { type: 'open' });
    expect(state).toEqual({ text: '', isEditing: true });
    expect(filterReducer(state, { type: 'accept' })).toBe(CLOSED_FILTER);
    state = filterReducer(state, { type: 'change', text: 'mix' });
    expect(filterReducer(state, { type: 'accept' })).toEqual({ text: 'mix', isEditing: false });
    expect(filterReducer(state, { type: 'clear' })).toBe(CLOSED_FILTER);
  });

  it('searches only the loaded pages, in list order, whatever the case', () => {
    let list = emptySparseList<string>(200);
    list = withPage(list, 100, ['Night Mix', 'Day'], 200);
    list = withPage(list, 0, ['mixtape', 'Other'], 200);
    expect(matchingIndices(list, 'MIX', (item) => item.toLowerCase())).toEqual([0, 100]);
    expect(countLoaded(list)).toBe(4);
  });
});
