import type { Api } from '../../api/api.js';
import { isApiError } from '../../api/errors.js';
import type { EditStore } from './edit-store.js';
import { entryAt } from './model/edit.js';
import { itemUriOf } from './model/entry-identity.js';
import { isSameBase } from './model/edit-base.js';
import type { PlaylistEdit } from './model/playlist-edit.js';
import { applyMoves } from './model/save-plan.js';
import { estimateMs, needsConfirmation } from './model/save-pace.js';
import { addedBackText } from './model/messages.js';
import {
  countPlan, knowsEveryUri, nextAddition, nextRemoval, plannedMoves, removedPositions, requestsOf, type UriAt, type WriteRequest,
} from './model/write-plan.js';
import { sendPaced, type PaceHolder } from './paced.js';
import { agreesWithService, readFreshOrder, uriOfIdentity } from './read-fresh-order.js';

/**
 * Whole reads of the order (and retries of a request the service refused as planned on another version) in one
 * save before giving up: the playlist is being changed elsewhere faster than we can save.
 */
const MAX_READS = 5;

export interface SaveEditHost {
  api: Api;
  playlistId: string;
  store: EditStore;
  signal: AbortSignal;
  /** Request `step` of about `steps` is about to go out. */
  onStep(step: number, steps: number): void;
  /** The playlist had changed elsewhere and the view's order was merged into the service's. */
  onMerged(): void;
  /** What the plan does that the screen does not show (other copies of a URI removed and added back), once per save. */
  onPlan?(text: string): void;
  /** The pace of requests, kept across saves (model/save-pace.ts). */
  pace: PaceHolder;
  /** Asked before a save of more than 50 requests starts; false keeps the changes unsaved. */
  confirm(requests: number, estimateMs: number): Promise<boolean>;
}

/** A save the user declined at the question: the changes stay unsaved, nothing is retried by itself. */
export class SaveDeclined extends Error {
  constructor() {
    super('not saved: the changes are kept (w saves them)');
  }
}

/** The URI of every base entry the edit knows: the pages loaded, or a whole read of its snapshot (`read`). */
function urisOf(edit: PlaylistEdit, read: readonly string[] | null): UriAt {
  if (read !== null) return (position) => (read[position] === undefined ? undefined : uriOfIdentity(read[position]!));
  return (position) => itemUriOf(entryAt(edit, position));
}

/** What the service answered to an addition whose answer never came: whether it landed, by reading the playlist. */
async function additionLanded(host: SaveEditHost, request: Extract<WriteRequest, { kind: 'add' }>, sentOn: string, n: number): Promise<string | null> {
  const { api, playlistId, signal } = host;
  const snapshot = await api.getPlaylistSnapshot(playlistId, { signal });
  if (snapshot === sentOn) return null;
  const fresh = await readFreshOrder(api, playlistId, snapshot, signal);
  const at = request.change.inserted!.at;
  const landed = fresh !== null && fresh.identities.length === n + request.uris.length &&
    request.uris.every((uri, index) => uriOfIdentity(fresh.identities[at + index] ?? '') === uri);
  return landed ? snapshot : null;
}

/** How a run of requests ended: everything sent, or stopped so that the base is settled first (a change elsewhere). */
type Sent = 'done' | 'settle';

/**
 * Sends what the edit changed, on the base as it is: the removals (after reading every entry's URI when the
 * pages loaded do not tell them all), the fewest moves, the additions (model/write-plan.ts). Every landed
 * request renumbers the base at once, so a failure part way leaves an exact picture of what the service has.
 * It stops for the base to be settled (decisions §17) once an answer names a version someone else wrote too,
 * and before a removal or an addition after the first request when the playlist's snapshot moved meanwhile: a
 * removal names items and an addition a position of the version it lands on, so neither goes on a guess.
 */
