import type { KeyName } from './names.js';
import { defaultDigit, SECTIONS, type Section } from './sections.js';

/**
 * Every action a key can do, declared once: its default keys, what it does in words (the help's, and a
 * palette's), where it works and the command it gives. The key layers resolve presses through it, the help
 * and README's key table are checked against it, and the config file's [keys] section remaps by its names.
 * Pure data: the config file's checker loads it without React.
 */

/** Where a key works, as the help says it. */
export type Place =
  | 'everywhere' | 'Now playing' | 'lists' | "a playlist's items" | 'devices' | 'offered at start' | 'help'
  /** The search (`f`) and go to (`:`): every other key types. */
  | 'search and go to';

/** What a playback key asks for (ui/playback-commands.ts plans it against what the service permits). */
export type PlaybackCommand =
  | { type: 'togglePlay' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'seekBy'; deltaMs: number }
  | { type: 'toggleShuffle' }
  | { type: 'cycleRepeat' };

/** A cursor's move by a key (ui/state/list-cursor.ts moves it). */
export type CursorAction = 'up' | 'down' | 'pageUp' | 'pageDown' | 'first' | 'last';

export type ReorderCommand =
  | 'moveUp' | 'moveDown' | 'toggleMark' | 'undo' | 'redo' | 'save'
  | 'moveToTop' | 'moveToBottom' | 'moveToPosition' | 'lift' | 'dropAbove' | 'dropBelow' | 'sort';

/**
 * What a key asks for: a kind, and what that kind needs. The commands a place's actions give are the ones its
 * layer handles, by an exhaustive map of kinds (keymap.ts): an action giving a new kind does not compile until
 * its layer handles it, and the handler's types check what the command carries.
 */
export interface Command {
  readonly type: string;
}

interface ActionBase<P extends Place, C extends Command> {
  /** Default keys, by name (names.ts); the help shows them in this order. */
  keys: readonly KeyName[];
  /** What it does, in a few words a person reads in the help (unique: a palette finds an action by them). */
  description: string;
  place: P;
  command: C;
}

interface Extras {
  /** Other places that read it (the devices list moves with the lists' ↑/↓). */
  alsoIn?: readonly Place[];
  /** A count typed before it repeats it, in a playlist's items (`20K`). */
  takesCount?: boolean;
  /** An answer the question names on screen: fixed, not in the config file. */
  isFixed?: boolean;
  /** Places whose help lists it among their own keys though it is read everywhere: it acts on what they show. */
  listedIn?: readonly Place[];
  /** How much it is used: the help lists the keys of where it opened by rank (1 first), the unranked after. */
  rank?: number;
}

export type ActionSpec = ActionBase<Place, Command> & Extras;

/** One action: where, default keys, words, command (and what else, kept exact for the types below). */
function act<P extends Place, const C extends Command, const E extends Extras = object>(
  place: P, keys: readonly KeyName[], description: string, command: C, extras?: E,
): ActionBase<P, C> & E {
  return { keys, description, place, command, ...(extras as E) };
}

/** A section's focus action: `focus Saved shows`, on its digit. */
type FocusActions = { [S in Section as S['focusAction']]: ActionBase<'everywhere', { type: 'focus'; target: S['id'] }> };
const focusActions = Object.fromEntries(
  SECTIONS.map((section, index) => [
    section.focusAction,
    act('everywhere', [defaultDigit(index)], `focus ${section.label}`, { type: 'focus', target: section.id }),
  ]),
) as FocusActions;

const playback = <const C extends PlaybackCommand>(command: C) => ({ type: 'playback', command }) as const;
const cursor = <const A extends CursorAction>(action: A) => ({ type: 'cursor', action }) as const;
const reorder = <const R extends ReorderCommand>(command: R) => ({ type: 'reorder', command }) as const;
const ITEMS = "a playlist's items";
const PICKER = 'search and go to';
const COUNTS = { takesCount: true } as const;
const FIXED = { isFixed: true } as const;

export const SEEK_STEP_MS = 10_000;

