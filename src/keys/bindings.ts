import { keyLabel, type KeyName } from './names.js';
import { ACTION_NAMES, ACTIONS, actionSpec, placesOf, type ActionName, type Place } from './actions.js';

/**
 * The keys in force by action: the table's defaults, or a config file's remapping of them. Pure: the config
 * file's checker uses the same conflicts as the dashboard.
 */

export type KeyBindings = Readonly<Record<ActionName, readonly KeyName[]>>;

export const DEFAULT_BINDINGS: KeyBindings = Object.fromEntries(ACTION_NAMES.map((action) => [action, ACTIONS[action].keys])) as KeyBindings;

/** The actions a config file may remap: all but the answers a question names on screen. */
export const REMAPPABLE_ACTIONS: readonly ActionName[] = ACTION_NAMES.filter((action) => actionSpec(action).isFixed !== true);

/** The first key of an action, for a hint ('q'). */
export const firstKeyLabel = (action: ActionName, bindings: KeyBindings): string => keyLabel(bindings[action][0]!);

/** The keys of an action as the help shows them ('q, Ctrl+C'). */
export const keysLabel = (action: ActionName, bindings: KeyBindings): string => bindings[action].map(keyLabel).join(', ');

/**
 * Whether a key can mean two things between these places: the same place, anywhere against everywhere but
 * the places that take every key (a question offered at start, the search and go to), and a playlist's items
 * against lists.
 */
export function placesOverlap(a: Place, b: Place): boolean {
  if (a === b) return true;
  const pair = new Set<Place>([a, b]);
  // A question offered at start, the search and go to: every key not theirs is theirs anyway (text, or nothing).
  if (pair.has('offered at start') || pair.has('search and go to')) return false;
  if (pair.has('everywhere')) return true;
  return pair.has('lists') && pair.has("a playlist's items");
}

/** The narrower of two overlapping places, to name where a conflict bites. */
function narrower(a: Place, b: Place): Place {
  if (a === 'everywhere') return b;
  if (b === 'everywhere') return a;
  return a === 'lists' ? b : a;
}

/** Where two actions both read keys (the narrower place of the first overlap), or null where nowhere. */
function sharedPlace(first: ActionName, second: ActionName): Place | null {
  for (const a of placesOf(first)) for (const b of placesOf(second)) if (placesOverlap(a, b)) return narrower(a, b);
  return null;
}

export interface KeyConflict {
  key: KeyName;
  actions: readonly [ActionName, ActionName];
  /** Where the key would mean both. */
  place: Place;
}

/** Every key bound to two actions whose places overlap, each pair once, in table order. */
export function findConflicts(bindings: KeyBindings): KeyConflict[] {
  const conflicts: KeyConflict[] = [];
  ACTION_NAMES.forEach((first, index) => {
    for (const second of ACTION_NAMES.slice(index + 1)) {
      const place = sharedPlace(first, second);
      if (place === null) continue;
      const theirs = new Set(bindings[second]);
      for (const key of bindings[first]) if (theirs.has(key)) conflicts.push({ key, actions: [first, second], place });
    }
  });
  return conflicts;
}
