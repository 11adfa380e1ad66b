import { createContext } from 'react';
import type { Api } from '../api/api.js';
import type { DetailsTarget } from './details-target.js';

/**
 * Where a library pane draws the details of its cursor: beside its list, in the same render as the cursor.
 * Reporting the item up to the app in an effect cost a second commit per key, and Ink draws the whole
 * screen on every commit: twice the work for each cursor move in a 10,000-item list.
 */
export interface DetailsSlot {
  api: Api;
  /** Outer size of the details pane; zero width for none (a narrow terminal). */
  width: number;
  height: number;
  /**
   * The item under the pane's cursor while it had the keys (null for none yet). `usePaneReports` writes it
   * while the pane renders and the pane's list view reads it below, later in that same render.
   */
  selection: { target: DetailsTarget | null };
}

/** Provided per pane by the library area; panes rendered alone (tests) have none and draw no details. */
export const DetailsSlotContext = createContext<DetailsSlot | null>(null);
