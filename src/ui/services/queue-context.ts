import type { DetailsTarget } from '../details-target.js';
import { useServices } from './app-services.js';

/** Adding the item under a list's cursor to the player's queue (the dashboard gives it; see hooks/use-up-next.ts). */
export interface QueueActions {
  add(target: DetailsTarget | null): void;
}

/** The queue of the dashboard above; none (the key does nothing) in a pane drawn alone. */
export function useQueue(): QueueActions | null {
  return useServices().queue;
}
