import type { PlaylistItem } from '../../../api/types.js';
import { entryIdentity } from './entry-identity.js';
import { createEdit, type PlaylistEdit } from './edit.js';
import { mergeOnFresh, type FreshOrder } from './merge.js';
import { createArrangement } from './arrangement.js';
import { rearrangeStep, pushStep } from './history.js';
import { applyMoves, type RangeMove } from './save-plan.js';
import { emptySparseList, withPage } from '../../state/sparse-list.js';

/**
 * The journal of a playlist's unsaved moves, as data: the order the user made, relative to the last snapshot the
 * service acknowledged, with the identities of the entries known, so that after a crash the change can be
 * saved on whatever the playlist is by then. It records a target order, not operations: saving it again after
 * a request landed but was not recorded moves nothing twice. Pure; the file handling is in src/journal.
 */
export interface Journal {
  /** The service's login key (its base URL), one journal per service and playlist. */
  readonly service: string;
  readonly playlistId: string;
  /** For the notice at the next start. */
  readonly playlistName: string;
  /** The snapshot `order` is relative to: the last one the service acknowledged; null when unknown. */
  readonly snapshotId: string | null;
  /** Display row -> base position, over the `order.length` entries of that snapshot. */
  readonly order: Int32Array;
  /** Base position -> `entryIdentity`, for the entries known; the others cannot be found after a change elsewhere. */
  readonly identities: ReadonlyMap<number, string>;
  /** Base positions of the entries the user moved (a merge moves those rather than the ones they displaced). */
  readonly touched: ReadonlySet<number>;
  /** Moves the user made that the service has not all received, for the notice ("3 unsaved moves"). */
  readonly moveCount: number;
  /** Requests the service acknowledged since the save began, for its progress. */
  readonly acknowledged: number;
  /** The request sent and not answered yet (planned on `snapshotId`): it may have landed before a crash. */
  readonly inFlight: RangeMove | null;
  /** Epoch ms of the last change. */
  readonly updatedAt: number;
}

export const JOURNAL_VERSION = 1;

export interface JournalStart {
  service: string;
  playlistId: string;
  playlistName: string;
  snapshotId: string | null;
  total: number;
  at: number;
}

const identityOrder = (length: number): Int32Array => Int32Array.from({ length }, (_, i) => i);

export function createJournal(start: JournalStart): Journal {
  const { service, playlistId, playlistName, snapshotId, total, at } = start;
  return {
    service, playlistId, playlistName, snapshotId, order: identityOrder(total), identities: new Map(), touched: new Set(),
    moveCount: 0, acknowledged: 0, inFlight: null, updatedAt: at,
  };
}

/** The journal of a playlist edit now: its order, touched entries and the identities of its loaded entries. */
export function journalFromEdit(start: Omit<JournalStart, 'total' | 'snapshotId'>, edit: PlaylistEdit, moveCount: number): Journal {
  let journal = createJournal({ ...start, snapshotId: edit.snapshotId, total: edit.arrangement.order.length });
  for (const offset of edit.list.starts) journal = withEntries(journal, offset, edit.list.pages.get(offset)!);
  return withOrder(journal, edit.arrangement.order, edit.touched, moveCount, start.at);
}

/** The journal knowing the identities of `items` loaded at `offset` (base positions). */
export function withEntries(journal: Journal, offset: number, items: readonly PlaylistItem[]): Journal {
  const identities = new Map(journal.identities);
  items.forEach((item, index) => {
    if (offset + index < journal.order.length) identities.set(offset + index, entryIdentity(item));
  });
  return { ...journal, identities };
}

/** The journal knowing the identity of every entry of its base at once (a merge has read the whole order). */
export function withBaseIdentities(journal: Journal, identities: readonly string[]): Journal {
  if (identities.length !== journal.order.length) throw new RangeError(`journal of ${journal.order.length} entries given ${identities.length} identities`);
  return { ...journal, identities: new Map(identities.map((identity, position) => [position, identity])) };
}

/**
 * The journal after the user changed the order (a move, a sort, an undo). `touched` flags base positions
 * (1 for touched), or is the set of them: a caller that knows they did not change passes the journal's own.
 */
export function withOrder(
  journal: Journal, order: ArrayLike<number>, touched: ArrayLike<number> | ReadonlySet<number>, moveCount: number, at: number,
): Journal {
  if (order.length !== journal.order.length) throw new RangeError(`journal of ${journal.order.length} entries given an order of ${order.length}`);
  let touchedSet: ReadonlySet<number>;
  if (touched instanceof Set) touchedSet = touched;
  else {
    const flags = touched as ArrayLike<number>;
    const set = new Set<number>();
    for (let position = 0; position < flags.length; position++) if (flags[position]) set.add(position);
    touchedSet = set;
  }
  return { ...journal, order: new Int32Array(order), touched: touchedSet, moveCount, updatedAt: at };
}

/**
 * The journal after the service acknowledged `move` (planned on the journal's base) with `snapshotId`: the
 * base becomes the service's order, so the same move is never sent again, and positions are renumbered.
 */
export function acknowledge(journal: Journal, move: RangeMove, snapshotId: string, at: number): Journal {
  const length = journal.order.length;
  const newBase = applyMoves(identityOrder(length), [move]);
  const newPosition = new Int32Array(length);
  newBase.forEach((oldPosition, position) => (newPosition[oldPosition] = position));
  const identities = new Map<number, string>();
  for (const [position, identity] of journal.identities) identities.set(newPosition[position]!, identity);
  const touched = new Set<number>();
  for (const position of journal.touched) touched.add(newPosition[position]!);
  const order = journal.order.map((position) => newPosition[position]!);
  return { ...journal, snapshotId, order, identities, touched, acknowledged: journal.acknowledged + 1, inFlight: null, updatedAt: at };
}

