import { describe, expect, it } from 'vitest';
import { filteredWindow, missingPages } from '../../../../src/ui/playlist-editor/model/edit.js';
import { isDirty } from '../../../../src/ui/playlist-editor/model/arrangement.js';
import { itemAt } from '../../../../src/ui/state/sparse-list.js';
import { apply, cursorTo, reorderOf, entry, HEIGHT, move, nameOf, shown } from './edit-helpers.js';

const letters = [...'ABCDEFGHIJ'];

describe('playlist reorder state', () => {
  it('moves the entry under the cursor, a count moving it further, the window following the cursor', () => {
    const numbers = Array.from({ length: 100 }, (_, i) => i);
    let state = apply(reorderOf(numbers), move('moveDown'));
    expect(shown(state).slice(0, 3)).toEqual(['1', '0', '2']);
    state = apply(state, move('moveDown', 20));
    expect(state.arrangement.cursor).toBe(21);
    expect(nameOf(itemAt(state.list, state.arrangement.order[21]!))).toBe('0');
    expect(state.top).toBe(21 - HEIGHT + 1);
  });

  it('applies a count to cursor moves too, and to nothing else', () => {
    let state = apply(reorderOf(letters), { type: 'cursor', action: 'down', height: HEIGHT, count: 5 });
    expect(state.arrangement.cursor).toBe(5);
    state = apply(state, { type: 'cursor', action: 'last', height: HEIGHT, count: 3 });
    expect(state.arrangement.cursor).toBe(9);
  });

  it('keeps one cursor under a filter: it stops only on the matches and stays on its entry when the filter goes', () => {
    const numbers = Array.from({ length: 100 }, (_, i) => i);
    // A filter that lets every seventh row through.
    const rows = Int32Array.from({ length: 15 }, (_, i) => i * 7);
    let state = apply(reorderOf(numbers), cursorTo(40), { type: 'filterChanged', height: HEIGHT });
    expect(filteredWindow(state, rows, HEIGHT)).toEqual({ cursor: 0, top: 0 });
    state = apply(state, { type: 'filteredCursor', action: 'down', rows, height: HEIGHT, count: 12 });
    expect(state.arrangement.cursor).toBe(84);
    expect(filteredWindow(state, rows, HEIGHT)).toEqual({ cursor: 12, top: 12 - HEIGHT + 1 });
    state = apply(state, { type: 'filteredCursor', action: 'last', rows, height: HEIGHT, count: 3 });
    expect(state.arrangement.cursor).toBe(98);
    state = apply(state, { type: 'filteredCursorTo', index: 5, rows, height: HEIGHT });
    expect(state.arrangement.cursor).toBe(35);
    expect(filteredWindow(state, rows, HEIGHT).cursor).toBe(5);
    // Without the filter the same cursor is on the same entry, the whole list's window around it.
    state = apply(state, cursorTo(state.arrangement.cursor));
    expect(nameOf(itemAt(state.list, state.arrangement.order[state.arrangement.cursor]!))).toBe('35');
    expect(state.top).toBeLessThanOrEqual(35);
    expect(state.top + HEIGHT).toBeGreaterThan(35);
  });

  it('shows the first match at or after the cursor when the cursor is on no match, and nothing moves among no rows', () => {
    const state = apply(reorderOf(Array.from({ length: 30 }, (_, i) => i)), cursorTo(11));
    expect(filteredWindow(state, Int32Array.of(3, 9, 12, 20), HEIGHT).cursor).toBe(2);
    expect(filteredWindow(state, Int32Array.of(3, 9), HEIGHT).cursor).toBe(1);
    expect(apply(state, { type: 'filteredCursor', action: 'down', rows: new Int32Array(0), height: HEIGHT })).toBe(state);
  });

  it('renumbers the base on a save: the view and the loaded entries stay, the service order becomes the identity', () => {
    let state = apply(reorderOf(letters), cursorTo(2), move('toggleMark'), cursorTo(3), move('moveUp'), move('moveUp'));
    expect(shown(state)).toEqual([...'CDABEFGHIJ']);
    const order = Array.from(state.arrangement.order);
    state = apply(state, { type: 'writeStarted' }, { type: 'saved', order, snapshotId: 'v2' });
    expect(shown(state)).toEqual([...'CDABEFGHIJ']);
    expect(Array.from(state.arrangement.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(isDirty(state.arrangement)).toBe(false);
    expect(state.snapshotId).toBe('v2');
    // Undo still works across the save: the old order is unsaved again.
    state = apply(state, move('undo'), move('undo'));
    expect(shown(state)).toEqual(letters);
    expect(isDirty(state.arrangement)).toBe(true);
  });

  it('drops pages asked for before the base was renumbered or while a write was out', () => {
    const state = reorderOf(letters, []);
    const asked = state.generation;
    const writing = apply(state, { type: 'writeStarted' });
    const page = { type: 'page' as const, generation: asked, offset: 0, items: letters.map(entry), total: 10 };
    expect(apply(writing, page)).toBe(writing);
    const after = apply(writing, { type: 'saved', order: [...Array(10).keys()], snapshotId: 'v2' });
    expect(apply(after, page)).toBe(after);
    expect(shown(apply(after, { ...page, generation: after.generation }))).toEqual(letters);
  });

  it('with moves unsaved, sets aside a page that shows other entries, and marks the base stale', () => {
    const state = apply(reorderOf(letters), move('moveDown'));
    const changed = [...'JABCDEFGHI'].map(entry);
    const next = apply(state, { type: 'page', generation: state.generation, offset: 0, items: changed, total: 10 });
    expect(shown(next)).toEqual(shown(state));
    expect(next.isBaseStale).toBe(true);
  });

  it('with nothing unsaved, takes a page of a new size and starts the view afresh', () => {
    const state = apply(reorderOf(letters), cursorTo(4));
    const grown = [...'ABCDEFGHIJK'].map(entry);
    const next = apply(state, { type: 'page', generation: state.generation, offset: 0, items: grown, total: 11 });
    expect(shown(next)).toEqual([...'ABCDEFGHIJK']);
    expect(next.arrangement.cursor).toBe(4);
  });

  it('asks for the pages of the rows on screen wherever they come from, window first', () => {
    const numbers = Array.from({ length: 10_000 }, (_, i) => i);
    // Only the first page is loaded; the first entry goes down 5,000 places.
    let state = apply(reorderOf(numbers, [0]), move('moveDown', 5000));
    expect(state.arrangement.cursor).toBe(5_000);
    const pages = missingPages(state, state.top, HEIGHT);
    expect(pages[0]).toBe(4_950);
    expect(pages).toContain(5_000);
    expect(pages).not.toContain(0);
    state = apply(state, cursorTo(0));
    expect(missingPages(state, 0, HEIGHT)).toEqual([50]);
  });
});