export const ACTIONS = {
  quit: act('everywhere', ['q', 'ctrl+c'], 'quit (asks to save or discard unsaved changes)', { type: 'quit' }),
  help: act('everywhere', ['?'], 'show or hide this help', { type: 'toggleHelp' }),
  focusNext: act('everywhere', ['tab'], 'focus the next pane', { type: 'focusNext' }),
  focusPrevious: act('everywhere', ['shift+tab'], 'focus the previous pane', { type: 'focusPrevious' }),
  ...focusActions,
  playPause: act('everywhere', ['space'], 'play or pause', playback({ type: 'togglePlay' })),
  next: act('everywhere', ['n'], 'next item', playback({ type: 'next' })),
  previous: act('everywhere', ['p'], 'previous item (or back to the start)', playback({ type: 'previous' })),
  shuffle: act('everywhere', ['s'], 'shuffle on or off', playback({ type: 'toggleShuffle' })),
  // Ctrl+R is another key ('ctrl+r'): redo in a playlist's items.
  repeat: act('everywhere', ['r'], 'repeat: off, all, one', playback({ type: 'cycleRepeat' })),
  // `=` is `+` without Shift on most keyboards.
  volumeUp: act('everywhere', ['+', '='], 'volume up 5', { type: 'volume', direction: 1 }),
  volumeDown: act('everywhere', ['-'], 'volume down 5', { type: 'volume', direction: -1 }),
  devices: act('everywhere', ['d'], 'choose the device that plays', { type: 'devices' }),
  like: act('everywhere', ['l'], 'like or unlike the row under the cursor (in Now playing: what plays)', { type: 'like' }, { listedIn: ['lists', 'Now playing'], rank: 1 }),
  search: act('everywhere', ['f'], 'search the whole catalog: type, then choose', { type: 'search' }),
  goTo: act('everywhere', [':'], 'go to a section, playlist, album, artist, show or action by part of its name', { type: 'goTo' }),
  sleepTimer: act('everywhere', ['z'], 'sleep timer: pause after N minutes or at the end of this item; again: off', { type: 'sleep' }),
  seekBack: act('Now playing', ['left'], 'seek back 10 s', playback({ type: 'seekBy', deltaMs: -SEEK_STEP_MS }), { rank: 2 }),
  seekForward: act('Now playing', ['right'], 'seek forward 10 s', playback({ type: 'seekBy', deltaMs: SEEK_STEP_MS }), { rank: 3 }),
  addPlayingToPlaylist: act('Now playing', ['A'], 'add what plays to a playlist picked by typing part of its name', { type: 'addPlaying' }),
  up: act('lists', ['up', 'k'], 'cursor up', cursor('up'), { alsoIn: ['devices'], ...COUNTS }),
  down: act('lists', ['down', 'j'], 'cursor down', cursor('down'), { alsoIn: ['devices'], ...COUNTS }),
  pageUp: act('lists', ['pageup'], 'page up', cursor('pageUp'), COUNTS),
  pageDown: act('lists', ['pagedown'], 'page down', cursor('pageDown'), COUNTS),
  first: act('lists', ['g', 'home'], 'first item', cursor('first')),
  last: act('lists', ['G', 'end'], 'last item', cursor('last')),
  open: act('lists', ['enter'], 'open a playlist, show, audiobook, album or artist; play a track, episode or chapter in its context', { type: 'open' }, { rank: 2 }),
  playContext: act('lists', ['P'], 'play the playlist, album or liked songs from the start, the show or audiobook from its first unfinished item', { type: 'play' }, { rank: 3 }),
  back: act('lists', ['escape'], 'back, or clear the filter or the mark', { type: 'back' }),
  filter: act('lists', ['/'], 'filter the list', { type: 'filter' }, { rank: 4 }),
  addToQueue: act('lists', ['a'], 'add the track or episode to the queue', { type: 'queue' }, { rank: 5 }),
  addToPlaylist: act('lists', ['A'], 'add the track or episode (the marked range; an album: its tracks) to a playlist picked by name', { type: 'addToPlaylist' }, { rank: 6 }),
  createPlaylist: act('lists', ['N'], 'create a playlist: its name, then a description', { type: 'createPlaylist' }),
  renamePlaylist: act('lists', ['R'], 'rename the playlist under the cursor, or the one open', { type: 'renamePlaylist' }),
  moveUp: act(ITEMS, ['K', 'shift+up'], 'move the item (or the marked range) up', reorder('moveUp'), { ...COUNTS, rank: 1 }),
  moveDown: act(ITEMS, ['J', 'shift+down'], 'move the item (or the marked range) down', reorder('moveDown'), { ...COUNTS, rank: 2 }),
  toggleMark: act(ITEMS, ['v'], 'mark a range from the cursor', reorder('toggleMark'), { rank: 3 }),
  undo: act(ITEMS, ['u'], 'undo a move', reorder('undo'), { ...COUNTS, rank: 5 }),
  redo: act(ITEMS, ['ctrl+r'], 'redo a move', reorder('redo'), { ...COUNTS, rank: 6 }),
  save: act(ITEMS, ['w'], 'save now (moves also save after a short pause)', reorder('save'), { rank: 7 }),
  moveToTop: act(ITEMS, ['T'], 'move the item (or the marked range) to the top', reorder('moveToTop')),
  moveToBottom: act(ITEMS, ['B'], 'move the item (or the marked range) to the bottom', reorder('moveToBottom')),
  moveToPosition: act(ITEMS, ['m'], 'move the item (or the marked range) to a typed position, then Enter', reorder('moveToPosition')),
  lift: act(ITEMS, ['x'], 'lift the item (or the marked range) to drop it elsewhere', reorder('lift')),
  dropAbove: act(ITEMS, ['['], 'drop what is lifted above the cursor', reorder('dropAbove')),
  dropBelow: act(ITEMS, [']'], 'drop what is lifted below the cursor', reorder('dropBelow')),
  sort: act(ITEMS, ['o'], 'sort: t title, a artist, l album, d duration, n date added, r reverse; u removes duplicates', reorder('sort')),
  removeItems: act(ITEMS, ['D', 'delete'], 'remove the item (or the marked range) from the playlist', { type: 'remove' }, { rank: 4 }),
  devicesPlay: act('devices', ['enter'], 'play on the device under the cursor', { type: 'transfer' }),
  devicesClose: act('devices', ['escape'], 'close the devices (the devices key too)', { type: 'close' }),
  pickerUp: act(PICKER, ['up', 'ctrl+p'], 'the result above', cursor('up')),
  pickerDown: act(PICKER, ['down', 'ctrl+n'], 'the result below', cursor('down')),
  pickerPageUp: act(PICKER, ['pageup'], 'a page of results up', cursor('pageUp')),
  pickerPageDown: act(PICKER, ['pagedown'], 'a page of results down', cursor('pageDown')),
  pickerChoose: act(PICKER, ['enter'], 'play the track or episode chosen, open anything else, or run the action', { type: 'choose' }),
  pickerAdd: act(PICKER, ['ctrl+a'], "add the track or episode chosen (an album: its tracks) to a playlist picked by name", { type: 'add' }),
  pickerClose: act(PICKER, ['escape'], 'close the search or go to', { type: 'close' }),
  offerSave: act('offered at start', ['s'], 'unsaved changes an earlier run left: save them now', { type: 'save' }, FIXED),
  offerDiscard: act('offered at start', ['d'], 'unsaved changes an earlier run left: discard them (asks y/n)', { type: 'discard' }, FIXED),
  offerLater: act('offered at start', ['escape'], 'unsaved changes an earlier run left: later (opening the playlist restores them)', { type: 'later' }, FIXED),
  helpScrollUp: act('help', ['up', 'k'], 'scroll this help up', { type: 'scroll', rows: -1 }),
  helpScrollDown: act('help', ['down', 'j'], 'scroll this help down', { type: 'scroll', rows: 1 }),
  helpPageUp: act('help', ['pageup'], 'scroll this help a page up', { type: 'page', direction: -1 }),
  helpPageDown: act('help', ['pagedown'], 'scroll this help a page down', { type: 'page', direction: 1 }),
  helpFilter: act('help', ['/'], 'filter this help by key, words or config name', { type: 'filter' }),
  helpClose: act('help', ['escape'], 'clear the filter, or close this help (the help key too)', { type: 'close' }),
};

