import type { Key } from 'ink';

/**
 * Keys by name ('q', 'K', 'ctrl+r', 'shift+up', 'pageup', 'escape'...), the words a binding table (and,
 * later, a config file) uses. A letter is named by what it types, so 'K' is Shift+k.
 */

const SPECIAL: readonly [keyof Key, string][] = [
  ['upArrow', 'up'], ['downArrow', 'down'], ['leftArrow', 'left'], ['rightArrow', 'right'],
  ['pageUp', 'pageup'], ['pageDown', 'pagedown'], ['home', 'home'], ['end', 'end'],
  ['return', 'enter'], ['escape', 'escape'], ['tab', 'tab'], ['backspace', 'backspace'], ['delete', 'delete'],
];

/**
 * The names a key press answers to, most specific first: Shift+↑ is 'shift+up', then 'up' (a table
 * without Shift+↑ reads it as ↑). Ctrl with a letter is only 'ctrl+<letter>': Ctrl+R is not `r`.
 */
export function keyNames(input: string, key: Key): string[] {
  const special = SPECIAL.find(([flag]) => key[flag] === true)?.[1];
  if (special !== undefined) return key.shift ? [`shift+${special}`, special] : [special];
  if (key.ctrl) return [`ctrl+${input.toLowerCase()}`];
  if (input === ' ') return ['space'];
  return [input];
}

const LABELS: Record<string, string> = {
  up: '↑', down: '↓', left: '←', right: '→', pageup: 'PgUp', pagedown: 'PgDn', home: 'Home', end: 'End',
  enter: 'Enter', escape: 'Esc', tab: 'Tab', space: 'Space', backspace: 'Backspace', delete: 'Delete',
};

/** A key name as the help shows it: 'ctrl+r' -> 'Ctrl+R', 'shift+up' -> 'Shift+↑'. */
export function keyLabel(name: string): string {
  if (name.startsWith('ctrl+')) return `Ctrl+${keyLabel(name.slice(5)).toUpperCase()}`;
  if (name.startsWith('shift+')) return `Shift+${keyLabel(name.slice(6))}`;
  return LABELS[name] ?? name;
}
