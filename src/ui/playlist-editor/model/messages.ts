import { isDirty, selectedRange, type Arrangement } from './arrangement.js';
import { isCompoundStep, isSpliceStep, type Step } from './history.js';

export const FILTERED_MOVE_REFUSAL =
  "Can't move items while a filter is on: positions in a filtered view would lie. Esc clears the filter.";

export const FILTERED_REMOVE_REFUSAL =
  "Can't remove items while a filter is on: clear the filter first (Esc), then mark what goes with v.";

export type StepCommand = 'moveUp' | 'moveDown' | 'undo' | 'redo';

export const plural = (count: number, one: string, many: string): string => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** What one step did, in words after "undid " or "redid ": `removing 2 items`; null for a move. */
function changeOf(step: Step): { words: string; isRemoval: boolean } | null {
  if (isCompoundStep(step)) return { words: 'the restored changes', isRemoval: false };
  if (!isSpliceStep(step)) return null;
  const removed = step.removedRefs.length;
  const added = step.insertedRefs.length;
  if (added === 0) return { words: `removing ${plural(removed, 'item', 'items')}`, isRemoval: true };
  if (removed === 0) return { words: `adding ${plural(added, 'item', 'items')}`, isRemoval: false };
  return { words: `changing ${plural(removed + added, 'item', 'items')}`, isRemoval: false };
}

/**
 * The status line after an undo or a redo of `steps` (in the order done). An entry a removal took that the
 * service no longer has (the removal was saved) comes back as an entry added anew: its date becomes today,
 * and the line says so.
 */
function historyMessage(command: 'undo' | 'redo', steps: readonly Step[], before: Arrangement, unsaved: string): string {
  const verb = command === 'undo' ? 'undid' : 'redid';
  const changes = steps.map(changeOf);
  if (changes.every((change) => change === null)) return `${verb} ${plural(steps.length, 'move', 'moves')}${unsaved}`;
  if (steps.length > 1) return `${verb} ${plural(steps.length, 'change', 'changes')}${unsaved}`;
  const { words, isRemoval } = changes[0]!;
  const step = steps[0]!;
  const baseLength = before.savedOrder.length;
  const comesBackNew = command === 'undo' && isRemoval && isSpliceStep(step) && step.removedRefs.some((ref) => ref >= baseLength);
  return `${verb} ${words}${comesBackNew ? ': added back at its place, its date becomes today' : ''}${unsaved}`;
}

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
      const taken = command === 'undo' ? before.undo.slice(-steps).reverse() : before.redo.slice(-steps).reverse();
      return historyMessage(command, taken, before, unsaved);
    }
  }
}

/** The status line after `D`: what went, and what the save will do about other copies of it that stay. */
export function removedMessage(count: number, copiesKept: number, unsaved: boolean): string {
  const kept = copiesKept === 0 ? '' : ` · ${addedBackText(copiesKept)}`;
  return `removed ${plural(count, 'item', 'items')}${kept}${unsaved ? ' · unsaved' : ''}`;
}

/** What a save says when removing takes other copies of a URI along: they come back, dated today. */
export function addedBackText(count: number): string {
  const copies = count === 1 ? 'another copy of it stays' : `${count.toLocaleString('en')} other copies stay`;
  return `${copies}: the service removes every copy, so the save adds ${count === 1 ? 'it' : 'them'} back at ${count === 1 ? 'its place' : 'their places'}, dated today`;
}
