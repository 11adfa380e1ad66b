import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeOnFresh } from '../../../../src/ui/playlist-editor/model/merge.js';
import { isDirty } from '../../../../src/ui/playlist-editor/model/arrangement.js';
import { itemAt } from '../../../../src/ui/state/sparse-list.js';
import { entryAt } from '../../../../src/ui/playlist-editor/model/edit.js';
import { apply, cursorTo, reorderOf, identities, move, nameOf, shown } from './edit-helpers.js';

const letters = [...'ABCDEFGHIJ'];

describe('mergeOnFresh', () => {
  it('keeps a move made elsewhere and replays ours by identity', () => {
    // Ours: A down four places. Elsewhere: J moved to the top.
    const state = apply(reorderOf(letters), move('moveDown', 4));
    expect(shown(state)).toEqual([...'BCDEAFGHIJ']);
    const merged = mergeOnFresh(state, { snapshotId: 'v9', identities: identities([...'JABCDEFGHI']) });
    expect(shown(merged)).toEqual([...'JBCDEAFGHI']);
    expect(merged.snapshotId).toBe('v9');
    expect(nameOf(itemAt(merged.list, merged.arrangement.order[merged.arrangement.cursor]!))).toBe('A');
    // The base is the fresh order: what is left to save is our move alone.
    expect(Array.from(merged.arrangement.order)).toEqual([0, 2, 3, 4, 5, 1, 6, 7, 8, 9]);
  });

  it('keeps the cursor and the mark on their entries, and lets a mark go whose entry is gone', () => {
    // Nothing moved here: C marked to E, the cursor on E. Elsewhere: J to the top, then the same without C.
    const state = apply(reorderOf(letters), cursorTo(2), move('toggleMark'), cursorTo(4));
    const merged = mergeOnFresh(state, { snapshotId: 'v2', identities: identities([...'JABCDEFGHI']) });
    expect(shown(merged)).toEqual([...'JABCDEFGHI']);
    expect(isDirty(merged.arrangement)).toBe(false);
    expect([merged.arrangement.mark, merged.arrangement.cursor]).toEqual([3, 5]);
    const withoutC = mergeOnFresh(state, { snapshotId: 'v3', identities: identities([...'JABDEFGHI']) });
    expect([withoutC.arrangement.mark, withoutC.arrangement.cursor]).toEqual([null, 4]);
  });

  it('drops entries removed elsewhere and keeps those added elsewhere where they were put', () => {
    const state = apply(reorderOf(letters), cursorTo(9), move('moveUp', 9));
    expect(shown(state)).toEqual([...'JABCDEFGHI']);
    const fresh = [...'ABDEFGXHIJ'];
    const merged = mergeOnFresh(state, { snapshotId: 'v2', identities: identities(fresh) });
    expect(Array.from(merged.arrangement.order, (position) => fresh[position])).toEqual([...'JABDEFGXHI']);
    // X was never loaded here: its row waits for its page, under its fresh position.
    expect(shown(merged)).toEqual([...'JABDEFG…HI']);
  });

  it('never moves an entry it could not tell for certain: unloaded ones stay where the service has them', () => {
    const numbers = Array.from({ length: 200 }, (_, i) => i);
    // Only the first page is loaded; the range 0–2 goes below entry 5. Elsewhere, 150 moved to the end.
    let state = apply(reorderOf(numbers, [0]), move('toggleMark'), cursorTo(2), move('moveDown', 3));
    expect(shown(state).slice(0, 7)).toEqual(['3', '4', '5', '0', '1', '2', '6']);
    const fresh = [...numbers.slice(0, 150), ...numbers.slice(151), 150];
    state = mergeOnFresh(state, { snapshotId: 'v2', identities: identities(fresh) });
    const names = Array.from(state.arrangement.order, (position) => fresh[position]);
    expect(names.slice(0, 7)).toEqual([3, 4, 5, 0, 1, 2, 6]);
    expect(names.slice(-2)).toEqual([199, 150]);
    expect(isDirty(state.arrangement)).toBe(true);
  });

  it('follows what the user moved where two readings explain the change equally well', () => {
    // J on A: "A went down" and "B went up" give the same order; elsewhere, J went to the top.
    const state = apply(reorderOf(letters), move('moveDown'));
    const merged = mergeOnFresh(state, { snapshotId: 'v2', identities: identities([...'JABCDEFGHI']) });
    expect(shown(merged)).toEqual([...'JBACDEFGHI']);
    // And the other way round: K on B.
    const other = apply(reorderOf(letters), cursorTo(1), move('moveUp'));
    expect(shown(mergeOnFresh(other, { snapshotId: 'v2', identities: identities([...'JABCDEFGHI']) }))).toEqual([...'BJACDEFGHI']);
  });

  it('moves what the user moved, however many: three entries up past a fourth are three moves, not one of the fourth', () => {
    // Ours: B, C, D up one place past A. Elsewhere: J to the top, A to the end.
    const state = apply(reorderOf(letters), cursorTo(1), move('toggleMark'), cursorTo(3), move('moveUp'));
    expect(shown(state)).toEqual([...'BCDAEFGHIJ']);
    const merged = mergeOnFresh(state, { snapshotId: 'v2', identities: identities([...'JBCDEFGHIA']) });
    // A stays where the other writer put it, and the entries nobody here moved keep their order.
    expect(shown(merged)).toEqual([...'BCDJEFGHIA']);
  });

  it('lets no entry the service no longer has push others about (issue 35)', () => {
    // Ours: the block A B A (copies of A among them) up one place past C. Elsewhere: every A removed, copies N
    // added, B to the end: what it did to C and D, which nobody here moved, stands (C before D).
    const state = apply(reorderOf([...'ACABAAAD']), cursorTo(2), move('toggleMark'), cursorTo(4), move('moveUp'));
    expect(shown(state)).toEqual([...'AABACAAD']);
    const merged = mergeOnFresh(state, { snapshotId: 'v2', identities: identities([...'CNNNDNB']) });
    const names = Array.from(merged.arrangement.order, (position) => [...'CNNNDNB'][position]);
    expect(names.indexOf('C')).toBeLessThan(names.indexOf('D'));
    expect(names).toEqual([...'BCNNNDN']);
  });

  it('moves a long marked range that is mostly not loaded by moving the one entry it passed', () => {
    const numbers = Array.from({ length: 400 }, (_, i) => i);
    // Rows 0–299 marked (most never loaded), moved down one place past entry 300.
    let state = apply(reorderOf(numbers, [0, 250, 300]), move('toggleMark'), cursorTo(299), move('moveDown'));
    expect(shown(state).slice(0, 2)).toEqual(['300', '0']);
    // Elsewhere, the last entry went to the top.
    const fresh = [399, ...numbers.slice(0, 399)];
    state = mergeOnFresh(state, { snapshotId: 'v2', identities: identities(fresh) });
    const names = Array.from(state.arrangement.order, (position) => fresh[position]);
    // 300 was put at the very top, the range kept together right after it.
    expect(names.slice(0, 3)).toEqual([300, 399, 0]);
    expect(names.slice(301, 304)).toEqual([299, 301, 302]);
  });

  it('with nothing changed elsewhere, gives exactly the view (property)', () => {
    const size = 60;
    const names = Array.from({ length: size }, (_, i) => i);
    const action = fc.oneof(
      fc.constantFrom('moveUp', 'moveDown', 'toggleMark', 'undo').map((type) => [move(type as 'moveUp')]),
      fc.integer({ min: 0, max: size - 1 }).map((index) => [cursorTo(index)]),
      fc
        .tuple(fc.constantFrom('moveUp', 'moveDown', 'undo'), fc.integer({ min: 2, max: 30 }))
        .map(([type, count]) => [move(type as 'moveUp', count)]),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        const state = apply(reorderOf(names), ...actions.flat());
        const merged = mergeOnFresh(state, { snapshotId: 'v2', identities: identities(names) });
        expect(shown(merged)).toEqual(shown(state));
      }),
      { seed: 5, numRuns: 200 },
    );
  });
});