async function sendChanges(host: SaveEditHost, base: string, read: readonly string[] | null): Promise<Sent> {
  const { api, playlistId, store, signal } = host;
  let known = read;
  let snapshot = base;
  const count = requestsOf(countPlan(store.getState(), urisOf(store.getState(), known)));
  let sentCount = 0;
  const isLong = needsConfirmation(count);
  const send = async <T,>(request: WriteRequest, run: (sentOn: string) => Promise<T>): Promise<T> => {
    // Journaled before it goes, or not sent: a restart must know it may have landed.
    const refusal = store.dispatch({ type: 'writeStarted', request });
    if (refusal !== null) throw new Error(refusal);
    host.onStep(++sentCount, Math.max(count, sentCount));
    const sentOn = snapshot;
    const wasUnsure = store.getState().isBaseUnsure;
    try {
      return await sendPaced(host.pace, isLong, signal, () => run(sentOn));
    } catch (error) {
      // Positions out of bounds: planned on a base the service does not have (an opaque answer's reckoning, or
      // another writer's change in the moment since the check). Settled and planned again, not given up.
      if (isApiError(error) && error.status === 400 && (wasUnsure || (await api.getPlaylistSnapshot(playlistId, { signal })) !== sentOn)) {
        throw Object.assign(new Error('the playlist changed as a request went out'), { retry: true });
      }
      throw error;
    }
  };
  /** A conditional read (a 304 while nothing changed) before a removal or an addition that is not the save's first request. */
  const isStillAt = async (): Promise<boolean> => sentCount === 0 || (await api.getPlaylistSnapshot(playlistId, { signal })) === snapshot;
  // A base someone else also wrote is read and merged, and one an opaque answer labels is verified, before
  // anything more is planned on it: the next request's positions would be those of a version reckoned here.
  const needsSettling = (): boolean => store.getState().isBaseStale || store.getState().isBaseUnsure;
  while (removedPositions(store.getState()).length > 0) {
    if (known === null && !knowsEveryUri(store.getState(), urisOf(store.getState(), null))) {
      const fresh = await readFreshOrder(api, playlistId, snapshot, signal, host.pace, store.getState().list.total);
      if (fresh === null) throw Object.assign(new Error('the playlist changed while its entries were read'), { retry: true });
      known = fresh.identities;
      store.dispatch({ type: 'identities', identities: known });
    }
    const uriAt = urisOf(store.getState(), known);
    if (sentCount === 0) {
      const plan = countPlan(store.getState(), uriAt);
      if (isLong && !(await host.confirm(count, estimateMs(host.pace.current, count)))) throw new SaveDeclined();
      if (plan.addedBack > 0) host.onPlan?.(addedBackText(plan.addedBack));
    }
    if (!(await isStillAt())) return 'settle';
    // Put back meanwhile (an undo during the check): nothing of it to remove any more.
    const request = nextRemoval(store.getState(), urisOf(store.getState(), known));
    if (request === null) continue;
    snapshot = await send(request, (sentOn) => api.removePlaylistItems(playlistId, request.uris, sentOn, { signal }));
    store.dispatch({ type: 'written', change: request.change, snapshotId: snapshot, at: new Date().toISOString() });
    if (known !== null) {
      const gone = new Set(request.change.removed.map(({ position }) => position));
      known = known.filter((_, position) => !gone.has(position));
    }
    if (needsSettling()) return 'settle';
  }
  if (sentCount === 0 && isLong && !(await host.confirm(count, estimateMs(host.pace.current, count)))) throw new SaveDeclined();
  const moves = plannedMoves(store.getState());
  if (moves === null) return sendChanges(host, snapshot, known); // taken out meanwhile: remove those first
  const saved = Array.from(store.getState().arrangement.savedOrder);
  for (const move of moves) {
    snapshot = await send({ kind: 'move', move }, (sentOn) => api.reorderPlaylistItems(playlistId, { ...move, snapshotId: sentOn }, { signal }));
    store.dispatch({ type: 'saved', order: applyMoves(saved, [move]), snapshotId: snapshot });
    if (needsSettling()) return 'settle';
  }
  while (nextAddition(store.getState(), uriOfRef(store)) !== null) {
    if (!(await isStillAt())) return 'settle';
    // Planned after the check: the order may have changed during it (an undo, another addition).
    const request = nextAddition(store.getState(), uriOfRef(store));
    if (request === null) break;
    const n = store.getState().list.total;
    const { at } = request.change.inserted!;
    const adding = request;
    try {
      snapshot = await send(adding, () => api.addPlaylistItems(playlistId, adding.uris, at, { signal }));
    } catch (error) {
      if ((error as { retry?: boolean }).retry === true) throw error;
      // An addition is never sent twice: one whose answer was lost is looked for on the service first.
      if (!isApiError(error) || (error.status !== undefined && error.status < 500)) throw error;
      const landed = await additionLanded(host, adding, snapshot, n).catch(() => null);
      if (landed === null) throw error;
      snapshot = landed;
    }
    store.dispatch({ type: 'written', change: adding.change, snapshotId: snapshot, at: new Date().toISOString() });
    if (needsSettling()) return 'settle';
  }
  return 'done';
}

