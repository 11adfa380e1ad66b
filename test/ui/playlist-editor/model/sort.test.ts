import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlaylistItem } from '../../../../src/api/types.js';
import { parseFields } from '../../../../src/service/fields.js';
import { createArrangement, arrangementReducer, type Arrangement } from '../../../../src/ui/playlist-editor/model/arrangement.js';
import { pushStep, redoSteps, undoSteps } from '../../../../src/ui/playlist-editor/model/history.js';
import {
  SORT_FIELDS, SORT_MENU_TEXT, SortValues, missingSortPages, pageAgrees, sortChoiceFor, sortProgressText, sortRefusal, sortStep,
  sortValueOf, sortedRows, textCollator, type SortValue,
} from '../../../../src/ui/playlist-editor/model/sort.js';
import { applyMoves, planMoves } from '../../../../src/ui/playlist-editor/model/save-plan.js';
import { emptySparseList, withPage } from '../../../../src/ui/state/sparse-list.js';

const collator = textCollator('en');

function track(name: string, extra: { artists?: string[]; album?: string; duration?: number; addedAt?: string; uri?: string } = {}): PlaylistItem {
  return {
    added_at: extra.addedAt ?? '2024-01-01T00:00:00Z',
    added_by: null,
    is_local: false,
    track: {
      type: 'track', id: name, name, uri: extra.uri ?? `playdeck:track:${name}`,
      album: { name: extra.album ?? '' } as never, artists: (extra.artists ?? []).map((artist) => ({ name: artist })) as never,
      duration_ms: extra.duration ?? 0, explicit: false, popularity: 0, is_playable: true, is_local: false, restrictions: null,
      linked_from: null, track_number: 1, disc_number: 1,
    },
  };
}

/** Sorts a state whose base positions index `items`. */
function sortBy(state: Arrangement, items: readonly PlaylistItem[], choice: Parameters<typeof sortStep>[1]): Arrangement {
  const step = sortStep(state, choice, (position) => sortValueOf(items[position]!, choice === 'reverse' ? 'title' : choice), collator);
  return step === null ? state : pushStep(state, step);
}

const names = (state: Arrangement, items: readonly PlaylistItem[]) => Array.from(state.order, (p) => items[p]!.track!.name);

