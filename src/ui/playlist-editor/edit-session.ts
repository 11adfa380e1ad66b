import type { Api } from '../../api/api.js';
import type { SimplifiedPlaylist } from '../../api/types.js';
import { PAGE_SIZE } from '../list/page-loader.js';
import { createEditStore, type EditStore } from './edit-store.js';
import { JournalRecorder } from './journal-recorder.js';
import { createEdit } from './model/edit.js';
import { SaveLoop, type SaveResult } from './save-loop.js';
import type { ResumedEdit, UnsavedJournals } from './model/unsaved-journals.js';

export type { SaveResult };

/** Who shows a session's lines and answers its questions: the pane of the playlist, while it is open. */
export interface SessionView {
  onStatus(message: string): void;
  confirm(question: string): Promise<boolean>;
}

export interface EditSessionHost {
  api: Api;
  /** The journals of unsaved changes; null: nothing is journaled (a pane drawn alone). */
  journals: UnsavedJournals | null;
  /** Requests per 30 s a save starts at (model/save-pace.ts). */
  budget?: number;
  /** Where a session no pane shows speaks (the dashboard's notice). */
  notice(message: string): void;
  /** A session's unsaved state changed (the question on quitting reads them all). */
  changed(): void;
}

/** `3 unsaved moves restored (u takes them back)`. */
export function restoredText(changeCount: number, word: 'move' | 'change' = 'move'): string {
  return `${changeCount === 1 ? `1 unsaved ${word}` : `${changeCount.toLocaleString('en')} unsaved ${word}s`} restored (u takes them back)`;
}

/**
 * One playlist being changed: its edit outside React (the store), the journal kept in step with it, and the
 * loop that saves it. The pane of the playlist shows it while open; an addition made from elsewhere (`A` on
 * another list, `playdeck add`) goes through the same session, journaled and saved the same way, whether the
 * pane is open or not. No React here: edit-sessions.ts hands sessions out.
 */
export class EditSession {
  readonly store: EditStore;
  readonly loop: SaveLoop;
  /** The edit this session restored from a journal, or null. */
  readonly resumed: ResumedEdit | null;
  private readonly recorder: JournalRecorder | null;
  private readonly untrack: () => void;
  private readonly views: SessionView[] = [];
  private isClosed = false;
  /** Rows of the pane's list (it tells each render): a change made from elsewhere keeps the window right. */
  height = 10;

  constructor(
    private readonly host: EditSessionHost,
    readonly playlist: SimplifiedPlaylist,
  ) {
    const { journals } = host;
    this.resumed = journals?.take(playlist.id) ?? null;
    const initial = this.resumed?.edit ?? createEdit(playlist.tracks.total, playlist.snapshot_id || null, PAGE_SIZE);
    this.recorder =
      journals === null
        ? null
        : new JournalRecorder({
            journals, playlistId: playlist.id, playlistName: playlist.name, initial, resumed: this.resumed?.journal ?? null,
            // Told inside a dispatch: shown after the line the key itself shows.
            onError: (message) => queueMicrotask(() => this.say(message, true)),
          });
    this.store = createEditStore(initial, this.recorder?.observe);
    this.untrack = this.recorder === null || journals === null ? () => {} : journals.track(this.recorder);
    this.loop = new SaveLoop({
      api: host.api, playlistId: playlist.id, store: this.store, budget: host.budget, saveAtOnce: this.resumed?.saveAtOnce,
      confirm: (question) => this.views.at(-1)?.confirm(question) ?? Promise.resolve(true),
      onStatus: (message) => this.say(message),
      onUnsavedChange: () => host.changed(),
    });
  }

  /** Shows the session's lines in `view` until the returned function is called. */
  attach(view: SessionView): () => void {
    this.views.push(view);
    return () => {
      const index = this.views.indexOf(view);
      if (index >= 0) this.views.splice(index, 1);
    };
  }

  /**
   * A line for the pane's status line. With no pane open, only a problem reaches the dashboard's notice: the
   * progress of a save nobody watches is told by whoever started it (add-to-playlist.ts).
   */
  say(message: string, isProblem = false): void {
    const view = this.views.at(-1);
    if (view !== undefined) view.onStatus(message);
    else if (isProblem) this.host.notice(`${this.playlist.name}: ${message}`);
  }

  hasUnsaved(): boolean {
    return !this.isClosed && this.loop.hasUnsaved();
  }

  /** Saves now; resolves once everything is saved, or with why it could not be. */
  save(): Promise<SaveResult> {
    return this.loop.saveNow();
  }

  /** The changes are thrown away (quitting with `d`): their journal goes, nothing more is saved. */
  discard(): void {
    this.recorder?.discard();
    this.close();
  }

  /** Stops saving; changes left unsaved keep their journal, and opening the playlist again restores them. */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.loop.close();
    this.untrack();
    const left = this.recorder?.close() ?? null;
    if (left !== null) this.host.journals?.shelve(left);
    this.host.changed();
  }
}
