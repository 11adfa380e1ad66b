import type { PlaylistActions } from '../add-source.js';
import type { EditSessions } from './edit-sessions.js';

/** What the dashboard gives every view of the editor's side (services.ts, `editor`). */
export interface EditorServices {
  sessions: EditSessions;
  /** `A`, `N`, `R`; null where nothing drives them. */
  actions: PlaylistActions | null;
  /** Names given here (renamed), by playlist id, for views that show a name read before. */
  names: ReadonlyMap<string, string>;
}
