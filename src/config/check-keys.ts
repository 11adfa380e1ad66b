import { actionSpec, isActionName, type ActionName } from '../keys/actions.js';
import { DEFAULT_BINDINGS, findConflicts, REMAPPABLE_ACTIONS, type KeyBindings } from '../keys/bindings.js';
import { JUMP_DIGITS, SECTIONS } from '../keys/sections.js';
import { shown, type Reporter } from './problems.js';
import { KEY_SPELLING, keyLabel, NOT_A_KEY, parseKey, type KeyName } from '../keys/names.js';

/** The [keys] section: action name = "key" or ["key", ...]; an action named replaces all its default keys. */
export function checkKeys(table: Record<string, unknown>, report: Reporter): KeyBindings {
  const bindings: Record<ActionName, readonly KeyName[]> = { ...DEFAULT_BINDINGS };
  const fromFile = new Set<ActionName>();
  for (const [action, value] of Object.entries(table)) {
    const path = ['keys', action];
    if (!isRemappable(action)) {
      const guess = closestAction(action);
      report(path, `unknown action${guess === null ? '' : ` (did you mean ${guess}?)`}; the actions are those of the help: ${REMAPPABLE_ACTIONS.join(', ')}`);
      continue;
    }
    const written = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(written) || written.some((key) => typeof key !== 'string')) {
      report(path, `must be a key or a list of keys ("J" or ["J", "Shift+Down"]), not ${shown(value)}`);
      continue;
    }
    if (written.length === 0) {
      report(path, `leaves ${action} without any key: give it at least one`);
      continue;
    }
    const keys: KeyName[] = [];
    for (const key of written as string[]) {
      const parsed = parseKey(key);
      if ('error' in parsed) report(path, `${JSON.stringify(key)} ${parsed.error}${parsed.error === NOT_A_KEY ? ` (a key is ${KEY_SPELLING})` : ''}`);
      else if (isCountDigit(action, parsed.key)) report(path, `${JSON.stringify(key)} is a count in a playlist's items (20K); of the digits, only ${jumpDigitsText()} for the focus actions`);
      else if (!keys.includes(parsed.key)) keys.push(parsed.key);
    }
    if (keys.length > 0) {
      bindings[action] = keys;
      fromFile.add(action);
    }
  }
  for (const { key, actions, place } of findConflicts(bindings)) {
    const [first, second] = actions;
    // Said at the action the file set: a default against a default cannot clash (a test keeps it so).
    const blamed = fromFile.has(second) ? second : first;
    report(['keys', blamed], `${JSON.stringify(keyLabel(key))} is bound to both ${first} and ${second} ${place === 'everywhere' ? 'everywhere' : `in ${place}`}: give one of them another key`);
  }
  return bindings;
}

const isRemappable = (name: string): name is ActionName => isActionName(name) && REMAPPABLE_ACTIONS.includes(name);
const isFocusAction = (action: ActionName): boolean => SECTIONS.some((section) => section.focusAction === action);
/** '1-8': the digits a lone press of which jumps (one per section). */
const jumpDigitsText = (): string => `1-${JUMP_DIGITS.size}`;

/**
 * Digits count the next key in a playlist's items, so a digit reaches no other action there: only a lone
 * jump digit goes on (after a pause) to the focus actions. Help keys are read while the items are hidden.
 */
function isCountDigit(action: ActionName, key: KeyName): boolean {
  if (!/^[0-9]$/.test(key) || actionSpec(action).place === 'help') return false;
  return !(isFocusAction(action) && JUMP_DIGITS.has(key));
}

const simplified = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** An action written in another case or with separators ('move_down' for moveDown), or null. */
function closestAction(written: string): string | null {
  return REMAPPABLE_ACTIONS.find((name) => simplified(name) === simplified(written)) ?? null;
}