describe('sort', () => {
  it('folds case and accents, and reads digits as numbers', () => {
    const items = ['Track 10', 'zebra', 'Éclair', 'track 2', 'apple', 'Apple'].map((name) => track(name));
    const sorted = sortBy(createArrangement(items.length), items, 'title');
    expect(names(sorted, items)).toEqual(['apple', 'Apple', 'Éclair', 'track 2', 'Track 10', 'zebra']);
  });

  it('is stable: entries with equal keys keep their order, so two sorts compose (album, then artist)', () => {
    const items = [
      track('b1', { artists: ['Bee'], album: 'Two' }), track('a1', { artists: ['Ant'], album: 'Two' }),
      track('b2', { artists: ['bee'], album: 'One' }), track('a2', { artists: ['Ant'], album: 'One' }),
    ];
    const byAlbum = sortBy(createArrangement(4), items, 'album');
    expect(names(byAlbum, items)).toEqual(['b2', 'a2', 'b1', 'a1']);
    const byArtistThenAlbum = sortBy(byAlbum, items, 'artist');
    expect(names(byArtistThenAlbum, items)).toEqual(['a2', 'a1', 'b2', 'b1']);
    expect(byArtistThenAlbum.undo).toHaveLength(2);
  });

  it('keeps duplicates of one track as distinct entries, in their order, and puts entries without a value last', () => {
    const items = [
      track('same', { addedAt: '2024-03-01T00:00:00Z' }), track('', { uri: 'playdeck:track:blank' }),
      track('same', { addedAt: '2024-01-01T00:00:00Z' }), track('alpha'),
    ];
    const sorted = sortBy(createArrangement(4), items, 'title');
    expect(Array.from(sorted.order)).toEqual([3, 0, 2, 1]);
    const byDate = sortBy(createArrangement(4), items, 'added');
    expect(Array.from(byDate.order)).toEqual([1, 2, 3, 0]);
  });

  it('sorts by duration numerically, the cursor following its entry', () => {
    const items = [track('long', { duration: 600_000 }), track('short', { duration: 90_000 }), track('mid', { duration: 200_000 })];
    const state = arrangementReducer(createArrangement(3), { type: 'cursorTo', index: 0 });
    const sorted = sortBy(state, items, 'duration');
    expect(names(sorted, items)).toEqual(['short', 'mid', 'long']);
    expect(sorted.cursor).toBe(2);
  });

  it('reverses, then undo and redo take the reverse back and again in one step each', () => {
    const items = ['a', 'b', 'c', 'd'].map((name) => track(name));
    const moved = arrangementReducer(arrangementReducer(createArrangement(4), { type: 'cursorTo', index: 1 }), { type: 'moveDown' });
    const reversed = sortBy(moved, items, 'reverse');
    expect(names(reversed, items)).toEqual(['d', 'b', 'c', 'a']);
    const undone = undoSteps(reversed, 1);
    expect(names(undone, items)).toEqual(['a', 'c', 'b', 'd']);
    expect(undone.cursor).toBe(2);
    expect(names(undoSteps(reversed, 2), items)).toEqual(['a', 'b', 'c', 'd']);
    expect(names(redoSteps(undoSteps(reversed, 2), 2), items)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('records nothing when the order is already sorted', () => {
    const items = ['a', 'b'].map((name) => track(name));
    const state = createArrangement(2);
    expect(sortBy(state, items, 'title')).toBe(state);
  });

  it('keeps working across a save that renumbers the base: the step is rows, not base positions', () => {
    const items = ['c', 'a', 'b'].map((name) => track(name));
    const sorted = sortBy(createArrangement(3), items, 'title');
    const saved = arrangementReducer(sorted, { type: 'saved', order: sorted.order });
    expect(Array.from(saved.order)).toEqual([0, 1, 2]);
    // After the save, base position p holds items[sorted.order[p]]; undo puts 'c' first again.
    const undone = undoSteps(saved, 1);
    expect(Array.from(undone.order, (p) => items[sorted.order[p]!]!.track!.name)).toEqual(['c', 'a', 'b']);
  });

  it('refuses while a filter or a mark is on, saying why', () => {
    expect(sortRefusal({ isFiltered: true, isMarked: false })).toBe('sort works on the whole playlist: clear the filter first (Esc)');
    expect(sortRefusal({ isFiltered: false, isMarked: true })).toBe('sort works on the whole playlist: clear the mark first (Esc)');
    expect(sortRefusal({ isFiltered: false, isMarked: false })).toBeNull();
  });

  it('throws rather than sort around an entry whose value is not loaded', () => {
    expect(() => sortStep(createArrangement(2), 'title', () => undefined)).toThrow('row 1 is not loaded');
  });

  it('has a menu letter per choice and the words the status line shows', () => {
    expect(['t', 'a', 'l', 'd', 'n', 'r', 'x'].map(sortChoiceFor)).toEqual(['title', 'artist', 'album', 'duration', 'added', 'reverse', null]);
    expect(SORT_MENU_TEXT).toBe('sort: t title · a artist · l album · d duration · n date added · r reverse · u remove duplicates · Esc cancels');
    expect(sortProgressText('title', 3_200, 10_000)).toBe('sorting by title: loading 3,200/10,000…');
  });
});

describe('what a sort loads', () => {
  it('asks for fields filters the service parses, each with the key and the identity only', () => {
    for (const fields of Object.values(SORT_FIELDS)) {
      expect(() => parseFields(fields)).not.toThrow();
      expect(fields).toMatch(/^total,items\(added_at,track\(type,uri.*\),item\(type,uri.*\)\)$/);
    }
    expect(SORT_FIELDS.title).toBe('total,items(added_at,track(type,uri,linked_from(uri),name),item(type,uri,linked_from(uri),name))');
  });

  it('loads only the pages the view has not loaded, 100 entries a request', () => {
    let list = emptySparseList<PlaylistItem>(1_000);
    list = withPage(list, 0, Array.from({ length: 150 }, (_, i) => track(`t${i}`)), 1_000);
    list = withPage(list, 400, Array.from({ length: 100 }, (_, i) => track(`u${i}`)), 1_000);
    const values = new SortValues('title', 1_000);
    values.addLoaded(list);
    expect(values.loaded).toBe(250);
    expect(missingSortPages(1_000, values.has)).toEqual([150, 250, 350, 500, 600, 700, 800, 900]);
    values.addPage(150, Array.from({ length: 100 }, (_, i) => track(`v${i}`)));
    expect(values.at(150)).toBe('v0');
    expect(missingSortPages(1_000, values.has)).toEqual([250, 350, 500, 600, 700, 800, 900]);
    expect(missingSortPages(10_000, () => false)).toHaveLength(100);
  });

  it('tells a lean page that disagrees with the loaded entries (the playlist changed meanwhile)', () => {
    const list = withPage(emptySparseList<PlaylistItem>(4), 0, [track('a'), track('b')], 4);
    expect(pageAgrees(list, 0, [track('a', { album: 'lean' }), track('b')])).toBe(true);
    expect(pageAgrees(list, 1, [track('b'), track('c')])).toBe(true);
    expect(pageAgrees(list, 0, [track('b'), track('a')])).toBe(false);
  });
});

/** Length of a longest increasing subsequence, by patience sorting (independent of the planner). */
function lisLength(sequence: ArrayLike<number>): number {
  const tails: number[] = [];
  for (let i = 0; i < sequence.length; i++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (tails[middle]! < sequence[i]!) low = middle + 1;
      else high = middle;
    }
    tails[low] = sequence[i]!;
  }
  return tails.length;
}

describe('saving a sort', () => {
  it('reaches the sorted order in at most n − (longest run kept in order) range moves (property)', () => {
    const value = fc.oneof(fc.constant<SortValue>(null), fc.integer({ min: 0, max: 20 }), fc.constantFrom('a', 'B', 'é', 'E', 'z 2', 'Z 10'));
    fc.assert(
      fc.property(fc.array(value, { minLength: 0, maxLength: 80 }), fc.array(fc.nat(), { maxLength: 6 }), (values, presses) => {
        // Some moves first, so the sort starts from an order that is not the base.
        let state = createArrangement(values.length);
        for (const press of presses) {
          state = arrangementReducer(state, { type: 'cursorTo', index: press % Math.max(1, values.length) });
          state = arrangementReducer(state, { type: press % 2 === 0 ? 'moveDown' : 'moveUp' });
        }
        const step = sortStep(state, 'title', (position) => values[position]!, collator);
        const sorted = step === null ? state : pushStep(state, step);
        const base = Array.from(sorted.savedOrder);
        const moves = planMoves(base, sorted.order);
        expect(applyMoves(base, moves)).toEqual(Array.from(sorted.order));
        expect(moves.length).toBeLessThanOrEqual(values.length - lisLength(sorted.order));
        // Sorted: the values along the new order never go down.
        const rows = sortedRows(values.length, (row) => values[sorted.order[row]!]!, collator);
        expect(Array.from(rows)).toEqual(Array.from({ length: values.length }, (_, i) => i));
      }),
      { numRuns: 300 },
    );
  });
});
