import type { DetailsTarget } from './details-target.js';

/** What a library pane tells the app, whichever list it shows. */
export interface PaneCallbacks {
  /** The item under the cursor, on every change while focused (null on a row not loaded yet). */
  onSelect(target: DetailsTarget | null): void;
  /** One line for the status bar (load errors, refusals); null clears it. */
  onStatus(message: string | null): void;
}
