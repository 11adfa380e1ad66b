import { createContext } from 'react';
import type { DetailsTarget } from './details-target.js';

/** Adding the item under a list's cursor to the player's queue (App provides it; see hooks/use-up-next.ts). */
export interface QueueActions {
  add(target: DetailsTarget | null): void;
}

export const QueueActionsContext = createContext<QueueActions | null>(null);