type Table = typeof ACTIONS;
export type ActionName = keyof Table;
/** The command an action gives, exactly as the table writes it. */
export type CommandOf<A extends ActionName> = Table[A]['command'];

type PlacesOf<A extends ActionName> = Table[A]['place'] | (Table[A] extends { alsoIn: readonly (infer P)[] } ? P : never);
/** The actions a place reads. */
export type ActionsIn<P extends Place> = { [A in ActionName]: [Extract<PlacesOf<A>, P>] extends [never] ? never : A }[ActionName];
/** The commands a layer of these places handles. */
export type CommandIn<P extends Place> = CommandOf<ActionsIn<P>>;

export const ACTION_NAMES = Object.keys(ACTIONS) as readonly ActionName[];

export function isActionName(name: string): name is ActionName {
  return Object.hasOwn(ACTIONS, name);
}

export function actionSpec(action: ActionName): ActionSpec {
  return ACTIONS[action];
}

/** Every place an action works in, its own first. */
export function placesOf(action: ActionName): readonly Place[] {
  const { place, alsoIn = [] } = actionSpec(action);
  return [place, ...alsoIn];
}

/** The actions read in any of `places`, in table order: a layer's keymap. */
export function actionsIn<P extends Place>(...places: readonly P[]): readonly ActionsIn<P>[] {
  return ACTION_NAMES.filter((action) => placesOf(action).some((place) => (places as readonly Place[]).includes(place))) as ActionsIn<P>[];
}
