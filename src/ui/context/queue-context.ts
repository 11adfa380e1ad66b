import { useServices } from './app-services.js';
import type { QueueActions } from './members.js';

export type { QueueActions };

/** The queue of the dashboard above; none (the key does nothing) in a pane drawn alone. */
export function useQueue(): QueueActions | null {
  return useServices().queue;
}
