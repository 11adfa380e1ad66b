import type { PlaylistItem } from '../../../api/types.js';
import { entryIdentity } from './entry-identity.js';
import type { PlaylistEdit } from './playlist-edit.js';
import type { WriteRequest } from './write-plan.js';

/**
 * The journal of a playlist's unsaved changes, as data: the order the user made (moves, entries added, entries
 * taken out), relative to the last snapshot the service acknowledged, with the identities of the entries
 * known, so that after a crash the change can be saved on whatever the playlist is by then. It records a
 * target, not operations: saving it again after a request landed but was not recorded changes nothing twice.
 * Pure; the file handling is in src/journal, the request in flight's landing in journal-landing.ts, the
 * restart in journal-resume.ts.
 */
export interface Journal {
  /** The service's login key (its base URL), one journal per service and playlist. */
  readonly service: string;
  readonly playlistId: string;
  /** For the notice at the next start. */
  readonly playlistName: string;
  /** The snapshot the base is: the last one the service acknowledged; null when unknown. */
  readonly snapshotId: string | null;
  /** Entries in that snapshot (base positions 0 … baseLength − 1). */
  readonly baseLength: number;
  /**
   * Display row -> ref: a base position, or `baseLength + i` for `added[i]`. Base positions it leaves out are
   * entries the user took out.
   */
  readonly order: Int32Array;
  /** Entries added since the base: what to send (their URIs) and to draw. */
  readonly added: readonly PlaylistItem[];
  /** Base position -> `entryIdentity`, for the entries known; the others cannot be found after a change elsewhere. */
  readonly identities: ReadonlyMap<number, string>;
  /** Base positions of the entries the user moved (a merge moves those rather than the ones they displaced). */
  readonly touched: ReadonlySet<number>;
  /** Changes the user made (moves, additions, removals) that the service has not all received, for the notice. */
  readonly changeCount: number;
  /** Requests the service acknowledged since the save began, for its progress. */
  readonly acknowledged: number;
  /** The request sent and not answered yet (planned on `snapshotId`): it may have landed before a crash. */
  readonly inFlight: WriteRequest | null;
  /** Epoch ms of the last change. */
  readonly updatedAt: number;
}

/** 2: entries added and taken out, and requests of three kinds in flight; 1 (moves only) is still read. */
export const JOURNAL_VERSION = 2;

export interface JournalStart {
  service: string;
  playlistId: string;
  playlistName: string;
  snapshotId: string | null;
  total: number;
  at: number;
}

export const identityOrder = (length: number): Int32Array => Int32Array.from({ length }, (_, i) => i);

export function createJournal(start: JournalStart): Journal {
  const { service, playlistId, playlistName, snapshotId, total, at } = start;
  return {
    service, playlistId, playlistName, snapshotId, baseLength: total, order: identityOrder(total), added: [], identities: new Map(),
    touched: new Set(), changeCount: 0, acknowledged: 0, inFlight: null, updatedAt: at,
  };
}

/** The journal of a playlist edit now: its order, entries added, touched entries and the identities of its loaded entries. */
export function journalFromEdit(start: Omit<JournalStart, 'total' | 'snapshotId'>, edit: PlaylistEdit, changeCount: number): Journal {
  let journal = createJournal({ ...start, snapshotId: edit.snapshotId, total: edit.list.total });
  for (const offset of edit.list.starts) journal = withEntries(journal, offset, edit.list.pages.get(offset)!);
  return withOrder(journal, edit.arrangement.order, edit.touched, changeCount, start.at, edit.added);
}

/** The journal knowing the identities of `items` loaded at `offset` (base positions). */
export function withEntries(journal: Journal, offset: number, items: readonly PlaylistItem[]): Journal {
  const identities = new Map(journal.identities);
  items.forEach((item, index) => {
    if (offset + index < journal.baseLength) identities.set(offset + index, entryIdentity(item));
  });
  return { ...journal, identities };
}

/** The journal knowing the identity of every entry of its base at once (a merge or a save has read the whole order). */
export function withBaseIdentities(journal: Journal, identities: readonly string[]): Journal {
  if (identities.length !== journal.baseLength) throw new RangeError(`journal of ${journal.baseLength} entries given ${identities.length} identities`);
  return { ...journal, identities: new Map(identities.map((identity, position) => [position, identity])) };
}

/**
 * The journal after the user changed the order (a move, a sort, an undo, an addition, a removal). `touched`
 * flags base positions (1 for touched), or is the set of them: a caller that knows they did not change passes
 * the journal's own. `added` are the entries the order's refs past the base name (the journal's own by default).
 */
export function withOrder(
  journal: Journal, order: ArrayLike<number>, touched: ArrayLike<number> | ReadonlySet<number>, changeCount: number, at: number,
  added: readonly PlaylistItem[] = journal.added,
): Journal {
  for (let i = 0; i < order.length; i++) {
    if (!(order[i]! >= 0 && order[i]! < journal.baseLength + added.length)) throw new RangeError(`journal order names entry ${order[i]}, beyond its ${journal.baseLength} and ${added.length} added`);
  }
  let touchedSet: ReadonlySet<number>;
  if (touched instanceof Set) touchedSet = touched;
  else {
    const flags = touched as ArrayLike<number>;
    const set = new Set<number>();
    for (let position = 0; position < flags.length; position++) if (flags[position]) set.add(position);
    touchedSet = set;
  }
  return { ...journal, order: new Int32Array(order), added, touched: touchedSet, changeCount, updatedAt: at };
}

/** The journal as a request goes out: written before it is sent, so a restart knows it may have landed. */
export function withInFlight(journal: Journal, request: WriteRequest, at: number): Journal {
  return { ...journal, inFlight: request, updatedAt: at };
}

/** Whether the journal holds a change the service does not have. */
export function isPending(journal: Journal): boolean {
  if (journal.order.length !== journal.baseLength) return true;
  return journal.order.some((position, row) => position !== row);
}

/** Whether the change is moves alone (the notice then says "moves", as it always has). */
function isMovesOnly(journal: Journal): boolean {
  return journal.added.length === 0 && journal.order.length === journal.baseLength;
}

/** The notice at start: `3 unsaved moves in Silver Magpies from 19:02` (or `changes` once entries were added or taken out). */
export function journalNotice(journal: Journal, timeZone?: string): string {
  const word = isMovesOnly(journal) ? 'move' : 'change';
  const count = journal.changeCount === 1 ? `1 unsaved ${word}` : `${journal.changeCount.toLocaleString('en')} unsaved ${word}s`;
  const time = new Date(journal.updatedAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
  return `${count} in ${journal.playlistName} from ${time}`;
}