/** The journal as a request goes out: written before it is sent, so a restart knows it may have landed. */
export function withInFlight(journal: Journal, move: RangeMove, at: number): Journal {
  return { ...journal, inFlight: { ...move }, updatedAt: at };
}

/**
 * Whether `fresh` (a snapshot other than the journal's) is the journal's base after its request in flight:
 * that request landed. Every entry whose identity is known must stand where the move put it. With every
 * identity known that is exact; with some unknown, the known ones decide, and when none of them tells
 * (the move shifted only unknown entries) the request counts as landed: it was sent, and the snapshot moved.
 * Only then can positions be renumbered: merging by identity cannot place entries whose identity is unknown.
 */
function inFlightLanded(journal: Journal, fresh: FreshOrder): boolean {
  const total = journal.order.length;
  if (journal.inFlight === null || fresh.identities.length !== total) return false;
  const moved = applyMoves(identityOrder(total), [journal.inFlight]);
  for (let position = 0; position < total; position++) {
    const identity = journal.identities.get(moved[position]!);
    if (identity !== undefined && identity !== fresh.identities[position]) return false;
  }
  return true;
}

/** Whether the journal holds a change the service does not have. */
export function isPending(journal: Journal): boolean {
  return journal.order.some((position, row) => position !== row);
}

/** The notice at start: `3 unsaved moves in Silver Magpies from 19:02`. */
export function journalNotice(journal: Journal, timeZone?: string): string {
  const moves = journal.moveCount === 1 ? '1 unsaved move' : `${journal.moveCount.toLocaleString('en')} unsaved moves`;
  const time = new Date(journal.updatedAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
  return `${moves} in ${journal.playlistName} from ${time}`;
}

/** A placeholder entry that has nothing but an identity, for the merge (which compares identities only). */
function entryOf(identity: string): PlaylistItem {
  const space = identity.indexOf(' ');
  const uri = identity.slice(0, space);
  return {
    added_at: identity.slice(space + 1), added_by: null, is_local: false,
    track: uri === '' ? null : ({ type: 'track', uri } as PlaylistItem['track']),
  };
}

/**
 * The playlist edit to resume from the journal. `fresh` is the service's order now, read by identity, or null
 * when its snapshot is still the journal's: then the order applies as it is; else the user's moves are merged
 * onto it by identity, exactly as a change made elsewhere during an edit is. No entry is loaded in the result:
 * the view loads its pages as usual.
 */
export function resumeEdit(journal: Journal, fresh: FreshOrder | null, pageSize: number): PlaylistEdit {
  if (fresh !== null && fresh.snapshotId !== journal.snapshotId && inFlightLanded(journal, fresh)) {
    // The request in flight landed and nothing else changed: it counts as acknowledged, nothing is merged.
    return resumeEdit(acknowledge(journal, journal.inFlight!, fresh.snapshotId, journal.updatedAt), null, pageSize);
  }
  const total = journal.order.length;
  const edit = createEdit(total, journal.snapshotId, pageSize);
  const touched = new Uint8Array(total);
  for (const position of journal.touched) touched[position] = 1;
  const arrangement = { ...createArrangement(total), order: journal.order.slice() };
  if (fresh === null || (fresh.snapshotId === journal.snapshotId && fresh.identities.length === total)) {
    return { ...edit, arrangement, touched };
  }
  let list = emptySparseList<PlaylistItem>(total);
  const positions = [...journal.identities.keys()].sort((a, b) => a - b);
  for (let i = 0; i < positions.length; ) {
    let end = i + 1;
    while (end < positions.length && positions[end] === positions[end - 1]! + 1) end++;
    list = withPage(list, positions[i]!, positions.slice(i, end).map((p) => entryOf(journal.identities.get(p)!)), total);
    i = end;
  }
  const merged = mergeOnFresh({ ...edit, arrangement, touched, list }, fresh);
  return { ...merged, list: emptySparseList(fresh.identities.length), top: 0 };
}

/**
 * What to go on from after a restart: the edit to show, its restored moves one undo step (`u` takes them
 * back), and the journal that goes on recording it: the same one when the service is still at its snapshot
 * (a request in flight did not land), acknowledged when the request in flight landed, else one rebuilt on
 * the service's order now, every identity known.
 */
export function resumeJournal(journal: Journal, fresh: FreshOrder | null, pageSize: number): { edit: PlaylistEdit; journal: Journal } {
  let current = journal;
  let freshNow = fresh;
  if (fresh !== null && fresh.snapshotId !== journal.snapshotId && inFlightLanded(journal, fresh)) {
    current = acknowledge(journal, journal.inFlight!, fresh.snapshotId, journal.updatedAt);
    freshNow = null;
  }
  const resumed = resumeEdit(current, freshNow, pageSize);
  const plain = { ...createArrangement(resumed.arrangement.order.length) };
  const step = rearrangeStep(plain, resumed.arrangement.order);
  const edit = { ...resumed, arrangement: step === null ? plain : { ...pushStep(plain, step), cursor: 0 } };
  // As resumeEdit decides: the service still at the journal's snapshot, or merged onto its order now.
  if (freshNow === null || (freshNow.snapshotId === current.snapshotId && freshNow.identities.length === current.order.length)) {
    return { edit, journal: { ...current, inFlight: null } };
  }
  const rebuilt = createJournal({ ...current, snapshotId: freshNow.snapshotId, total: freshNow.identities.length, at: current.updatedAt });
  const recorded = withOrder(withBaseIdentities(rebuilt, freshNow.identities), resumed.arrangement.order, resumed.touched, current.moveCount, current.updatedAt);
  return { edit, journal: { ...recorded, acknowledged: current.acknowledged } };
}
