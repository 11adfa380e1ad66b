import type { Key } from 'ink';
import type { FocusTarget } from './focus.js';
import { keyLabel, keyNames } from './keys/key-names.js';
import type { PlaybackCommand } from './playback-commands.js';
import type { CursorAction } from './state/list-cursor.js';

/**
 * Every key of the dashboard (decisions.md §12), as tables of named actions with their default keys:
 * the key layers resolve presses through them and the help lists them. A config file can remap keys by
 * action name by handing `resolve` other `keys`.
 */

export interface Binding<A extends string, C> {
  /** The action's name, stable for remapping ('quit', 'moveDown'...). */
  action: A;
  /** Key names (keys/key-names.ts); the help shows them in this order. */
  keys: readonly string[];
  command: C;
}

/** The binding a key press means in `table`, or null; its most specific name is tried first (Shift+↑ before ↑). */
export function resolve<B extends Binding<string, unknown>>(table: readonly B[], input: string, key: Key): B | null {
  for (const name of keyNames(input, key)) {
    const binding = table.find((candidate) => candidate.keys.includes(name));
    if (binding !== undefined) return binding;
  }
  return null;
}

/** The keys of a binding as the help shows them ('q, Ctrl+C'). */
export const keysLabel = (binding: Binding<string, unknown>): string => binding.keys.map(keyLabel).join(', ');

export type GlobalCommand =
  | { type: 'quit' }
  | { type: 'toggleHelp' }
  | { type: 'focusNext' }
  | { type: 'focusPrevious' }
  | { type: 'focus'; target: FocusTarget }
  | { type: 'playback'; command: PlaybackCommand }
  | { type: 'volume'; direction: 1 | -1 }
  | { type: 'devices' };

export type GlobalAction =
  | 'quit' | 'help' | 'focusNext' | 'focusPrevious' | 'focusNowPlaying' | 'focusPlaylists' | 'focusShows'
  | 'focusAudiobooks' | 'focusContinue' | 'playPause' | 'next' | 'previous' | 'seekBack' | 'seekForward' | 'shuffle' | 'repeat'
  | 'volumeUp' | 'volumeDown' | 'devices';

export interface GlobalBinding extends Binding<GlobalAction, GlobalCommand> {
  description: string;
  /** Where the key works, as the help says it. */
  where: 'everywhere' | 'Now playing';
}

export const SEEK_STEP_MS = 10_000;

const playback = (command: PlaybackCommand): GlobalCommand => ({ type: 'playback', command });

export const GLOBAL_BINDINGS: readonly GlobalBinding[] = [
  { action: 'quit', keys: ['q', 'ctrl+c'], description: 'quit', where: 'everywhere', command: { type: 'quit' } },
  { action: 'help', keys: ['?'], description: 'show or hide this help', where: 'everywhere', command: { type: 'toggleHelp' } },
  { action: 'focusNext', keys: ['tab'], description: 'focus the next pane', where: 'everywhere', command: { type: 'focusNext' } },
  { action: 'focusPrevious', keys: ['shift+tab'], description: 'focus the previous pane', where: 'everywhere',
    command: { type: 'focusPrevious' } },
  { action: 'focusNowPlaying', keys: ['1'], description: 'focus Now playing', where: 'everywhere',
    command: { type: 'focus', target: 'nowPlaying' } },
  { action: 'focusPlaylists', keys: ['2'], description: 'focus Playlists', where: 'everywhere',
    command: { type: 'focus', target: 'playlists' } },
  { action: 'focusShows', keys: ['3'], description: 'focus Saved shows', where: 'everywhere',
    command: { type: 'focus', target: 'shows' } },
  { action: 'focusAudiobooks', keys: ['4'], description: 'focus Audiobooks', where: 'everywhere',
    command: { type: 'focus', target: 'audiobooks' } },
  { action: 'focusContinue', keys: ['5'], description: 'focus Continue listening', where: 'everywhere',
    command: { type: 'focus', target: 'continue' } },
  { action: 'playPause', keys: ['space'], description: 'play or pause', where: 'everywhere', command: playback({ type: 'togglePlay' }) },
  { action: 'next', keys: ['n'], description: 'next item', where: 'everywhere', command: playback({ type: 'next' }) },
  { action: 'previous', keys: ['p'], description: 'previous item (or back to the start)', where: 'everywhere',
    command: playback({ type: 'previous' }) },
  { action: 'seekBack', keys: ['left'], description: 'seek back 10 s', where: 'Now playing',
    command: playback({ type: 'seekBy', deltaMs: -SEEK_STEP_MS }) },
  { action: 'seekForward', keys: ['right'], description: 'seek forward 10 s', where: 'Now playing',
    command: playback({ type: 'seekBy', deltaMs: SEEK_STEP_MS }) },
  { action: 'shuffle', keys: ['s'], description: 'shuffle on or off', where: 'everywhere', command: playback({ type: 'toggleShuffle' }) },
  // Ctrl+R is another key ('ctrl+r'): redo in a playlist's items.
  { action: 'repeat', keys: ['r'], description: 'repeat: off, all, one', where: 'everywhere', command: playback({ type: 'cycleRepeat' }) },
  // `=` is `+` without Shift on most keyboards.
  { action: 'volumeUp', keys: ['+', '='], description: 'volume up 5', where: 'everywhere', command: { type: 'volume', direction: 1 } },
  { action: 'volumeDown', keys: ['-'], description: 'volume down 5', where: 'everywhere', command: { type: 'volume', direction: -1 } },
  { action: 'devices', keys: ['d'], description: 'choose the device that plays', where: 'everywhere', command: { type: 'devices' } },
];

