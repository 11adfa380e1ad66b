import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlaylistItem } from '../../../../src/api/types.js';
import { isDirty } from '../../../../src/ui/playlist-editor/model/arrangement.js';
import { entryAt, type EditAction } from '../../../../src/ui/playlist-editor/model/edit.js';
import type { PlaylistEdit } from '../../../../src/ui/playlist-editor/model/playlist-edit.js';
import { stepMessage } from '../../../../src/ui/playlist-editor/model/messages.js';
import { applyMoves } from '../../../../src/ui/playlist-editor/model/save-plan.js';
import { countPlan, nextAddition, nextRemoval, plannedMoves, requestsOf } from '../../../../src/ui/playlist-editor/model/write-plan.js';
import { apply, cursorTo, HEIGHT, move, PAGE, reorderOf } from './edit-helpers.js';

/** A service holding entries (`u:<name>` added at a date), as the embedded one answers the three writes. */
interface Service {
  items: PlaylistItem[];
  snapshot: number;
  requests: number;
}

const entryNamed = (name: string, addedAt: string): PlaylistItem => ({ added_at: addedAt, added_by: null, is_local: false, track: { uri: `u:${name}` } as PlaylistItem['track'] });
const nameOfItem = (item: PlaylistItem | undefined): string => item?.track?.uri.slice(2) ?? '…';
const shown = (state: PlaylistEdit): string[] => Array.from(state.arrangement.order, (ref) => nameOfItem(entryAt(state, ref)));
const remove = (rows: number[]): EditAction => ({ type: 'remove', rows, height: HEIGHT });
const insert = (at: number, names: string[], follow = true): EditAction => ({
  type: 'insert', at, items: names.map((name) => entryNamed(name, 'pending')), follow, height: HEIGHT,
});

/** Every page read again from the service, as the view does after a save. */
function reload(state: PlaylistEdit, service: Service): PlaylistEdit {
  let next = state;
  for (let offset = 0; offset < service.items.length; offset += PAGE) {
    next = apply(next, { type: 'page', generation: next.generation, offset, items: service.items.slice(offset, offset + PAGE), total: service.items.length });
  }
  return next;
}

/** A save as save-edit.ts sends it, on a service nobody else changes: removals, moves, additions. */
function save(start: PlaylistEdit, service: Service): PlaylistEdit {
  let state = start;
  const uriAt = (position: number) => service.items[position]?.track?.uri;
  const written = (change: Parameters<typeof nextRemoval>[0] extends never ? never : NonNullable<ReturnType<typeof nextRemoval>>['change']) => {
    service.snapshot++;
    service.requests++;
    state = apply(state, { type: 'written', change, snapshotId: `s${service.snapshot}`, at: `now${service.snapshot}` });
  };
  for (let request = nextRemoval(state, uriAt); request !== null; request = nextRemoval(state, uriAt)) {
    service.items = service.items.filter((item) => !request!.uris.includes(item.track!.uri));
    written(request.change);
  }
  const saved = Array.from(state.arrangement.savedOrder);
  for (const planned of plannedMoves(state)!) {
    service.items = applyMoves(service.items, [planned]);
    service.snapshot++;
    service.requests++;
    state = apply(state, { type: 'saved', order: applyMoves(saved, [planned]), snapshotId: `s${service.snapshot}` });
  }
  const uriOf = (ref: number) => entryAt(state, ref)!.track!.uri;
  for (let request = nextAddition(state, uriOf); request !== null; request = nextAddition(state, uriOf)) {
    const { at } = request.change.inserted!;
    service.items.splice(at, 0, ...request.uris.map((uri) => entryNamed(uri.slice(2), `added${service.snapshot + 1}`)));
    written(request.change);
  }
  return reload(state, service);
}

function serviceOf(names: readonly string[]): Service {
  return { items: names.map((name) => entryNamed(name, `t${name}`)), snapshot: 1, requests: 0 };
}

