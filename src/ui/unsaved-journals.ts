import type { PlaylistReorderState } from './state/playlist-reorder.js';
import type { Journal } from './state/reorder-journal.js';

/**
 * Where the journals of unsaved moves go. The dashboard gives files on disk (src/cli, through src/journal);
 * both calls are done when they return, so a move journaled before the screen shows it survives a kill.
 */
export interface JournalFiles {
  /** Puts `text` (its pieces, in order) on disk as the playlist's journal; throws when it could not (the previous one stays whole). */
  write(playlistId: string, text: readonly (string | Uint8Array)[]): void;
  /** The playlist's journal is done with (saved or discarded); throws when it could not be removed. */
  remove(playlistId: string): void;
}

/** A playlist edit restored from its journal, for the items pane about to open it. */
export interface ResumedEdit {
  edit: PlaylistReorderState;
  /** The journal that goes on recording the edit. */
  journal: Journal;
  /** Save at once (the user chose to save), rather than after the usual idle pause. */
  saveAtOnce: boolean;
}

/**
 * The journals of one service in this dashboard: the files, the journals no pane is editing (left by an
 * earlier run, or by a playlist closed with its moves unsaved), and the edits restored from them on their
 * way to the pane that opens the playlist. No React here; the services (services.ts) hand it down.
 */
export class UnsavedJournals {
  private readonly waiting = new Map<string, Journal>();
  private readonly restored = new Map<string, ResumedEdit>();
  private readonly writers = new Set<{ flush(): void }>();

  /**
   * @param service the service the journals belong to (the journal's `service`)
   * @param leftOver journals an earlier run left, oldest first
   * @param setAside one line per journal that could not be read and was set aside
   */
  constructor(
    readonly service: string,
    readonly files: JournalFiles,
    readonly leftOver: readonly Journal[] = [],
    readonly setAside: readonly string[] = [],
  ) {
    for (const journal of leftOver) this.waiting.set(journal.playlistId, journal);
  }

  /** The journal of `playlistId` that no pane is editing, if any. */
  waitingFor(playlistId: string): Journal | null {
    return this.waiting.get(playlistId) ?? null;
  }

  /** A pane closed with its moves unsaved: opening the playlist again restores them. */
  shelve(journal: Journal): void {
    this.waiting.set(journal.playlistId, journal);
  }

  /** The journal's moves are thrown away: its file goes, nothing restores it. Throws when the file could not be removed. */
  discard(playlistId: string): void {
    this.files.remove(playlistId);
    this.waiting.delete(playlistId);
  }

  /** Hands a restored edit to the pane that opens its playlist next; the journal is no longer waiting. */
  handOver(playlistId: string, resumed: ResumedEdit): void {
    this.waiting.delete(playlistId);
    this.restored.set(playlistId, resumed);
  }

  /** A journal being kept by an open pane; the returned function forgets it. */
  track(writer: { flush(): void }): () => void {
    this.writers.add(writer);
    return () => this.writers.delete(writer);
  }

  /** Writes what every open pane's journal still holds, before returning (quitting, a signal, a fatal error). */
  flush(): void {
    for (const writer of this.writers) writer.flush();
  }

  /** The restored edit for the pane opening `playlistId` (once), or null. */
  take(playlistId: string): ResumedEdit | null {
    const resumed = this.restored.get(playlistId) ?? null;
    this.restored.delete(playlistId);
    return resumed;
  }
}

/** The dashboard's journals; null where moves are not journaled (most in-process tests). */