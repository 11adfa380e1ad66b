import type { Api } from '../../api/api.js';
import type { DetailsTarget } from '../details-target.js';

/** What the app gives every library pane (playlists, a playlist's items, saved shows, audiobooks). */
export interface LibraryPaneProps {
  api: Api;
  /** The pane has the keys; it refreshes only then. */
  isFocused: boolean;
  /** Outer size, border included. */
  width: number;
  height: number;
  /** The item under the cursor, on every change while focused (null on a row not loaded yet). */
  onSelect(target: DetailsTarget | null): void;
  /** One line for the status bar (load errors, refusals); null clears it. */
  onStatus(message: string | null): void;
  /** True while the filter's text input has the keys: the app must leave them alone. */
  onCaptureInput(isCapturing: boolean): void;
}