describe('adding and removing entries', () => {
  it('D shows at once, saves as a removal of the URI, and u brings the entry back in place, dated anew once saved', () => {
    const service = serviceOf([...'ABCDE']);
    let state = reload(reorderOf([...'ABCDE']), service);
    state = apply(state, cursorTo(2), remove([2]));
    expect(shown(state)).toEqual([...'ABDE']);
    expect(state.arrangement.cursor).toBe(2);
    state = save(state, service);
    expect(service.items.map(nameOfItem)).toEqual([...'ABDE']);
    expect(isDirty(state.arrangement)).toBe(false);
    const before = state.arrangement;
    state = apply(state, move('undo'));
    expect(stepMessage('undo', before, state.arrangement)).toBe('undid removing 1 item: added back at its place, its date becomes today · unsaved');
    expect(shown(state)).toEqual([...'ABCDE']);
    state = save(state, service);
    expect(service.items.map(nameOfItem)).toEqual([...'ABCDE']);
    expect(service.items[2]!.added_at).not.toBe('tC');
  });

  it('removing one of two copies removes both and adds the other back at its place', () => {
    const service = serviceOf(['A', 'X', 'B', 'X', 'C']);
    service.items[3] = entryNamed('X', 'second');
    let state = reload(reorderOf(['A', 'X', 'B', 'X', 'C']), service);
    state = apply(state, remove([1]));
    expect(countPlan(state, (position) => service.items[position]?.track?.uri)).toEqual({ removals: 1, moves: 0, additions: 1, addedBack: 1 });
    state = save(state, service);
    expect(service.items.map(nameOfItem)).toEqual(['A', 'B', 'X', 'C']);
    expect(service.items[2]!.added_at).not.toBe('second');
    expect(service.requests).toBe(2);
  });

  it('adds entries where they were put, a run of them in one request', () => {
    const service = serviceOf([...'ABC']);
    let state = reload(reorderOf([...'ABC']), service);
    state = apply(state, insert(1, ['X', 'Y']), insert(5, ['Z'], false));
    expect(shown(state)).toEqual(['A', 'X', 'Y', 'B', 'C', 'Z']);
    expect(requestsOf(countPlan(state, () => undefined))).toBe(2);
    state = save(state, service);
    expect(service.items.map(nameOfItem)).toEqual(['A', 'X', 'Y', 'B', 'C', 'Z']);
    expect(service.requests).toBe(2);
  });

  it('leaves the cursor on its entry when entries are added from elsewhere', () => {
    const state = apply(reorderOf([...'ABCDE']), cursorTo(3), insert(0, ['X'], false));
    expect(state.arrangement.cursor).toBe(4);
    expect(shown(state)[4]).toBe('D');
  });

  it('takes out an entry whose page is not loaded (o u read its URI whole): it shows nowhere, and comes back with u', () => {
    const names = Array.from({ length: 120 }, (_, i) => `n${i}`);
    const state = apply(reorderOf(names, [0]), remove([100]));
    expect(state.arrangement.order.length).toBe(119);
    expect(Array.from(apply(state, move('undo')).arrangement.order)).toEqual(names.map((_, i) => i));
  });

  it('any run of moves, removals, additions, undos, redos and saves ends on the service as shown, and undoing it all brings back the start', () => {
    const names = [...'ABCDEFGH', 'A', 'C'];
    const op = fc.oneof(
      fc.record({ kind: fc.constant('cursor' as const), row: fc.nat(12) }),
      fc.record({ kind: fc.constantFrom('moveUp' as const, 'moveDown' as const, 'undo' as const, 'redo' as const), count: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('mark' as const) }),
      fc.record({ kind: fc.constant('remove' as const) }),
      fc.record({ kind: fc.constant('insert' as const), names: fc.array(fc.constantFrom('A', 'Q', 'R'), { minLength: 1, maxLength: 3 }) }),
      fc.record({ kind: fc.constant('save' as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const service = serviceOf(names);
        let state = reload(reorderOf(names), service);
        for (const step of ops) {
          const { order, cursor, mark } = state.arrangement;
          if (step.kind === 'cursor') state = apply(state, cursorTo(step.row));
          else if (step.kind === 'mark') state = apply(state, move('toggleMark'));
          else if (step.kind === 'remove') {
            if (order.length === 0) continue;
            const other = mark ?? cursor;
            state = apply(state, remove(Array.from({ length: Math.abs(other - cursor) + 1 }, (_, i) => Math.min(other, cursor) + i)));
          } else if (step.kind === 'insert') state = apply(state, insert(cursor, step.names));
          else if (step.kind === 'save') state = save(state, service);
          else state = apply(state, move(step.kind, step.count));
        }
        const desired = shown(state);
        state = save(state, service);
        expect(service.items.map(nameOfItem)).toEqual(desired);
        expect(shown(state)).toEqual(desired);
        state = apply(state, move('undo', 1_000));
        state = save(state, service);
        expect(service.items.map(nameOfItem)).toEqual(names);
      }),
      { numRuns: 300 },
    );
  });
});
