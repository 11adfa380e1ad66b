import type { Key } from 'ink';
import { useKeypress } from './use-keypress.js';
import type { CursorAction } from '../state/list-cursor.js';

/** The reorder commands (decisions §12); panes that cannot reorder never receive them. */
export type ReorderCommand = 'moveUp' | 'moveDown' | 'toggleMark' | 'undo' | 'redo' | 'save';

export type ListCommand =
  | { type: 'cursor'; action: CursorAction }
  | { type: 'open' }
  | { type: 'back' }
  | { type: 'filter' }
  | { type: 'reorder'; command: ReorderCommand };

interface Binding {
  /** As the help shows it. */
  keys: string;
  matches(input: string, key: Key): boolean;
  command: ListCommand;
  isReorder?: boolean;
}

/** Every key of a library list, in one table; the first match wins (Shift+↑ before ↑). */
export const LIST_BINDINGS: readonly Binding[] = [
  { keys: 'K, Shift+↑', matches: (i, k) => i === 'K' || (k.upArrow && k.shift), command: { type: 'reorder', command: 'moveUp' }, isReorder: true },
  { keys: 'J, Shift+↓', matches: (i, k) => i === 'J' || (k.downArrow && k.shift), command: { type: 'reorder', command: 'moveDown' }, isReorder: true },
  { keys: 'v', matches: (i) => i === 'v', command: { type: 'reorder', command: 'toggleMark' }, isReorder: true },
  { keys: 'u', matches: (i) => i === 'u', command: { type: 'reorder', command: 'undo' }, isReorder: true },
  { keys: 'Ctrl+R', matches: (i, k) => k.ctrl && i === 'r', command: { type: 'reorder', command: 'redo' }, isReorder: true },
  { keys: 'w', matches: (i) => i === 'w', command: { type: 'reorder', command: 'save' }, isReorder: true },
  { keys: '↑, k', matches: (i, k) => k.upArrow || i === 'k', command: { type: 'cursor', action: 'up' } },
  { keys: '↓, j', matches: (i, k) => k.downArrow || i === 'j', command: { type: 'cursor', action: 'down' } },
  { keys: 'PgUp', matches: (_, k) => k.pageUp, command: { type: 'cursor', action: 'pageUp' } },
  { keys: 'PgDn', matches: (_, k) => k.pageDown, command: { type: 'cursor', action: 'pageDown' } },
  { keys: 'g, Home', matches: (i, k) => i === 'g' || k.home, command: { type: 'cursor', action: 'first' } },
  { keys: 'G, End', matches: (i, k) => i === 'G' || k.end, command: { type: 'cursor', action: 'last' } },
  { keys: 'Enter', matches: (_, k) => k.return, command: { type: 'open' } },
  { keys: 'Esc', matches: (_, k) => k.escape, command: { type: 'back' } },
  { keys: '/', matches: (i) => i === '/', command: { type: 'filter' } },
];

/** The command a key means in a list, or null; reorder keys only where the list can be reordered. */
export function commandForKey(input: string, key: Key, canReorder: boolean): ListCommand | null {
  for (const binding of LIST_BINDINGS) {
    if (binding.isReorder === true && !canReorder) continue;
    if (binding.matches(input, key)) return binding.command;
  }
  return null;
}

export interface ListKeysOptions {
  /** The pane's focus: keys are read only while it has them. */
  isActive: boolean;
  /** Receives each command; must dispatch or use updaters, as two keys can arrive before a re-render. */
  onCommand(command: ListCommand): void;
}

/** Turns key presses into list commands (no reorder keys) while the pane is focused. */
export function useListKeys({ isActive, onCommand }: ListKeysOptions): void {
  useKeypress(
    (input, key) => {
      const command = commandForKey(input, key, false);
      if (command !== null) onCommand(command);
    },
    { isActive },
  );
}
