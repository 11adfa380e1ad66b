import { dirname } from 'node:path';
import type { PlaylistEdit } from './model/playlist-edit.js';
import { acknowledge } from './model/journal-landing.js';
import {
  createJournal,
  isPending,
  journalFromEdit,
  withBaseIdentities,
  withEntries,
  withInFlight,
  withOrder,
  type Journal,
} from './model/journal.js';
import { journalChunks } from './model/journal-format.js';
import type { UnsavedJournals } from './model/unsaved-journals.js';
import type { StoreAction } from './edit-store.js';

export interface JournalRecorderOptions {
  journals: UnsavedJournals;
  playlistId: string;
  playlistName: string;
  /** The store's first state. */
  initial: PlaylistEdit;
  /** The journal `initial` was restored from (resumeJournal), or null for an edit that starts clean. */
  resumed: Journal | null;
  /** Why the journal could not be written or removed, for the status line. */
  onError(message: string): void;
  now?: () => number;
}

function sameFlags(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Identities learned from pages wait this long to be written with unsaved moves: pages come in bursts. */
export const IDENTITIES_WRITE_MS = 1_000;

/**
 * Keeps a playlist edit's journal (model/journal.ts) in step with its store, told of every change inside
 * `dispatch` before the screen hears of it: a move (a step, a sort, an undo) is written at once; the request
 * a save sends is written before it goes out and its answer after; a merge rebases the journal on the
 * service's order. Once nothing is pending, the file goes. Pages only teach identities: written a little
 * later, and only while something is pending.
 */
export class JournalRecorder {
  private journal: Journal;
  private isOnDisk: boolean;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isClosed = false;
  private readonly now: () => number;

  constructor(private readonly options: JournalRecorderOptions) {
    this.now = options.now ?? Date.now;
    const { journals, playlistId, playlistName, initial, resumed } = options;
    this.isOnDisk = resumed !== null;
    this.journal =
      resumed ??
      createJournal({
        service: journals.service, playlistId, playlistName, snapshotId: initial.snapshotId, total: initial.arrangement.order.length, at: this.now(),
      });
    // A restored journal is rewritten as the edit goes on from it (merged, or its request in flight settled).
    if (resumed !== null) this.write();
  }

  /**
   * The store's observer. A change of the user's, or a request about to go out, that cannot be written is
   * refused (its reason returned): the screen never shows what a kill would lose, and nothing goes out that a
   * restart could not recognise as sent (decisions §17). What the service did is recorded as best it can be.
   */
  readonly observe = (before: PlaylistEdit, after: PlaylistEdit, action: StoreAction): string | void => {
    if (this.isClosed) return;
    switch (action.type) {
      case 'arrange':
      case 'step':
      case 'insert':
      case 'remove':
        if (after.arrangement.order === before.arrangement.order || after.generation !== before.generation) return;
        // Moving entries already touched (any move after a sort) leaves the set as it is: not built again.
        return this.keepOrRefuse(
          withOrder(
            this.journal, after.arrangement.order, sameFlags(after.touched, before.touched) ? this.journal.touched : after.touched,
            this.journal.changeCount + 1, this.now(), after.added,
          ),
          'not changed',
        );
      case 'page':
        if (after.generation !== before.generation) {
          // The playlist changed size with nothing unsaved: the edit started afresh.
          this.journal = this.fresh(after);
          this.learn(action.offset, action.items);
        } else if (after.list !== before.list) this.learn(action.offset, action.items);
        return;
      case 'known':
        return this.learn(action.offset, action.items);
      case 'snapshot':
        this.journal = { ...this.journal, snapshotId: action.snapshotId };
        return this.write();
      case 'identities':
        this.journal = withBaseIdentities(this.journal, action.identities);
        return;
      case 'writeStarted':
        if (action.request === undefined) return;
        return this.keepOrRefuse(withInFlight(this.journal, action.request, this.now()), 'not sent');
      case 'saved':
      case 'written': {
        // A base the answer does not vouch for is no snapshot's: a restart reads the playlist and merges.
        const snapshotId = after.isBaseStale || after.isBaseUnsure ? null : action.snapshotId;
        this.journal =
          this.journal.inFlight === null
            ? { ...journalFromEdit(this.start(), after, this.journal.changeCount), snapshotId, acknowledged: this.journal.acknowledged + 1 }
            : acknowledge(this.journal, this.journal.inFlight, snapshotId, this.now());
        return this.write();
      }
      case 'merge': {
        const rebased = withBaseIdentities(this.fresh(after), action.fresh.identities);
        this.journal = {
          ...withOrder(rebased, after.arrangement.order, after.touched, this.journal.changeCount, this.now(), after.added),
          acknowledged: this.journal.acknowledged,
        };
        return this.write();
      }
      case 'cursor':
      case 'cursorTo':
      case 'filteredCursor':
      case 'filteredCursorTo':
      case 'filterChanged':
      case 'forgetFarPages':
      case 'writeFailed':
        return; // Nothing the journal keeps: the view moved, pages were let go, or a request failed (tried again).
    }
  };

  /** Writes now what waits to be written (identities learned since the last write). */
  flush(): void {
    if (!this.isClosed && this.timer !== undefined) this.write();
  }

  /** Writes what waits, and records no more; the journal when moves are still unsaved, else null. */
  close(): Journal | null {
    if (this.isClosed) return null;
    this.flush();
    this.isClosed = true;
    return isPending(this.journal) ? this.journal : null;
  }

  /** The moves are thrown away (the user discarded them on quitting): the file goes, nothing more is written. */
  discard(): void {
    this.isClosed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    try {
      this.options.journals.discard(this.options.playlistId);
    } catch (error) {
      this.options.onError(`unsaved changes not discarded: ${(error as Error).message}`);
    }
  }

  private start() {
    const { journals, playlistId, playlistName } = this.options;
    return { service: journals.service, playlistId, playlistName, at: this.now() };
  }

  private fresh(state: PlaylistEdit): Journal {
    return createJournal({ ...this.start(), snapshotId: state.snapshotId, total: state.list.total });
  }

  private learn(offset: number, items: Parameters<typeof withEntries>[2]): void {
    this.journal = withEntries(this.journal, offset, items);
    if (this.timer === undefined && isPending(this.journal)) {
      this.timer = setTimeout(() => this.isClosed || this.write(), IDENTITIES_WRITE_MS);
    }
  }

  /** `next` becomes the journal once it is on disk; else the journal stays as it was and the change is refused. */
  private keepOrRefuse(next: Journal, refused: string): string | undefined {
    const before = { journal: this.journal, isOnDisk: this.isOnDisk };
    this.journal = next;
    try {
      this.store();
      return undefined;
    } catch (error) {
      this.journal = before.journal;
      this.isOnDisk = before.isOnDisk;
      return `${refused}: ${whyNotWritten(error)}`;
    }
  }

  /** The journal on disk when something is pending, else no file; a failure is told, not thrown. */
  private write(): void {
    try {
      this.store();
    } catch (error) {
      this.options.onError(`unsaved changes not written to disk: ${whyNotWritten(error)}`);
    }
  }

  /** The journal on disk when something is pending, else no file; throws when it could not be. */
  private store(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const { journals, playlistId } = this.options;
    if (isPending(this.journal)) {
      journals.files.write(playlistId, journalChunks(this.journal));
      this.isOnDisk = true;
      return;
    }
    if (this.isOnDisk) journals.files.remove(playlistId);
    this.isOnDisk = false;
    this.journal = { ...this.journal, changeCount: 0, inFlight: null };
  }
}

const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the disk is read-only',
  EACCES: 'the journal folder may not be written',
  EPERM: 'the journal folder may not be written',
  EFBIG: 'the file would be larger than this system allows',
  EIO: 'the disk failed to write',
};

/** Why a journal could not be written, in words, with where: `the disk is full (~/.local/state/…/journal)`. */
function whyNotWritten(error: unknown): string {
  const { code, message, path } = error as NodeJS.ErrnoException;
  const reason = code === undefined ? undefined : REASONS[code];
  if (reason === undefined) return message;
  return path === undefined ? reason : `${reason} (${dirname(path)})`;
}
