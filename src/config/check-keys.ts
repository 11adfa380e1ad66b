import { ACTION_NAMES, actionSpec, DEFAULT_BINDINGS, findConflicts, type KeyBindings, type Place } from './actions.js';
import { shown, type Reporter } from './problems.js';
import { KEY_SPELLING, keyLabel, NOT_A_KEY, parseKey, type KeyName } from './keys.js';

/** The [keys] section: action name = "key" or ["key", ...]; an action named replaces all its default keys. */
export function checkKeys(table: Record<string, unknown>, report: Reporter): KeyBindings {
  const bindings: Record<string, readonly KeyName[]> = { ...DEFAULT_BINDINGS };
  const fromFile = new Set<string>();
  for (const [action, value] of Object.entries(table)) {
    const path = ['keys', action];
    if (!ACTION_NAMES.includes(action)) {
      const guess = closestAction(action);
      report(path, `unknown action${guess === null ? '' : ` (did you mean ${guess}?)`}; the actions are those of the help: ${ACTION_NAMES.join(', ')}`);
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
      else if (isCountDigit(action, parsed.key)) report(path, `${JSON.stringify(key)} is a count in a playlist's items (20K); of the digits, only 1-5 for the focus actions`);
      else if (!keys.includes(parsed.key)) keys.push(parsed.key);
    }
    if (keys.length > 0) {
      bindings[action] = keys;
      fromFile.add(action);
    }
  }
  for (const { key, actions } of findConflicts(bindings)) {
    const [first, second] = actions;
    // Said at the action the file set: a default against a default cannot clash (a test keeps it so).
    const blamed = fromFile.has(second) ? second : first;
    const place = narrower(actionSpec(first)!.where, actionSpec(second)!.where);
    report(['keys', blamed], `${JSON.stringify(keyLabel(key))} is bound to both ${first} and ${second} ${place === 'everywhere' ? 'everywhere' : `in ${place}`}: give one of them another key`);
  }
  return bindings;
}

const FOCUS_ACTIONS = ['focusNowPlaying', 'focusPlaylists', 'focusShows', 'focusAudiobooks', 'focusContinue'];

/**
 * Digits count the next key in a playlist's items, so a digit reaches no other action there: only a lone
 * 1-5 goes on (after a pause) to the focus actions. Help keys are read while the items are hidden.
 */
function isCountDigit(action: string, key: KeyName): boolean {
  if (!/^[0-9]$/.test(key) || actionSpec(action)!.where === 'help') return false;
  return !(FOCUS_ACTIONS.includes(action) && /^[1-5]$/.test(key));
}

function narrower(a: Place, b: Place): Place {
  if (a === 'everywhere') return b;
  if (b === 'everywhere') return a;
  return a === 'lists' ? b : a;
}

const simplified = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** An action written in another case or with separators ('move_down' for moveDown), or null. */
function closestAction(written: string): string | null {
  return ACTION_NAMES.find((name) => simplified(name) === simplified(written)) ?? null;
}
