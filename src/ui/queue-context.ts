import { createContext, useContext } from 'react';
import type { DetailsTarget } from './details-target.js';

/** Adding the item under a list's cursor to the player's queue (App provides it; see hooks/use-up-next.ts). */
export interface QueueActions {
  add(target: DetailsTarget | null): void;
}

export const QueueActionsContext = createContext<QueueActions | null>(null);

/** The queue of the app above; none (the key does nothing) in a pane rendered alone. */
export function useQueue(): QueueActions | null {
  return useContext(QueueActionsContext);
}
