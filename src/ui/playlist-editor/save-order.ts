import type { Api } from '../../api/api.js';
import { isApiError } from '../../api/errors.js';
import { entryIdentity } from './model/entry-identity.js';
import type { FreshOrder } from './model/merge.js';
import { applyMoves, planMoves } from './model/save-plan.js';
import { answered, estimateMs, needsConfirmation, nextSendAt, rateLimited, sent, type Pace } from './model/save-pace.js';
import type { EditStore } from './edit-store.js';

/** The most entries one Get Playlist Items request returns. */
const IDENTITY_PAGE = 100;
/** Only what tells entries apart: the item (under either name the service may use) and when it was added. */
const IDENTITY_FIELDS = 'items(added_at,track(uri),item(uri)),total';
/** Merges in a row before giving up: the playlist is being changed elsewhere faster than we can save. */
const MAX_ROUNDS = 3;

export interface SaveOrderHost {
  api: Api;
  playlistId: string;
  store: EditStore;
  signal: AbortSignal;
  /** Request `step` of `steps` is about to go out. */
  onStep(step: number, steps: number): void;
  /** The playlist had changed elsewhere and the view's order was merged into the service's. */
  onMerged(): void;
  /** The pace of reorder requests, kept across saves (save-pace.ts). */
  pace: { current: Pace };
  /** Asked before a save of more than 50 requests starts; false keeps the moves unsaved. */
  confirm(requests: number, estimateMs: number): Promise<boolean>;
}

/** A save the user declined at the question: the moves stay unsaved, nothing is retried by itself. */
export class SaveDeclined extends Error {
  constructor() {
    super('not saved: the moves are kept (w saves them)');
  }
}

/** Resolves at `at` (epoch ms), or rejects when `signal` aborts. */
function waitUntil(at: number, signal: AbortSignal): Promise<void> {
  const ms = at - Date.now();
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
  });
}

/**
 * One reorder request on the pace: spaced out when `isSpaced` (a long save), and after a 429 sent again once
 * the service's wait is over. A short save goes at once, as a few moves always have: it fits any budget.
 */
async function sendPaced(host: SaveOrderHost, isSpaced: boolean, send: () => Promise<string>): Promise<string> {
  const { pace, signal } = host;
  for (;;) {
    const now = Date.now();
    await waitUntil(isSpaced ? nextSendAt(pace.current, now) : Math.max(now, pace.current.blockedUntil), signal);
    pace.current = sent(pace.current, Date.now());
    try {
      const snapshot = await send();
      pace.current = answered(pace.current);
      return snapshot;
    } catch (error) {
      if (!(isApiError(error) && error.kind === 'rate-limited')) throw error;
      pace.current = rateLimited(pace.current, Date.now(), error.details.retryAfterMs);
    }
  }
}

/**
 * The service's order now, read with identities only and checked against the snapshot on both sides of the
 * reads; null when it changed meanwhile (read it again).
 */
export async function readFreshOrder(api: Api, playlistId: string, snapshotId: string, signal: AbortSignal): Promise<FreshOrder | null> {
  const identities: string[] = [];
  let total = 1;
  while (identities.length < total) {
    const page = await api.getPlaylistItems(
      playlistId,
      { offset: identities.length, limit: IDENTITY_PAGE, fields: IDENTITY_FIELDS },
      { signal },
    );
    total = page.total;
    if (page.items.length === 0) break;
    for (const item of page.items) identities.push(entryIdentity(item));
  }
  const after = await api.getPlaylistSnapshot(playlistId, { signal });
  // A total that moved between pages means the playlist changed under the reads as well.
  return after === snapshotId && identities.length === total ? { snapshotId, identities } : null;
}

/**
 * Saves the view's order: reads the playlist's snapshot; if it moved since our base, merges first (the
 * entries we moved, by identity, onto the fresh order); then sends the fewest range moves, each on the
 * snapshot the one before returned. Every landed move renumbers the base at once, so a failure part way
 * leaves an exact picture of what the service has. Rejects with the request's error.
 */
export async function saveOrder(host: SaveOrderHost): Promise<void> {
  const { api, playlistId, store, signal } = host;
  for (let round = 1; ; round++) {
    const current = await api.getPlaylistSnapshot(playlistId, { signal });
    if (current !== store.getState().snapshotId || store.getState().isBaseStale) {
      if (round > MAX_ROUNDS) throw new Error('the playlist keeps changing elsewhere');
      const fresh = await readFreshOrder(api, playlistId, current, signal);
      if (fresh === null) continue;
      store.dispatch({ type: 'merge', fresh });
      host.onMerged();
    }
    const { arrangement, snapshotId } = store.getState();
    const saved = Array.from(arrangement.savedOrder);
    const moves = planMoves(saved, arrangement.order);
    let snapshot = snapshotId ?? current;
    const isLong = needsConfirmation(moves.length);
    if (isLong && !(await host.confirm(moves.length, estimateMs(host.pace.current, moves.length)))) throw new SaveDeclined();
    try {
      for (const [index, move] of moves.entries()) {
        host.onStep(index + 1, moves.length);
        store.dispatch({ type: 'writeStarted', move });
        const sentOn = snapshot;
        snapshot = await sendPaced(host, isLong, () => api.reorderPlaylistItems(playlistId, { ...move, snapshotId: sentOn }, { signal }));
        store.dispatch({ type: 'saved', order: applyMoves(saved, [move]), snapshotId: snapshot });
      }
      return;
    } catch (error) {
      store.dispatch({ type: 'writeFailed' });
      // Our snapshot is too old for the service: next round merges on fresh data.
      if (isApiError(error) && error.kind === 'conflict' && round < MAX_ROUNDS) continue;
      throw error;
    }
  }
}
