import { useServices } from './app-services.js';
import type { KeyBindings } from '../../keys/bindings.js';

/** The keys in force by action name: the defaults, or a config file's (reloaded while the dashboard runs). */
export function useKeyBindings(): KeyBindings {
  return useServices().bindings;
}
