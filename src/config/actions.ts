import { keyLabel, type KeyName } from './keys.js';

/**
 * Every action a key can do, with its default keys and where it works, in one table: the key layers
 * resolve presses through it, the help lists it, and the config file's [keys] section remaps by its names.
 */

/** Where a key works, as the help says it. */
export type Place = 'everywhere' | 'Now playing' | 'lists' | "a playlist's items" | 'help';

export interface ActionSpec {
  /** The name the config file uses; stable. */
  action: string;
  /** Default keys, by name (keys.ts); the help shows them in this order. */
  keys: readonly KeyName[];
  description: string;
  where: Place;
}

const spec = (action: string, keys: readonly KeyName[], description: string, where: Place): ActionSpec => ({
  action, keys, description, where,
});

const ITEMS: Place = "a playlist's items";

export const ACTIONS: readonly ActionSpec[] = [
  spec('quit', ['q', 'ctrl+c'], 'quit (asks to save or discard unsaved moves)', 'everywhere'),
  spec('help', ['?'], 'show or hide this help', 'everywhere'),
  spec('focusNext', ['tab'], 'focus the next pane', 'everywhere'),
  spec('focusPrevious', ['shift+tab'], 'focus the previous pane', 'everywhere'),
  spec('focusNowPlaying', ['1'], 'focus Now playing', 'everywhere'),
  spec('focusPlaylists', ['2'], 'focus Playlists', 'everywhere'),
  spec('focusShows', ['3'], 'focus Saved shows', 'everywhere'),
  spec('focusAudiobooks', ['4'], 'focus Audiobooks', 'everywhere'),
  spec('focusContinue', ['5'], 'focus Continue listening', 'everywhere'),
  spec('playPause', ['space'], 'play or pause', 'everywhere'),
  spec('next', ['n'], 'next item', 'everywhere'),
  spec('previous', ['p'], 'previous item (or back to the start)', 'everywhere'),
  spec('shuffle', ['s'], 'shuffle on or off', 'everywhere'),
  spec('repeat', ['r'], 'repeat: off, all, one', 'everywhere'),
  spec('volumeUp', ['+', '='], 'volume up 5', 'everywhere'),
  spec('volumeDown', ['-'], 'volume down 5', 'everywhere'),
  spec('devices', ['d'], 'choose the device that plays', 'everywhere'),
  spec('seekBack', ['left'], 'seek back 10 s', 'Now playing'),
  spec('seekForward', ['right'], 'seek forward 10 s', 'Now playing'),
  spec('up', ['up', 'k'], 'cursor up', 'lists'),
  spec('down', ['down', 'j'], 'cursor down', 'lists'),
  spec('pageUp', ['pageup'], 'page up', 'lists'),
  spec('pageDown', ['pagedown'], 'page down', 'lists'),
  spec('first', ['g', 'home'], 'first item', 'lists'),
  spec('last', ['G', 'end'], 'last item', 'lists'),
  spec('open', ['enter'], 'open a playlist, show or audiobook; play a track, episode or chapter in its context', 'lists'),
  spec('playContext', ['P'], 'play the playlist from its start, the show or audiobook from its first unfinished item', 'lists'),
  spec('back', ['escape'], 'back, or clear the filter or the mark', 'lists'),
  spec('filter', ['/'], 'filter the list', 'lists'),
  spec('addToQueue', ['a'], 'add the track or episode to the queue', 'lists'),
  spec('moveUp', ['K', 'shift+up'], 'move the item (or the marked range) up', ITEMS),
  spec('moveDown', ['J', 'shift+down'], 'move the item (or the marked range) down', ITEMS),
  spec('toggleMark', ['v'], 'mark a range from the cursor', ITEMS),
  spec('undo', ['u'], 'undo a move', ITEMS),
  spec('redo', ['ctrl+r'], 'redo a move', ITEMS),
  spec('save', ['w'], 'save now (moves also save after a short pause)', ITEMS),
  spec('moveToTop', ['T'], 'move the item (or the marked range) to the top', ITEMS),
  spec('moveToBottom', ['B'], 'move the item (or the marked range) to the bottom', ITEMS),
  spec('moveToPosition', ['m'], 'move the item (or the marked range) to a typed position, then Enter', ITEMS),
  spec('lift', ['x'], 'lift the item (or the marked range) to drop it elsewhere', ITEMS),
  spec('dropAbove', ['['], 'drop what is lifted above the cursor', ITEMS),
  spec('dropBelow', [']'], 'drop what is lifted below the cursor', ITEMS),
  spec('sort', ['o'], 'sort: t title, a artist, l album, d duration, n date added, r reverse', ITEMS),
  spec('helpScrollUp', ['up', 'k'], 'scroll this help up', 'help'),
  spec('helpScrollDown', ['down', 'j'], 'scroll this help down', 'help'),
  spec('helpPageUp', ['pageup'], 'scroll this help a page up', 'help'),
  spec('helpPageDown', ['pagedown'], 'scroll this help a page down', 'help'),
  spec('helpClose', ['escape'], 'close this help', 'help'),
];

