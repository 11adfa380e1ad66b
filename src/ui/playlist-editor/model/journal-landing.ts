import type { PlaylistItem } from '../../../api/types.js';
import { stubItem } from './entry-identity.js';
import { identityOrder, type Journal } from './journal.js';
import type { FreshOrder } from './merge.js';
import { applyMoves } from './save-plan.js';
import type { WriteRequest } from './write-plan.js';

/**
 * A request of the journal's save landing: acknowledged (its base becomes the service's, so the same request
 * is never sent again), or found landed at a restart although its answer never came.
 */

/** Where each base position of the journal goes once `request` landed (-1: no longer in the base), and the new base's size. */
function newPositions(journal: Journal, request: WriteRequest): { newPosition: Int32Array; length: number } {
  const n = journal.baseLength;
  if (request.kind === 'move') {
    const newPosition = new Int32Array(n);
    applyMoves(identityOrder(n), [request.move]).forEach((old, position) => (newPosition[old] = position));
    return { newPosition, length: n };
  }
  const gone = new Set(request.change.removed.map(({ position }) => position));
  const inserted = request.change.inserted;
  const k = inserted?.refs.length ?? 0;
  const newPosition = new Int32Array(n).fill(-1);
  for (let position = 0, next = 0; position < n; position++) {
    if (gone.has(position)) continue;
    newPosition[position] = inserted !== null && next >= inserted.at ? next + k : next;
    next++;
  }
  return { newPosition, length: n - gone.size + k };
}

/**
 * The journal after the service acknowledged `request` (planned on the journal's base) with `snapshotId`:
 * positions renumbered; the entries it added become base entries (their identities from `identities`, the
 * service's order then, when known); an entry the service no longer has that the order keeps (another copy of
 * a URI removed) becomes an entry to add, dated `at`.
 */
export function acknowledge(journal: Journal, request: WriteRequest, snapshotId: string | null, at: number, identities?: readonly string[]): Journal {
  const n = journal.baseLength;
  const { newPosition, length } = newPositions(journal, request);
  const refOf = new Int32Array(n + journal.added.length).fill(-1);
  refOf.set(newPosition);
  const inserted = request.kind === 'add' ? request.change.inserted : null;
  inserted?.refs.forEach((ref, index) => (refOf[ref] = inserted.at + index));
  const uriOfGone = new Map(request.kind === 'remove' ? request.change.removed.map(({ position, uri }) => [position, uri]) : []);
  const added: PlaylistItem[] = [];
  const date = new Date(at).toISOString();
  for (const ref of journal.order) {
    if (refOf[ref] !== -1) continue;
    refOf[ref] = length + added.length;
    added.push(ref >= n ? journal.added[ref - n]! : stubItem(uriOfGone.get(ref) ?? journal.identities.get(ref)?.split(' ')[0] ?? '', date));
  }
  const known = new Map<number, string>();
  for (const [position, identity] of journal.identities) if (newPosition[position]! >= 0) known.set(newPosition[position]!, identity);
  if (inserted !== null && identities !== undefined) {
    for (let position = inserted.at; position < inserted.at + inserted.refs.length; position++) known.set(position, identities[position]!);
  }
  const touched = new Set<number>();
  for (const position of journal.touched) if (newPosition[position]! >= 0) touched.add(newPosition[position]!);
  return {
    ...journal, snapshotId, baseLength: length, order: journal.order.map((ref) => refOf[ref]!), added, identities: known, touched,
    acknowledged: journal.acknowledged + 1, inFlight: null, updatedAt: at,
  };
}

/**
 * Whether `fresh` (a snapshot other than the journal's) is the journal's base after its request in flight:
 * that request landed. Every entry whose identity is known must stand where the request put it, and an
 * addition's entries must be of its URIs, where it put them. With every identity known that is exact; with
 * some unknown, the known ones decide, and when none of them tells the request counts as landed: it was sent,
 * and the snapshot moved. Only then can positions be renumbered: merging by identity cannot place entries
 * whose identity is unknown (and would add an addition that landed a second time).
 */
export function inFlightLanded(journal: Journal, fresh: FreshOrder): boolean {
  const request = journal.inFlight;
  if (request === null) return false;
  const { newPosition, length } = newPositions(journal, request);
  if (fresh.identities.length !== length) return false;
  for (const [position, identity] of journal.identities) {
    if (newPosition[position]! >= 0 && identity !== fresh.identities[newPosition[position]!]) return false;
  }
  if (request.kind !== 'add') return true;
  const { at } = request.change.inserted!;
  return request.uris.every((uri, index) => fresh.identities[at + index]?.startsWith(`${uri} `) === true);
}
