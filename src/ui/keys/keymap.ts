import type { Key } from 'ink';
import { actionsIn, ACTIONS, type ActionName, type ActionsIn, type CommandOf } from '../../keys/actions.js';
import type { KeyBindings } from '../../keys/bindings.js';
import { keyNames } from './key-names.js';

/**
 * What a key press means to a layer: the layer's actions (its keymap, read from the action table by place),
 * the bindings in force, and a handler per kind of command. `resolve` takes the bindings, never a default:
 * a layer that read the defaults would ignore a config file's keys.
 */

/** The global layer's keys: everywhere, and Now playing's while it has the focus. */
export const GLOBAL_KEYMAP = actionsIn('everywhere', 'Now playing');
/** A library list's keys. */
export const LIST_KEYMAP = actionsIn('lists');
/** A playlist's items: its own keys first (Shift+↑ is a move there), then the lists'. */
export const ITEMS_KEYMAP = [...actionsIn("a playlist's items"), ...LIST_KEYMAP];
export const DEVICES_KEYMAP = actionsIn('devices');
export const OFFER_KEYMAP = actionsIn('offered at start');
export const HELP_KEYMAP = actionsIn('help');
export const PICKER_KEYMAP = actionsIn('search and go to');

/** The action a key press means among `keymap`, or null; its most specific name is tried first (Shift+↑ before ↑). */
export function resolve<A extends ActionName>(keymap: readonly A[], input: string, key: Key, bindings: KeyBindings): A | null {
  for (const name of keyNames(input, key)) {
    const action = keymap.find((candidate) => bindings[candidate].includes(name));
    if (action !== undefined) return action;
  }
  return null;
}

/** The command a key press gives among `keymap`, or null. */
export function commandFor<A extends ActionName>(keymap: readonly A[], input: string, key: Key, bindings: KeyBindings): CommandOf<A> | null {
  const action = resolve(keymap, input, key, bindings);
  return action === null ? null : (ACTIONS[action].command as CommandOf<A>);
}

/** One handler per kind of command: a command the table gains without a handler does not compile. */
export type CommandHandlers<C extends { type: string }, R = void> = { [T in C['type']]: (command: Extract<C, { type: T }>) => R };

/** Runs the handler of the command's kind. */
export function runCommand<C extends { type: string }, R>(handlers: CommandHandlers<C, R>, command: C): R {
  const handler = handlers[command.type as C['type']] as (command: C) => R;
  return handler(command);
}

export type GlobalCommand = CommandOf<ActionsIn<'everywhere' | 'Now playing'>>;
export type ListCommand = CommandOf<ActionsIn<'lists'>>;
/** What a playlist's items take: their own commands and the lists'. */
export type ItemsCommand = CommandOf<ActionsIn<"a playlist's items" | 'lists'>>;
export type DeviceCommand = CommandOf<ActionsIn<'devices'>>;
export type OfferCommand = CommandOf<ActionsIn<'offered at start'>>;
export type HelpCommand = CommandOf<ActionsIn<'help'>>;
export type PickerCommand = CommandOf<ActionsIn<'search and go to'>>;
