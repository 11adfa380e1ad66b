import { isDirty, selectedRange, type Arrangement } from './arrangement.js';

export const FILTERED_MOVE_REFUSAL =
  "Can't move items while a filter is on: positions in a filtered view would lie. Esc clears the filter.";

export type StepCommand = 'moveUp' | 'moveDown' | 'undo' | 'redo';

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** The status line after a move, an undo or a redo, from the states before and after it. */
export function stepMessage(command: StepCommand, before: Arrangement, after: Arrangement): string {
  const unsaved = isDirty(after) ? ' · unsaved' : '';
  switch (command) {
    case 'moveUp':
    case 'moveDown': {
      if (after.order === before.order) return command === 'moveUp' ? 'already at the top' : 'already at the bottom';
      const { start, end } = selectedRange(before);
      return `moved ${plural(end - start, 'item', 'items')}${unsaved}`;
    }
    case 'undo':
    case 'redo': {
      const steps = Math.abs(before.undo.length - after.undo.length);
      if (steps === 0) return command === 'undo' ? 'nothing to undo' : 'nothing to redo';
      return `${command === 'undo' ? 'undid' : 'redid'} ${plural(steps, 'move', 'moves')}${unsaved}`;
    }
  }
}
