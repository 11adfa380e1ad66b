import type { Key } from 'ink';
import { DEFAULT_BINDINGS, type KeyBindings } from '../config/actions.js';
import type { FocusTarget } from './focus.js';
import { keyLabel, keyNames } from './keys/key-names.js';
import type { PlaybackCommand } from './playback-commands.js';
import type { CursorAction } from './state/list-cursor.js';

/**
 * Every key of the dashboard (decisions.md §12), as tables of named actions and what they do. Their keys
 * are not here: they are the bindings of src/config/actions.ts (ACTIONS: default keys, where), which a
 * config file remaps by action name; the key layers hand `resolve` the bindings in force (useKeyBindings).
 */

export interface Binding<A extends string, C> {
  /** The action's name in src/config/actions.ts ('quit', 'moveDown'...). */
  action: A;
  command: C;
  /** Keys of an action the config file does not name (the devices list's own): fixed, not remappable. */
  keys?: readonly string[];
}

/** The keys bound to a binding's action, default keys when `bindings` has none for it. */
export const keysOf = (binding: Binding<string, unknown>, bindings: KeyBindings = DEFAULT_BINDINGS): readonly string[] =>
  bindings[binding.action] ?? DEFAULT_BINDINGS[binding.action] ?? binding.keys ?? [];

/** The binding a key press means in `table`, or null; its most specific name is tried first (Shift+↑ before ↑). */
export function resolve<B extends Binding<string, unknown>>(
  table: readonly B[], input: string, key: Key, bindings: KeyBindings = DEFAULT_BINDINGS,
): B | null {
  for (const name of keyNames(input, key)) {
    const binding = table.find((candidate) => keysOf(candidate, bindings).includes(name));
    if (binding !== undefined) return binding;
  }
  return null;
}

/** The keys of a binding as the help shows them ('q, Ctrl+C'). */
export const keysLabel = (binding: Binding<string, unknown>, bindings: KeyBindings = DEFAULT_BINDINGS): string =>
  keysOf(binding, bindings).map(keyLabel).join(', ');

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
  { action: 'quit', description: 'quit', where: 'everywhere', command: { type: 'quit' } },
  { action: 'help', description: 'show or hide this help', where: 'everywhere', command: { type: 'toggleHelp' } },
  { action: 'focusNext', description: 'focus the next pane', where: 'everywhere', command: { type: 'focusNext' } },
  { action: 'focusPrevious', description: 'focus the previous pane', where: 'everywhere',
    command: { type: 'focusPrevious' } },
  { action: 'focusNowPlaying', description: 'focus Now playing', where: 'everywhere',
    command: { type: 'focus', target: 'nowPlaying' } },
  { action: 'focusPlaylists', description: 'focus Playlists', where: 'everywhere',
    command: { type: 'focus', target: 'playlists' } },
  { action: 'focusShows', description: 'focus Saved shows', where: 'everywhere',
    command: { type: 'focus', target: 'shows' } },
  { action: 'focusAudiobooks', description: 'focus Audiobooks', where: 'everywhere',
    command: { type: 'focus', target: 'audiobooks' } },
  { action: 'focusContinue', description: 'focus Continue listening', where: 'everywhere',
    command: { type: 'focus', target: 'continue' } },
  { action: 'playPause', description: 'play or pause', where: 'everywhere', command: playback({ type: 'togglePlay' }) },
  { action: 'next', description: 'next item', where: 'everywhere', command: playback({ type: 'next' }) },
  { action: 'previous', description: 'previous item (or back to the start)', where: 'everywhere',
    command: playback({ type: 'previous' }) },
  { action: 'seekBack', description: 'seek back 10 s', where: 'Now playing',
    command: playback({ type: 'seekBy', deltaMs: -SEEK_STEP_MS }) },
  { action: 'seekForward', description: 'seek forward 10 s', where: 'Now playing',
    command: playback({ type: 'seekBy', deltaMs: SEEK_STEP_MS }) },
  { action: 'shuffle', description: 'shuffle on or off', where: 'everywhere', command: playback({ type: 'toggleShuffle' }) },
  // Ctrl+R is another key ('ctrl+r'): redo in a playlist's items.
  { action: 'repeat', description: 'repeat: off, all, one', where: 'everywhere', command: playback({ type: 'cycleRepeat' }) },
  // `=` is `+` without Shift on most keyboards.
  { action: 'volumeUp', description: 'volume up 5', where: 'everywhere', command: { type: 'volume', direction: 1 } },
  { action: 'volumeDown', description: 'volume down 5', where: 'everywhere', command: { type: 'volume', direction: -1 } },
  { action: 'devices', description: 'choose the device that plays', where: 'everywhere', command: { type: 'devices' } },
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
  { action: 'moveUp', description: 'move the item (or the marked range) up', command: reorder('moveUp') },
  { action: 'moveDown', description: 'move the item (or the marked range) down', command: reorder('moveDown') },
  { action: 'toggleMark', description: 'mark a range from the cursor', command: reorder('toggleMark') },
  { action: 'undo', description: 'undo a move', command: reorder('undo') },
  { action: 'redo', description: 'redo a move', command: reorder('redo') },
  { action: 'save', description: 'save now (moves also save after a short pause)', command: reorder('save') },
  { action: 'moveToTop', description: 'move the item (or the marked range) to the top', command: reorder('moveToTop') },
  { action: 'moveToBottom', description: 'move the item (or the marked range) to the bottom', command: reorder('moveToBottom') },
  { action: 'moveToPosition', description: 'move the item (or the marked range) to a typed position, then Enter',
    command: reorder('moveToPosition') },
  { action: 'lift', description: 'lift the item (or the marked range) to drop it elsewhere', command: reorder('lift') },
  { action: 'dropAbove', description: 'drop what is lifted above the cursor', command: reorder('dropAbove') },
  { action: 'dropBelow', description: 'drop what is lifted below the cursor', command: reorder('dropBelow') },
  { action: 'sort', description: 'sort: t title, a artist, l album, d duration, n date added, r reverse',
    command: reorder('sort') },
];

