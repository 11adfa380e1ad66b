import type { PlaylistEdit } from './playlist-edit.js';
import type { Journal } from './journal.js';

/**
 * Where the journals of unsaved moves go. The dashboard gives files on disk (src/cli, through src/journal):
 * this dashboard's own file per playlist, and the files earlier runs left. Every call is done when it returns,
 * so a move journaled before the screen shows it survives a kill.
 */
export interface JournalFiles {
  /** Puts `text` (its pieces, in order) on disk as the playlist's journal; throws when it could not (the previous one stays whole). */
  write(playlistId: string, text: readonly (string | Uint8Array)[]): void;
  /** The playlist's journal is done with (saved or discarded); throws when it could not be removed. */
  remove(playlistId: string): void;
  /**
   * The file a journal left by an earlier run was read from is done with (its moves are in this dashboard's
   * own journal now, or discarded); throws when it could not be removed.
   */
  removeLeftOver(journal: Journal): void;
}

/** A playlist edit restored from its journal, for the items pane about to open it. */
export interface ResumedEdit {
  edit: PlaylistEdit;
  /** The journal that goes on recording the edit. */
  journal: Journal;
  /** Save at once (the user chose to save), rather than after the usual idle pause. */
  saveAtOnce: boolean;
}

/**
 * The journals of one service in this dashboard: the files, the journals no pane is editing (left by an
 * earlier run, or by a playlist closed with its moves unsaved), and the edits restored from them on their
 * way to the pane that opens the playlist. A journal left by an earlier run keeps its file until this
 * dashboard's own journal holds its moves (the pane's first write) or they are discarded. No React here;
 * the services (app-services.ts) hand it down.
 */
export class UnsavedJournals {
  /** What the panes write through: this dashboard's files, and the left-over files a write takes over. */
  readonly files: JournalFiles;
  private readonly waiting = new Map<string, Journal[]>();
  private readonly restored = new Map<string, ResumedEdit>();
  /** Left-over journals restored into a pane, by playlist: their files go once the pane's own journal is written. */
  private readonly adopted = new Map<string, Journal[]>();
  private readonly writers = new Set<{ flush(): void }>();

  /**
   * @param service the service the journals belong to (the journal's `service`)
   * @param disk this dashboard's files, and the removal of the files earlier runs left
   * @param leftOver journals an earlier run left, oldest first (several may be of one playlist)
   * @param setAside one line per journal that could not be read and was set aside
   */
  constructor(
    readonly service: string,
    private readonly disk: JournalFiles,
    readonly leftOver: readonly Journal[] = [],
    readonly setAside: readonly string[] = [],
  ) {
    for (const journal of leftOver) this.wait(journal);
    this.files = {
      write: (playlistId, text) => {
        disk.write(playlistId, text);
        this.releaseAdopted(playlistId);
      },
      remove: (playlistId) => {
        disk.remove(playlistId);
        this.releaseAdopted(playlistId);
      },
      removeLeftOver: (journal) => disk.removeLeftOver(journal),
    };
  }

  /** The journal of `playlistId` that no pane is editing (the oldest, when several wait), if any. */
  waitingFor(playlistId: string): Journal | null {
    return this.waiting.get(playlistId)?.[0] ?? null;
  }

  /** A pane closed with its moves unsaved: opening the playlist again restores them. */
  shelve(journal: Journal): void {
    this.wait(journal);
  }

  /**
   * The journal's moves are thrown away: its file goes, nothing restores it. Without `journal`, the moves of
   * the playlist's pane (its own file, and any left-over it restored). Throws when a file could not be removed.
   */
  discard(playlistId: string, journal?: Journal): void {
    if (journal !== undefined && this.leftOver.includes(journal)) {
      this.disk.removeLeftOver(journal);
      this.unwait(journal);
      return;
    }
    this.files.remove(playlistId);
    if (journal !== undefined) this.unwait(journal);
  }

  /** Hands the edit restored from `journal` to the pane that opens its playlist next; `journal` no longer waits. */
  handOver(journal: Journal, resumed: ResumedEdit): void {
    this.unwait(journal);
    if (this.leftOver.includes(journal)) this.adopted.set(journal.playlistId, [...(this.adopted.get(journal.playlistId) ?? []), journal]);
    this.restored.set(journal.playlistId, resumed);
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

  private wait(journal: Journal): void {
    const queue = (this.waiting.get(journal.playlistId) ?? []).filter((waiting) => waiting !== journal);
    this.waiting.set(journal.playlistId, [...queue, journal]);
  }

  private unwait(journal: Journal): void {
    const queue = (this.waiting.get(journal.playlistId) ?? []).filter((waiting) => waiting !== journal);
    if (queue.length > 0) this.waiting.set(journal.playlistId, queue);
    else this.waiting.delete(journal.playlistId);
  }

  /** The pane's own journal now holds (or has saved) the moves of the left-over files it restored: they go. */
  private releaseAdopted(playlistId: string): void {
    const adopted = this.adopted.get(playlistId);
    if (adopted === undefined) return;
    this.adopted.delete(playlistId);
    for (const journal of adopted) {
      try {
        this.disk.removeLeftOver(journal);
      } catch {
        // Left on disk, it is offered again at the next start: its moves are a target order, saved once.
      }
    }
  }
}
