import { useServices } from './app-services.js';
import type { LiveLines } from './members.js';

export type { LiveLines };

export function useLiveLines(): LiveLines | null {
  return useServices().liveLines;
}
