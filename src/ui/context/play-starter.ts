import type { PlayStarter } from '../play/play-starter.js';
import { useServices } from './app-services.js';

/** The starter of the app above; none (keys do nothing) in a pane rendered alone. */
export function usePlayStarter(): PlayStarter | null {
  return useServices().player;
}
