import type { SimplifiedPlaylist } from '../../api/types.js';
import { EditSession, type EditSessionHost, type SaveResult } from './edit-session.js';

/**
 * The playlists being changed in this dashboard, one session each, shared: the pane of a playlist and an
 * addition to it from elsewhere work on the same edit. A session lives while someone holds it; the last one
 * to let go closes it (its unsaved changes keep their journal for later). No React here.
 */
export class EditSessions {
  private readonly sessions = new Map<string, { session: EditSession; holders: number }>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly host: Omit<EditSessionHost, 'changed'>) {}

  /** The playlist's session, made (and restored from its journal, if one waits) on first use; hold it until `release`. */
  open(playlist: SimplifiedPlaylist): EditSession {
    let held = this.sessions.get(playlist.id);
    if (held === undefined) {
      held = { session: new EditSession({ ...this.host, changed: () => this.changed() }, playlist), holders: 0 };
      this.sessions.set(playlist.id, held);
    }
    held.holders++;
    return held.session;
  }

  release(session: EditSession): void {
    const held = this.sessions.get(session.playlist.id);
    if (held?.session !== session || --held.holders > 0) return;
    this.sessions.delete(session.playlist.id);
    session.close();
  }

  /** The session of a playlist being changed now, if any. */
  find(playlistId: string): EditSession | undefined {
    return this.sessions.get(playlistId)?.session;
  }

  /** Sessions with changes the service does not have (or may not: a save under way or failed). */
  unsaved(): EditSession[] {
    return [...this.sessions.values()].map(({ session }) => session).filter((session) => session.hasUnsaved());
  }

  /** Saves every session with unsaved changes; resolves once all are saved, or with the first reason one is not. */
  async saveAll(): Promise<SaveResult> {
    const results = await Promise.all(this.unsaved().map((session) => session.save()));
    return results.find((result) => !result.isSaved) ?? { isSaved: true };
  }

  discardAll(): void {
    for (const session of this.unsaved()) session.discard();
  }

  /** Called whenever a session's unsaved state changes. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
