import { createContext, useContext } from 'react';
import { DEFAULT_BINDINGS, type KeyBindings } from './bindings.js';

/** The keys in force by action name: the defaults, or a config file's (reloaded while the dashboard runs). */
export const KeyBindingsContext = createContext<KeyBindings>(DEFAULT_BINDINGS);

export function useKeyBindings(): KeyBindings {
  return useContext(KeyBindingsContext);
}
