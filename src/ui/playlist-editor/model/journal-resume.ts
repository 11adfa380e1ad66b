import type { PlaylistItem } from '../../../api/types.js';
import { createArrangement, type Arrangement } from './arrangement.js';
import { createEdit } from './edit.js';
import type { PlaylistEdit } from './playlist-edit.js';
import { pushStep, rearrangeStep, type Step } from './history.js';
import { createJournal, withBaseIdentities, withOrder, type Journal } from './journal.js';
import { acknowledge, inFlightLanded } from './journal-landing.js';
import { mergeOnFresh, type FreshOrder } from './merge.js';
import { emptySparseList, withPage } from '../../state/sparse-list.js';

/** A placeholder entry that has nothing but an identity, for the merge (which compares identities only). */
function entryOf(identity: string): PlaylistItem {
  const space = identity.indexOf(' ');
  const uri = identity.slice(0, space);
  return {
    added_at: identity.slice(space + 1), added_by: null, is_local: false,
    track: uri === '' ? null : ({ type: 'track', uri } as PlaylistItem['track']),
  };
}

/** The journal's request in flight counted as acknowledged when `fresh` shows it landed; `fresh` then needs no merge. */
function settled(journal: Journal, fresh: FreshOrder | null): { journal: Journal; fresh: FreshOrder | null } {
  if (fresh === null || fresh.snapshotId === journal.snapshotId || !inFlightLanded(journal, fresh)) return { journal, fresh };
  return { journal: acknowledge(journal, journal.inFlight!, fresh.snapshotId, journal.updatedAt, fresh.identities), fresh: null };
}

const needsMerge = (journal: Journal, fresh: FreshOrder | null): fresh is FreshOrder =>
  fresh !== null && !(fresh.snapshotId === journal.snapshotId && fresh.identities.length === journal.baseLength);

/**
 * The playlist edit to resume from the journal. `fresh` is the service's order now, read by identity, or null
 * when its snapshot is still the journal's: then the order applies as it is; else the user's changes are
 * merged onto it by identity, exactly as a change made elsewhere during an edit is. No entry is loaded in the
 * result: the view loads its pages as usual.
 */
export function resumeEdit(journal: Journal, fresh: FreshOrder | null, pageSize: number): PlaylistEdit {
  const { journal: current, fresh: freshNow } = settled(journal, fresh);
  const total = current.baseLength;
  const edit = createEdit(total, current.snapshotId, pageSize);
  const touched = new Uint8Array(total);
  for (const position of current.touched) touched[position] = 1;
  const arrangement = { ...createArrangement(total), order: current.order.slice() };
  const resumed = { ...edit, arrangement, touched, added: current.added };
  if (!needsMerge(current, freshNow)) return resumed;
  let list = emptySparseList<PlaylistItem>(total);
  const positions = [...current.identities.keys()].sort((a, b) => a - b);
  for (let i = 0; i < positions.length; ) {
    let end = i + 1;
    while (end < positions.length && positions[end] === positions[end - 1]! + 1) end++;
    list = withPage(list, positions[i]!, positions.slice(i, end).map((p) => entryOf(current.identities.get(p)!)), total);
    i = end;
  }
  const merged = mergeOnFresh({ ...resumed, list }, freshNow);
  return { ...merged, list: emptySparseList(freshNow.identities.length), top: 0 };
}

/**
 * The one undo step that goes from the base as it is (`plain`, nothing changed) to `target`: the entries taken
 * out and the ones added (at the end), then everything put in its row. Null when `target` is the base.
 */
function restoreStep(plain: Arrangement, target: Int32Array): Step | null {
  const n = plain.order.length;
  const inTarget = new Uint8Array(n);
  const added: number[] = [];
  for (const ref of target) {
    if (ref < n) inTarget[ref] = 1;
    else added.push(ref);
  }
  const removedRows = plain.order.filter((position) => !inTarget[position]);
  const left = n - removedRows.length;
  const steps: Step[] = [];
  const between = [...plain.order.filter((position) => inTarget[position]), ...added];
  if (removedRows.length > 0 || added.length > 0) {
    steps.push({
      removedRows, removedRefs: removedRows.slice(), insertedRows: Int32Array.from(added, (_, i) => left + i), insertedRefs: Int32Array.from(added),
      cursorBefore: 0, markBefore: null, cursorAfter: 0, markAfter: null,
    });
  }
  const rowOf = new Map(between.map((ref, row) => [ref, row]));
  const rows = Int32Array.from(target, (ref) => rowOf.get(ref)!);
  const rearranged = rearrangeStep({ ...plain, order: Int32Array.from(between) }, rows);
  if (rearranged !== null) steps.push(rearranged);
  return steps.length === 0 ? null : steps.length === 1 ? steps[0]! : { steps };
}

/**
 * What to go on from after a restart: the edit to show, its restored changes one undo step (`u` takes them
 * back), and the journal that goes on recording it: the same one when the service is still at its snapshot
 * (a request in flight did not land), acknowledged when the request in flight landed, else one rebuilt on
 * the service's order now, every identity known.
 */
export function resumeJournal(journal: Journal, fresh: FreshOrder | null, pageSize: number): { edit: PlaylistEdit; journal: Journal } {
  const { journal: current, fresh: freshNow } = settled(journal, fresh);
  const resumed = resumeEdit(current, freshNow, pageSize);
  const plain = createArrangement(resumed.list.total);
  const step = restoreStep(plain, resumed.arrangement.order);
  const edit = { ...resumed, arrangement: step === null ? plain : { ...pushStep(plain, step), cursor: 0 } };
  if (!needsMerge(current, freshNow)) return { edit, journal: { ...current, inFlight: null } };
  const rebuilt = createJournal({ ...current, snapshotId: freshNow.snapshotId, total: freshNow.identities.length, at: current.updatedAt });
  const recorded = withOrder(
    withBaseIdentities(rebuilt, freshNow.identities), resumed.arrangement.order, resumed.touched, current.changeCount, current.updatedAt, resumed.added,
  );
  return { edit, journal: { ...recorded, acknowledged: current.acknowledged } };
}