/** The reorder commands (decisions §12); only a playlist's items take them. */
export type ReorderCommand =
  | 'moveUp' | 'moveDown' | 'toggleMark' | 'undo' | 'redo' | 'save'
  | 'moveToTop' | 'moveToBottom' | 'moveToPosition' | 'lift' | 'dropAbove' | 'dropBelow' | 'sort';

export type ListCommand =
  | { type: 'cursor'; action: CursorAction }
  | { type: 'open' }
  | { type: 'play' }
  | { type: 'back' }
  | { type: 'filter' }
  | { type: 'reorder'; command: ReorderCommand };

export type ListAction = CursorAction | ReorderCommand | 'open' | 'playContext' | 'back' | 'filter';

export interface ListBinding extends Binding<ListAction, ListCommand> {
  description: string;
}

const reorder = (command: ReorderCommand): ListCommand => ({ type: 'reorder', command });
const cursor = (action: CursorAction): ListCommand => ({ type: 'cursor', action });

/** The reorder keys come first: Shift+↑ is a move where the list can be reordered. */
export const REORDER_BINDINGS: readonly ListBinding[] = [
  { action: 'moveUp', keys: ['K', 'shift+up'], description: 'move the item (or the marked range) up', command: reorder('moveUp') },
  { action: 'moveDown', keys: ['J', 'shift+down'], description: 'move the item (or the marked range) down', command: reorder('moveDown') },
  { action: 'toggleMark', keys: ['v'], description: 'mark a range from the cursor', command: reorder('toggleMark') },
  { action: 'undo', keys: ['u'], description: 'undo a move', command: reorder('undo') },
  { action: 'redo', keys: ['ctrl+r'], description: 'redo a move', command: reorder('redo') },
  { action: 'save', keys: ['w'], description: 'save now (moves also save after a short pause)', command: reorder('save') },
  { action: 'moveToTop', keys: ['T'], description: 'move the item (or the marked range) to the top', command: reorder('moveToTop') },
  { action: 'moveToBottom', keys: ['B'], description: 'move the item (or the marked range) to the bottom', command: reorder('moveToBottom') },
  { action: 'moveToPosition', keys: ['m'], description: 'move the item (or the marked range) to a typed position, then Enter',
    command: reorder('moveToPosition') },
  { action: 'lift', keys: ['x'], description: 'lift the item (or the marked range) to drop it elsewhere', command: reorder('lift') },
  { action: 'dropAbove', keys: ['['], description: 'drop what is lifted above the cursor', command: reorder('dropAbove') },
  { action: 'dropBelow', keys: [']'], description: 'drop what is lifted below the cursor', command: reorder('dropBelow') },
  { action: 'sort', keys: ['o'], description: 'sort: t title, a artist, l album, d duration, n date added, r reverse',
    command: reorder('sort') },
];