/** The keys of every library list. */
export const LIST_BINDINGS: readonly ListBinding[] = [
  { action: 'up', description: 'cursor up', command: cursor('up') },
  { action: 'down', description: 'cursor down', command: cursor('down') },
  { action: 'pageUp', description: 'page up', command: cursor('pageUp') },
  { action: 'pageDown', description: 'page down', command: cursor('pageDown') },
  { action: 'first', description: 'first item', command: cursor('first') },
  { action: 'last', description: 'last item', command: cursor('last') },
  { action: 'open', description: 'open a playlist, show or audiobook; play a track, episode or chapter in its context',
    command: { type: 'open' } },
  { action: 'playContext', description: 'play the playlist from its start, the show or audiobook from its first unfinished item',
    command: { type: 'play' } },
  { action: 'back', description: 'back, or clear the filter or the mark', command: { type: 'back' } },
  { action: 'filter', description: 'filter the list', command: { type: 'filter' } },
];

/** A playlist's items: the reorder keys and the list keys. */
export const REORDERABLE_LIST_BINDINGS: readonly ListBinding[] = [...REORDER_BINDINGS, ...LIST_BINDINGS];

export type HelpAction = 'helpScrollUp' | 'helpScrollDown' | 'helpPageUp' | 'helpPageDown' | 'helpClose';
type HelpCommand = 'scrollUp' | 'scrollDown' | 'pageUp' | 'pageDown' | 'close';

/** The help's own keys while it is up. */
export const HELP_BINDINGS: readonly Binding<HelpAction, HelpCommand>[] = [
  { action: 'helpScrollUp', command: 'scrollUp' },
  { action: 'helpScrollDown', command: 'scrollDown' },
  { action: 'helpPageUp', command: 'pageUp' },
  { action: 'helpPageDown', command: 'pageDown' },
  { action: 'helpClose', command: 'close' },
];

/** Every list's queue key (a key layer of its own: see hooks/use-queue-key.ts). */
export const QUEUE_BINDINGS: readonly (Binding<'addToQueue', 'addToQueue'> & { description: string })[] = [
  { action: 'addToQueue', command: 'addToQueue', description: 'add the track or episode to the queue' },
];

export type DeviceAction = 'up' | 'down' | 'transfer' | 'close';

/** The devices list's keys while it is up. */
export const DEVICE_BINDINGS: readonly (Binding<DeviceAction, DeviceAction> & { description: string })[] = [
  { action: 'up', command: 'up', description: 'previous device' },
  { action: 'down', command: 'down', description: 'next device' },
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
export function helpRows(bindings: KeyBindings = DEFAULT_BINDINGS): HelpRow[] {
  const label = (binding: Binding<string, unknown>): string => keysLabel(binding, bindings);
  const help = (action: HelpAction): string => label({ action, command: null });
  const first = (action: HelpAction): string => help(action).split(', ')[0]!;
  return [
    ...GLOBAL_BINDINGS.map((binding) => ({ Key: label(binding), Action: binding.description, Where: binding.where })),
    ...REORDER_BINDINGS.map((binding) => ({ Key: label(binding), Action: binding.description, Where: "a playlist's items" })),
    ...LIST_BINDINGS.map((binding) => ({ Key: label(binding), Action: binding.description, Where: 'lists' })),
    {
      Key: '0–9',
      Action: 'a count before J, K, j, k, u, Ctrl+R, PgUp, PgDn (20K); a lone 1–4 still jumps',
      Where: "a playlist's items",
    },
    ...QUEUE_BINDINGS.map((binding) => ({ Key: label(binding), Action: binding.description, Where: 'lists' })),
    ...DEVICE_BINDINGS.map((binding) => ({ Key: label(binding), Action: binding.description, Where: 'devices' })),
    {
      Key: 's, d, Esc',
      Action: "unsaved moves an earlier run left: save them now, discard them (asks y/n), or later (opening the playlist restores them)",
      Where: 'offered at start',
    },
    {
      Key: `${first('helpScrollUp')}/${first('helpScrollDown')}, ${first('helpPageUp')}/${first('helpPageDown')}`,
      Action: 'scroll this help',
      Where: 'help',
    },
    { Key: [help('helpClose'), label(GLOBAL_BINDINGS[1]!)].join(', '), Action: 'close this help', Where: 'help' },
  ];
}
