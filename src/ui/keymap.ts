import type { Key } from 'ink';
import { LIST_BINDINGS, type ListCommand } from './hooks/use-list-keys.js';
import type { FocusTarget } from './focus.js';
import type { PlaybackCommand } from './playback-commands.js';

/**
 * The dashboard's global keys (decisions.md §12), in one table: `globalCommandFor` reads it to act on a
 * key, and the help lists it together with the keys of the library lists.
 */

export type GlobalCommand =
  | { type: 'quit' }
  | { type: 'toggleHelp' }
  | { type: 'focusNext' }
  | { type: 'focusPrevious' }
  | { type: 'focus'; target: FocusTarget }
  | { type: 'playback'; command: PlaybackCommand };

export interface KeyContext {
  focus: FocusTarget;
}

export interface GlobalBinding {
  /** As the help shows it. */
  keys: string;
  description: string;
  /** Where the key works, as the help says it. */
  where: string;
  matches(input: string, key: Key, context: KeyContext): boolean;
  command: GlobalCommand;
}

export const SEEK_STEP_MS = 10_000;

const isNowPlaying = (context: KeyContext): boolean => context.focus === 'nowPlaying';
const playback = (command: PlaybackCommand): GlobalCommand => ({ type: 'playback', command });

export const GLOBAL_BINDINGS: readonly GlobalBinding[] = [
  { keys: 'q, Ctrl+C', description: 'quit', where: 'everywhere',
    matches: (i, k) => i === 'q' || (k.ctrl && i === 'c'), command: { type: 'quit' } },
  { keys: '?', description: 'show or hide this help', where: 'everywhere',
    matches: (i) => i === '?', command: { type: 'toggleHelp' } },
  { keys: 'Tab', description: 'focus the next pane', where: 'everywhere',
    matches: (_, k) => k.tab && !k.shift, command: { type: 'focusNext' } },
  { keys: 'Shift+Tab', description: 'focus the previous pane', where: 'everywhere',
    matches: (_, k) => k.tab && k.shift, command: { type: 'focusPrevious' } },
  { keys: '1', description: 'focus Now playing', where: 'everywhere',
    matches: (i) => i === '1', command: { type: 'focus', target: 'nowPlaying' } },
  { keys: '2', description: 'focus Playlists', where: 'everywhere',
    matches: (i) => i === '2', command: { type: 'focus', target: 'playlists' } },
  { keys: '3', description: 'focus Saved shows', where: 'everywhere',
    matches: (i) => i === '3', command: { type: 'focus', target: 'shows' } },
  { keys: '4', description: 'focus Audiobooks', where: 'everywhere',
    matches: (i) => i === '4', command: { type: 'focus', target: 'audiobooks' } },
  { keys: 'Space', description: 'play or pause', where: 'everywhere',
    matches: (i) => i === ' ', command: playback({ type: 'togglePlay' }) },
  { keys: 'n', description: 'next item', where: 'everywhere',
    matches: (i) => i === 'n', command: playback({ type: 'next' }) },
  { keys: 'p', description: 'previous item (or back to the start)', where: 'everywhere',
    matches: (i) => i === 'p', command: playback({ type: 'previous' }) },
  { keys: '←', description: 'seek back 10 s', where: 'Now playing',
    matches: (_, k, c) => k.leftArrow && isNowPlaying(c), command: playback({ type: 'seekBy', deltaMs: -SEEK_STEP_MS }) },
  { keys: '→', description: 'seek forward 10 s', where: 'Now playing',
    matches: (_, k, c) => k.rightArrow && isNowPlaying(c), command: playback({ type: 'seekBy', deltaMs: SEEK_STEP_MS }) },
  { keys: 's', description: 'shuffle on or off', where: 'everywhere',
    matches: (i) => i === 's', command: playback({ type: 'toggleShuffle' }) },
  { keys: 'r', description: 'repeat: off, all, one', where: 'everywhere',
    // Not Ctrl+R: that is redo in a playlist's items.
    matches: (i, k) => i === 'r' && !k.ctrl, command: playback({ type: 'cycleRepeat' }) },
];

/** The global command a key means where the focus is, or null (the focused pane may want it). */
export function globalCommandFor(input: string, key: Key, context: KeyContext): GlobalCommand | null {
  return GLOBAL_BINDINGS.find((binding) => binding.matches(input, key, context))?.command ?? null;
}

/** What a list key does, for the help; exhaustive, so a new list command cannot go unlisted. */
export function describeListCommand(command: ListCommand): string {
  switch (command.type) {
    case 'cursor':
      return {
        up: 'cursor up', down: 'cursor down', pageUp: 'page up', pageDown: 'page down',
        first: 'first item', last: 'last item',
      }[command.action];
    case 'open':
      return "open (a playlist's items)";
    case 'back':
      return 'back, or clear the filter or the mark';
    case 'filter':
      return 'filter the list';
    case 'reorder':
      return {
        moveUp: 'move the item (or the marked range) up', moveDown: 'move the item (or the marked range) down',
        toggleMark: 'mark a range from the cursor', undo: 'undo a move', redo: 'redo a move',
        save: 'save now (moves also save after a short pause)',
      }[command.command];
  }
}

/** A type, not an interface: ink-table wants rows with an index signature, which only type aliases get. */
export type HelpRow = {
  Key: string;
  Action: string;
  Where: string;
};

/** Every key of the dashboard, global ones first, as the help table shows them. */
export function helpRows(): HelpRow[] {
  return [
    ...GLOBAL_BINDINGS.map(({ keys, description, where }) => ({ Key: keys, Action: description, Where: where })),
    ...LIST_BINDINGS.map((binding) => ({
      Key: binding.keys,
      Action: describeListCommand(binding.command),
      Where: binding.isReorder === true ? "a playlist's items" : 'lists',
    })),
    {
      Key: '0–9',
      Action: 'a count before J, K, j, k, u, Ctrl+R, PgUp, PgDn (20K); a lone 1–4 still jumps',
      Where: "a playlist's items",
    },
    { Key: '↑/↓, PgUp/PgDn', Action: 'scroll this help', Where: 'help' },
    { Key: 'Esc, ?', Action: 'close this help', Where: 'help' },
  ];
}