export const ACTION_NAMES: readonly string[] = ACTIONS.map((entry) => entry.action);

/** Keys by action name: the defaults, or a config file's remapping of them. */
export type KeyBindings = Readonly<Record<string, readonly KeyName[]>>;

export const DEFAULT_BINDINGS: KeyBindings = Object.fromEntries(ACTIONS.map((entry) => [entry.action, entry.keys]));

export function actionSpec(action: string): ActionSpec | undefined {
  return ACTIONS.find((entry) => entry.action === action);
}

/**
 * Whether a key can mean two things between these places: the same place, anywhere against everywhere
 * (a pane's key comes before the global one), and a playlist's items against lists (the items are a list).
 */
export function placesOverlap(a: Place, b: Place): boolean {
  if (a === b || a === 'everywhere' || b === 'everywhere') return true;
  const pair = new Set<Place>([a, b]);
  return pair.has('lists') && pair.has(ITEMS);
}

export interface KeyConflict {
  key: KeyName;
  actions: readonly [string, string];
}

/** Every key bound to two actions whose places overlap, each pair once, in table order. */
export function findConflicts(bindings: KeyBindings): KeyConflict[] {
  const conflicts: KeyConflict[] = [];
  ACTIONS.forEach((first, index) => {
    for (const second of ACTIONS.slice(index + 1)) {
      if (!placesOverlap(first.where, second.where)) continue;
      const theirs = new Set(bindings[second.action] ?? []);
      for (const key of bindings[first.action] ?? []) {
        if (theirs.has(key)) conflicts.push({ key, actions: [first.action, second.action] });
      }
    }
  });
  return conflicts;
}

/** The action a key does in a place, or null: the place's own binding before the global one. */
export function actionFor(bindings: KeyBindings, key: KeyName, place: Exclude<Place, 'everywhere'>): string | null {
  const inPlace = (where: Place): string | null =>
    ACTIONS.find((entry) => entry.where === where && (bindings[entry.action] ?? []).includes(key))?.action ?? null;
  if (place === ITEMS) return inPlace(ITEMS) ?? inPlace('lists') ?? inPlace('everywhere');
  return inPlace(place) ?? inPlace('everywhere');
}

export interface HelpLine {
  /** The keys as the help shows them ('K, Shift+↑'). */
  keys: string;
  description: string;
  where: Place;
}

/** One help line per action, in table order, with the keys as bound. */
export function helpLines(bindings: KeyBindings = DEFAULT_BINDINGS): HelpLine[] {
  return ACTIONS.map(({ action, description, where }) => ({
    keys: (bindings[action] ?? []).map(keyLabel).join(', '),
    description,
    where,
  }));
}
