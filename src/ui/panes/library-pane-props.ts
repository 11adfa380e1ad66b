import type { Api } from '../../api/api.js';
import type { PaneCallbacks } from '../pane-callbacks.js';

/** What the app gives every library pane (playlists, a playlist's items, saved shows, audiobooks). */
export interface LibraryPaneProps extends PaneCallbacks {
  api: Api;
  /** The pane has the keys; it refreshes only then. */
  isFocused: boolean;
  /** Outer size, border included. */
  width: number;
  height: number;
}
