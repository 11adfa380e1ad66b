/**
 * Keys by name, as binding tables and the config file use them: a character as typed ('q', 'K', '?'),
 * 'ctrl+<letter>', a named key ('up', 'pageup', 'enter', 'escape', 'tab', 'space'...) or 'shift+<named>'.
 * People write them as the help shows them ("Ctrl+R", "Shift+↑", "PgDn", "Esc"); `parseKey` reads that.
 */

export type KeyName = string;

const NAMED: Record<string, KeyName> = {
  up: 'up', '↑': 'up', down: 'down', '↓': 'down', left: 'left', '←': 'left', right: 'right', '→': 'right',
  pgup: 'pageup', pageup: 'pageup', pgdn: 'pagedown', pgdown: 'pagedown', pagedown: 'pagedown',
  home: 'home', end: 'end', enter: 'enter', return: 'enter', esc: 'escape', escape: 'escape',
  tab: 'tab', space: 'space', backspace: 'backspace', delete: 'delete', del: 'delete',
};

/** Named keys a terminal sends differently with Shift held (Shift+Enter, Shift+Space reach us as the plain key). */
const SHIFTABLE = new Set(['up', 'down', 'left', 'right', 'tab', 'pageup', 'pagedown', 'home', 'end', 'delete']);

/** Ctrl+letters a terminal sends as another key. */
const CTRL_ALIASES: Record<string, string> = { i: 'Tab', m: 'Enter', j: 'Enter', h: 'Backspace' };

const LABELS: Record<string, string> = {
  up: '↑', down: '↓', left: '←', right: '→', pageup: 'PgUp', pagedown: 'PgDn', home: 'Home', end: 'End',
  enter: 'Enter', escape: 'Esc', tab: 'Tab', space: 'Space', backspace: 'Backspace', delete: 'Delete',
};

/** What a key may look like, for messages. */
export const KEY_SPELLING =
  'a character (q, K, ?), Ctrl+letter (Ctrl+R), a named key (↑ or Up, PgUp, PgDn, Home, End, Enter, Esc, Tab, Space, ' +
  'Backspace, Delete) or Shift with an arrow, Tab, PgUp, PgDn, Home, End or Delete (Shift+↑)';

/** The error of a text that names no key at all (the others say what is wrong with it). */
export const NOT_A_KEY = 'is not a key';

export type ParsedKey = { key: KeyName } | { error: string };

function isPrintable(char: string): boolean {
  return !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(char);
}

/** A key as a person writes it ("Ctrl+R", "Shift+Up", "PgDn", "J") to its name, or why it is not one. */
export function parseKey(written: string): ParsedKey {
  if (written === ' ') return { key: 'space' };
  const text = written.trim();
  if ([...text].length === 1) {
    // The arrows as the help draws them are names; every other single character is itself.
    if (NAMED[text] !== undefined) return { key: NAMED[text] };
    return isPrintable(text) ? { key: text } : { error: 'is not a key that can be typed' };
  }
  const modifier = /^(ctrl|control|shift|alt|meta|option|cmd|super)\s*\+\s*(.+)$/i.exec(text);
  if (modifier === null) {
    const named = NAMED[text.toLowerCase()];
    return named === undefined ? { error: NOT_A_KEY } : { key: named };
  }
  const kind = modifier[1]!.toLowerCase();
  const rest = modifier[2]!;
  if (kind !== 'ctrl' && kind !== 'control' && kind !== 'shift') return { error: 'uses Alt or Meta, which the dashboard does not read' };
  if (/^(ctrl|control|shift)\s*\+/i.test(rest)) return { error: 'has two modifiers; a terminal tells only one apart' };
  const named = NAMED[rest.toLowerCase()];
  if (kind === 'shift') {
    if (/^[a-z]$/i.test(rest)) return { key: rest.toUpperCase() };
    if (named !== undefined && SHIFTABLE.has(named)) return { key: `shift+${named}` };
    return { error: 'is not a Shift key a terminal tells apart (Shift goes with a letter, an arrow, Tab, PgUp, PgDn, Home, End or Delete)' };
  }
  if (!/^[a-z]$/i.test(rest)) return { error: 'is not a Ctrl key a terminal tells apart (Ctrl goes with a letter)' };
  const letter = rest.toLowerCase();
  const alias = CTRL_ALIASES[letter];
  if (alias !== undefined) return { error: `is the same key as ${alias} in a terminal` };
  return { key: `ctrl+${letter}` };
}

/** A key name as the help shows it: 'ctrl+r' -> 'Ctrl+R', 'shift+up' -> 'Shift+↑', 'pagedown' -> 'PgDn'. */
export function keyLabel(name: KeyName): string {
  if (name.startsWith('ctrl+')) return `Ctrl+${name.slice(5).toUpperCase()}`;
  if (name.startsWith('shift+')) return `Shift+${keyLabel(name.slice(6))}`;
  return LABELS[name] ?? name;
}

/** A key name as the config file writes it (quoted TOML strings): 'shift+up' -> "Shift+Up". */
export function keySpelling(name: KeyName): string {
  const words: Record<string, string> = { up: 'Up', down: 'Down', left: 'Left', right: 'Right' };
  if (name.startsWith('shift+')) return `Shift+${keySpelling(name.slice(6))}`;
  return words[name] ?? keyLabel(name);
}
