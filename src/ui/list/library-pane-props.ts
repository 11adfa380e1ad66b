import type { Size } from '../layout.js';

/** What the app gives every library pane (playlists, a playlist's items, saved shows, audiobooks). */
export interface LibraryPaneProps {
  /** The pane has the keys; it refreshes only then. */
  isFocused: boolean;
  /** Outer size, border included. */
  width: number;
  height: number;
  /** Outer size of the details beside the list; zero width for none (a narrow terminal). */
  details: Size;
  /** One line for the status bar (load errors, refusals); null clears it. */
  onStatus(message: string | null): void;
}