const uriOfRef = (store: EditStore) => (ref: number): string => itemUriOf(entryAt(store.getState(), ref)) ?? '';

/** How a round of a save begins: whole reads of the order made so far (a save gives up after MAX_READS). */
interface Rounds {
  reads: number;
}

/**
 * Brings the base to a version the service holds (decisions §17). An opaque answer's reckoning is verified by
 * reading what the screen shows (the reads checked against the snapshot after them); otherwise the snapshot is
 * read: nothing more to do when it is the base's, else the order is read by identity and the edit merged onto
 * it (the same entries: taken as they are). Resolves to the base's snapshot and the identities read (null when
 * none were), or 'again' when the playlist changed under the reads.
 */
async function settleBase(host: SaveEditHost, rounds: Rounds): Promise<{ snapshot: string; read: readonly string[] | null } | 'again'> {
  const { api, playlistId, store, signal } = host;
  const state = store.getState();
  if (state.isBaseUnsure && !state.isBaseStale && state.snapshotId !== null) {
    const label = state.snapshotId;
    if (await agreesWithService(api, playlistId, state, label, signal)) {
      // Renumbered meanwhile (a merge by the watch): what was verified is not the base any more.
      if (store.getState().generation !== state.generation) return 'again';
      store.dispatch({ type: 'snapshot', snapshotId: label });
      return { snapshot: label, read: null };
    }
  }
  const current = await api.getPlaylistSnapshot(playlistId, { signal });
  const now = store.getState();
  if (current === now.snapshotId && !now.isBaseStale && !now.isBaseUnsure) return { snapshot: current, read: null };
  if (++rounds.reads > MAX_READS) throw new Error('the playlist keeps changing elsewhere');
  const fresh = await readFreshOrder(api, playlistId, current, signal, host.pace, now.list.total);
  if (fresh === null) return 'again';
  if (isSameBase(store.getState(), fresh)) store.dispatch({ type: 'snapshot', snapshotId: fresh.snapshotId });
  else {
    store.dispatch({ type: 'merge', fresh });
    host.onMerged();
  }
  return { snapshot: fresh.snapshotId, read: fresh.identities };
}

/**
 * Saves the edit: reads the playlist's snapshot; if it moved since our base, merges first (the entries we
 * changed, by identity, onto the fresh order); then sends the removals, the fewest range moves and the
 * additions, each on the snapshot the one before returned. It resolves only once the service is known to hold
 * the order shown (an answer that cannot vouch for it is verified before anything is planned on it, one that
 * names others' writes too is merged), so "saved" is never said of an order the service did not hold. Rejects
 * with the request's error.
 */
export async function saveEdit(host: SaveEditHost): Promise<void> {
  const { store } = host;
  const rounds: Rounds = { reads: 0 };
  /** Everything was sent; what is left is to settle the base it landed on. Changes made meanwhile wait for the next save. */
  let isSent = false;
  for (let retries = 0; ; ) {
    const settled = await settleBase(host, rounds);
    if (settled === 'again') continue;
    if (isSent) return;
    try {
      const sent = await sendChanges(host, store.getState().snapshotId ?? settled.snapshot, settled.read);
      const after = store.getState();
      if (sent === 'done' && !after.isBaseStale && !after.isBaseUnsure) return;
      isSent = sent === 'done';
    } catch (error) {
      store.dispatch({ type: 'writeFailed' });
      // Our snapshot is too old for the service, or it changed under a read: next round merges on fresh data.
      const isStale = (isApiError(error) && error.kind === 'conflict') || (error as { retry?: boolean }).retry === true;
      if (isStale && ++retries < MAX_READS) continue;
      throw error;
    }
  }
}
