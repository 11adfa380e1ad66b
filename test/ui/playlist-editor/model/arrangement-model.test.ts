import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Arrangement, createArrangement, isDirty, arrangementReducer } from '../../../../src/ui/playlist-editor/model/arrangement.js';

/**
 * The reducer against a naive model: entries keep fixed ids, moves swap one neighbour at a time, and undo
 * and redo restore whole snapshots. The real reducer keeps moves and renumbers base positions on save.
 */
interface Snapshot {
  items: number[];
  cursor: number;
  mark: number | null;
}
interface Model {
  now: Snapshot;
  count: string;
  history: { before: Snapshot; after: Snapshot }[];
  future: { before: Snapshot; after: Snapshot }[];
  saved: number[];
}

type Command =
  | { type: 'digit'; digit: string }
  | { type: 'moveUp' | 'moveDown' | 'toggleMark' | 'clearMark' | 'undo' | 'redo' }
  | { type: 'cursorTo'; index: number }
  | { type: 'saved'; lagging: boolean }
  | { type: 'rebase'; order: number[] };

const copy = (snapshot: Snapshot): Snapshot => ({ ...snapshot, items: [...snapshot.items] });

function takeCount(model: Model): number {
  const times = model.count === '' ? 1 : Number(model.count);
  model.count = '';
  return times;
}

function modelMove(model: Model, direction: -1 | 1): void {
  const times = takeCount(model);
  const before = copy(model.now);
  const now = model.now;
  let low = Math.min(now.cursor, now.mark ?? now.cursor);
  let high = Math.max(now.cursor, now.mark ?? now.cursor);
  let moved = 0;
  for (; moved < times && now.items.length > 0; moved++) {
    if (direction < 0 ? low === 0 : high === now.items.length - 1) break;
    const neighbour = direction < 0 ? low - 1 : high + 1;
    const [entry] = now.items.splice(neighbour, 1);
    now.items.splice(direction < 0 ? high : low, 0, entry!);
    low += direction;
    high += direction;
    now.cursor += direction;
    if (now.mark !== null) now.mark += direction;
  }
  if (moved > 0) {
    model.history.push({ before, after: copy(now) });
    model.future = [];
  }
}

function modelStep(model: Model, command: Command, nextId: () => number): void {
  const length = model.now.items.length;
  switch (command.type) {
    case 'digit':
      if (!(command.digit === '0' && model.count === '') && model.count.length < 5) model.count += command.digit;
      return;
    case 'moveUp':
      return modelMove(model, -1);
    case 'moveDown':
      return modelMove(model, 1);
    case 'toggleMark':
      model.now.mark = model.now.mark === null && length > 0 ? model.now.cursor : null;
      model.count = '';
      return;
    case 'clearMark':
      model.now.mark = null;
      model.count = '';
      return;
    case 'undo':
    case 'redo': {
      const [from, to] = command.type === 'undo' ? [model.history, model.future] : [model.future, model.history];
      for (let times = takeCount(model); times > 0 && from.length > 0; times--) {
        const entry = from.pop()!;
        model.now = copy(command.type === 'undo' ? entry.before : entry.after);
        to.push(entry);
      }
      return;
    }
    case 'cursorTo':
      model.now.cursor = Math.max(0, Math.min(command.index, length - 1));
      model.count = '';
      return;
    case 'saved':
      // A lagging save: the service got the order from before the last move.
      const lastMove = model.history.at(-1);
      model.saved = [...(command.lagging && lastMove ? lastMove.before.items : model.now.items)];
      return;
    case 'rebase': {
      const ids = command.order.map(() => nextId());
      const cursor = Math.max(0, Math.min(model.now.cursor, command.order.length - 1));
      model.now = { items: command.order.map((label) => ids[label]!), cursor, mark: null };
      model.saved = ids;
      model.history = [];
      model.future = [];
      model.count = '';
    }
  }
}

const permutationOf = (maxLength: number) =>
  fc.integer({ min: 0, max: maxLength }).chain((n) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n }));

const digits = fc.constantFrom('0', '1', '2', '3', '9');
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: digits.map((digit) => ({ type: 'digit' as const, digit })) },
  { weight: 5, arbitrary: fc.constantFrom('moveUp' as const, 'moveDown' as const).map((type) => ({ type })) },
  { weight: 2, arbitrary: fc.constantFrom('toggleMark' as const, 'clearMark' as const).map((type) => ({ type })) },
  { weight: 3, arbitrary: fc.constantFrom('undo' as const, 'redo' as const).map((type) => ({ type })) },
  { weight: 3, arbitrary: fc.integer({ min: -2, max: 32 }).map((index) => ({ type: 'cursorTo' as const, index })) },
  { weight: 1, arbitrary: fc.boolean().map((lagging) => ({ type: 'saved' as const, lagging })) },
  { weight: 1, arbitrary: permutationOf(20).map((order) => ({ type: 'rebase' as const, order })) },
);

describe('reorder reducer against a naive model', () => {
  it('agrees on order, cursor, mark, history and dirtiness (property)', () => {
    const commands = fc.array(command, { maxLength: 80, size: 'max' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), commands, (length, commands) => {
        let lastId = 0;
        const nextId = () => ++lastId;
        const initialIds = Array.from({ length }, nextId);
        let state: Arrangement = createArrangement(length);
        let entryOfBase = [...initialIds];
        const model: Model = {
          now: { items: [...initialIds], cursor: 0, mark: null },
          count: '',
          history: [],
          future: [],
          saved: [...initialIds],
        };
        // One comparison per run, not per command: the views after every command side by side.
        const actual: unknown[] = [];
        const expected: unknown[] = [];
        for (const step of commands) {
          if (step.type === 'saved') {
            modelStep(model, step, nextId);
            const baseOfEntry = new Map(entryOfBase.map((entry, base) => [entry, base]));
            const savedOrder = model.saved.map((entry) => baseOfEntry.get(entry)!);
            state = arrangementReducer(state, { type: 'saved', order: savedOrder });
            entryOfBase = [...model.saved];
          } else if (step.type === 'rebase') {
            modelStep(model, step, nextId);
            state = arrangementReducer(state, step);
            entryOfBase = [...model.saved];
          } else if (step.type === 'digit') {
            // Digits are the key layers' (keys/key-layers.ts): the reducer gets the count with the next move.
            modelStep(model, step, nextId);
          } else {
            const count = model.count === '' ? 1 : Number(model.count);
            modelStep(model, step, nextId);
            const isCounted = step.type === 'moveUp' || step.type === 'moveDown' || step.type === 'undo' || step.type === 'redo';
            state = arrangementReducer(state, isCounted ? { type: step.type, count } : step);
          }
          const { cursor, mark, undo, redo } = state;
          const items = Array.from(state.order, (base) => entryOfBase[base]);
          actual.push({ items, cursor, mark, undo: undo.length, redo: redo.length, dirty: isDirty(state) });
          expected.push({
            items: [...model.now.items],
            cursor: model.now.cursor,
            mark: model.now.mark,
            undo: model.history.length,
            redo: model.future.length,
            dirty: model.now.items.some((entry, i) => entry !== model.saved[i]),
          });
        }
        expect(actual).toEqual(expected);
      }),
      { seed: 31337, numRuns: 1_500 },
    );
  });
});
