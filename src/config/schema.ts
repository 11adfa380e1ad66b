import { DEFAULT_BINDINGS, type KeyBindings } from '../keys/bindings.js';
import { DEFAULT_SETTINGS, type Settings } from './settings.js';

/** What a config file sets: the keys by action (the action table's defaults) and the settings of the table (settings.ts). */
export type Config = { readonly keys: KeyBindings } & Settings;

export const DEFAULT_CONFIG: Config = { keys: DEFAULT_BINDINGS, ...DEFAULT_SETTINGS };
