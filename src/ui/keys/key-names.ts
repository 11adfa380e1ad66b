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

const NO_FLAGS: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false,
  hyper: false, capsLock: false, numLock: false,
};

/** A press of the key `name` as Ink reports one (what `keyNames` reads back as `name`): for running an action by its key. */
export function keyPressOf(name: string): { input: string; key: Key } {
  const shifted = name.startsWith('shift+') ? name.slice(6) : name;
  const special = SPECIAL.find(([, named]) => named === shifted)?.[0];
  if (special !== undefined) return { input: '', key: { ...NO_FLAGS, [special]: true, shift: shifted !== name } };
  if (name.startsWith('ctrl+')) return { input: name.slice(5), key: { ...NO_FLAGS, ctrl: true } };
  if (name === 'space') return { input: ' ', key: NO_FLAGS };
  return { input: name, key: { ...NO_FLAGS, shift: name !== name.toLowerCase() } };
}

/** A key name as the help shows it: one spelling, the config file's (src/keys/names.ts). */
export { keyLabel } from '../../keys/names.js';