/** The keys of every library list. */
export const LIST_BINDINGS: readonly ListBinding[] = [
  { action: 'up', keys: ['up', 'k'], description: 'cursor up', command: cursor('up') },
  { action: 'down', keys: ['down', 'j'], description: 'cursor down', command: cursor('down') },
  { action: 'pageUp', keys: ['pageup'], description: 'page up', command: cursor('pageUp') },
  { action: 'pageDown', keys: ['pagedown'], description: 'page down', command: cursor('pageDown') },
  { action: 'first', keys: ['g', 'home'], description: 'first item', command: cursor('first') },
  { action: 'last', keys: ['G', 'end'], description: 'last item', command: cursor('last') },
  { action: 'open', keys: ['enter'], description: 'open a playlist, show or audiobook; play a track, episode or chapter in its context',
    command: { type: 'open' } },
  { action: 'playContext', keys: ['P'], description: 'play the playlist, show or audiobook under the cursor from its start',
    command: { type: 'play' } },
  { action: 'back', keys: ['escape'], description: 'back, or clear the filter or the mark', command: { type: 'back' } },
  { action: 'filter', keys: ['/'], description: 'filter the list', command: { type: 'filter' } },
];

/** A playlist's items: the reorder keys and the list keys. */
export const REORDERABLE_LIST_BINDINGS: readonly ListBinding[] = [...REORDER_BINDINGS, ...LIST_BINDINGS];

export type HelpAction = 'scrollUp' | 'scrollDown' | 'pageUp' | 'pageDown' | 'close';

/** The help's own keys while it is up (its help rows are written out in `helpRows`). */
export const HELP_BINDINGS: readonly Binding<HelpAction, HelpAction>[] = [
  { action: 'scrollUp', keys: ['up', 'k'], command: 'scrollUp' },
  { action: 'scrollDown', keys: ['down', 'j'], command: 'scrollDown' },
  { action: 'pageUp', keys: ['pageup'], command: 'pageUp' },
  { action: 'pageDown', keys: ['pagedown'], command: 'pageDown' },
  { action: 'close', keys: ['escape'], command: 'close' },
];

/** Every list's queue key (a key layer of its own: see hooks/use-queue-key.ts). */
export const QUEUE_BINDINGS: readonly (Binding<'addToQueue', 'addToQueue'> & { description: string })[] = [
  { action: 'addToQueue', keys: ['a'], command: 'addToQueue', description: 'add the track or episode to the queue' },
];

export type DeviceAction = 'up' | 'down' | 'transfer' | 'close';

/** The devices list's keys while it is up. */
export const DEVICE_BINDINGS: readonly (Binding<DeviceAction, DeviceAction> & { description: string })[] = [
  { action: 'up', keys: ['up', 'k'], command: 'up', description: 'previous device' },
  { action: 'down', keys: ['down', 'j'], command: 'down', description: 'next device' },
  { action: 'transfer', keys: ['enter'], command: 'transfer', description: 'play on this device' },
  { action: 'close', keys: ['escape', 'd'], command: 'close', description: 'close the devices' },
];

/** A type, not an interface: ink-table wants rows with an index signature, which only type aliases get. */
export type HelpRow = {
  Key: string;
  Action: string;
  Where: string;
};

/** Every key of the dashboard, global ones first, as the help table shows them. */
export function helpRows(): HelpRow[] {
  return [
    ...GLOBAL_BINDINGS.map((binding) => ({ Key: keysLabel(binding), Action: binding.description, Where: binding.where })),
    ...REORDER_BINDINGS.map((binding) => ({ Key: keysLabel(binding), Action: binding.description, Where: "a playlist's items" })),
    ...LIST_BINDINGS.map((binding) => ({ Key: keysLabel(binding), Action: binding.description, Where: 'lists' })),
    {
      Key: '0–9',
      Action: 'a count before J, K, j, k, u, Ctrl+R, PgUp, PgDn (20K); a lone 1–4 still jumps',
      Where: "a playlist's items",
    },
    ...QUEUE_BINDINGS.map((binding) => ({ Key: keysLabel(binding), Action: binding.description, Where: 'lists' })),
    ...DEVICE_BINDINGS.map((binding) => ({ Key: keysLabel(binding), Action: binding.description, Where: 'devices' })),
    { Key: '↑/↓, PgUp/PgDn', Action: 'scroll this help', Where: 'help' },
    { Key: 'Esc, ?', Action: 'close this help', Where: 'help' },
  ];
}