describe('mergeOnFresh with entries added and taken out', () => {
  const added = (name: string) => ({ added_at: 'now', added_by: null, is_local: false, track: { uri: `u:${name}` } as never });
  const names = (state: ReturnType<typeof reorderOf>): string[] =>
    Array.from(state.arrangement.order, (ref) => nameOf(entryAt(state, ref)) ?? '…');

  it('keeps an entry the user took out out, and one the user added after the entry before it, over a change made elsewhere', () => {
    let state = reorderOf(letters);
    state = apply(state, { type: 'remove', rows: [2], height: 10 }, { type: 'insert', at: 4, items: [added('X')], follow: true, height: 10 });
    expect(names(state)).toEqual([...'ABDEXFGHIJ']);
    // Elsewhere: J moved to the top.
    const merged = mergeOnFresh(state, { snapshotId: 'v2', identities: identities([...'JABCDEFGHI']) });
    expect(names(merged)).toEqual([...'JABDEXFGHI']);
    // C is still in the fresh base, out of the order: the save removes it; X is still to add.
    expect(merged.list.total).toBe(10);
    expect(merged.added.map((item) => nameOf(item))).toEqual(['X']);
    expect(isDirty(merged.arrangement)).toBe(true);
  });

  it('has nothing left to take out when the entry was removed elsewhere too', () => {
    const state = apply(reorderOf(letters), { type: 'remove', rows: [2], height: 10 });
    const merged = mergeOnFresh(state, { snapshotId: 'v2', identities: identities([...'ABDEFGHIJ']) });
    expect(names(merged)).toEqual([...'ABDEFGHIJ']);
    expect(isDirty(merged.arrangement)).toBe(false);
  });
});
