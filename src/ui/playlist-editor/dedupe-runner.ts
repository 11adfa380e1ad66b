import type { Api } from '../../api/api.js';
import type { EditSession } from './edit-session.js';
import { dedupedText, dedupeQuestion, findDuplicates } from './model/dedupe.js';
import { editReducer, entryAt } from './model/edit.js';
import { itemUriOf } from './model/entry-identity.js';
import { countPlan, knowsEveryUri, type UriAt } from './model/write-plan.js';
import { isSameBase } from './model/edit-base.js';
import { readFreshOrder, uriOfIdentity } from './read-fresh-order.js';
import { sanitizeText } from '../sanitize.js';

export interface DedupeRun {
  api: Api;
  session: EditSession;
  /** Rows of the list window, for scrolling along with the cursor. */
  height: number;
  /** The preview as a y/n question: resolves to whether to go on. */
  ask(question: string): Promise<boolean>;
  onStatus(message: string): void;
  signal: AbortSignal;
}

const CHANGED = 'the playlist keeps changing elsewhere while its entries are read: press o u again';
/** Whole reads of the order in a row before giving up, as a save does. */
const MAX_READS = 3;

/**
 * The URI of every base entry of the edit as the store holds it once this resolves: from the pages loaded
 * when they tell them all; else read by identity on the snapshot the service has now (never the one the edit
 * last heard of: a page may have outrun it), and taken in by identity as the watch takes a change in (the
 * same entries: the base as it is, named anew; else merged). Null when the playlist kept changing under the reads.
 */
async function knownUris(run: DedupeRun): Promise<UriAt | null> {
  const { api, session, signal } = run;
  const { store } = session;
  for (let read = 1; read <= MAX_READS; read++) {
    const state = store.getState();
    const loaded: UriAt = (position) => itemUriOf(entryAt(state, position));
    if (knowsEveryUri(state, loaded)) return loaded;
    // A save under way settles the base itself: wait for it rather than merge under it.
    if (session.loop.isSaving()) await session.loop.saveNow();
    run.onStatus(`finding duplicates: reading ${state.list.total.toLocaleString('en')} entries…`);
    const snapshot = await api.getPlaylistSnapshot(session.playlist.id, { signal });
    const fresh = await readFreshOrder(api, session.playlist.id, snapshot, signal, session.loop.pace, state.list.total);
    const now = store.getState();
    if (fresh === null || now.generation !== state.generation || now.isWriting || session.loop.isSaving()) continue;
    const isBase = fresh.snapshotId === now.snapshotId && !now.isBaseStale && !now.isBaseUnsure && fresh.identities.length === now.list.total;
    if (!isBase) store.dispatch(isSameBase(now, fresh) ? { type: 'snapshot', snapshotId: fresh.snapshotId } : { type: 'merge', fresh });
    const { identities } = fresh;
    // The journal learns them all: a restart can send the removal of entries never loaded here.
    store.dispatch({ type: 'identities', identities });
    return (position) => (identities[position] === undefined ? undefined : uriOfIdentity(identities[position]));
  }
  return null;
}

/**
 * `o u`: reads the URI of every entry the pages loaded do not tell (identities only, paced like a sort's
 * reads), finds the duplicates in the order shown, asks with the preview, then takes them out as one undo
 * step; the save goes as any change does. Resolves to the status line to show.
 */
export async function runDedupe(run: DedupeRun): Promise<string> {
  const { session, height } = run;
  const { store } = session;
  const uriAt = await knownUris(run);
  if (uriAt === null) return CHANGED;
  const now = store.getState();
  const n = now.list.total;
  const { order } = now.arrangement;
  const uriAtRow = (row: number): string => (order[row]! < n ? uriAt(order[row]!)! : (itemUriOf(entryAt(now, order[row]!)) ?? ''));
  const found = findDuplicates(order.length, uriAtRow);
  if (found.rows.length === 0) return 'no duplicates: every item is in the playlist once';
  const after = editReducer(now, { type: 'remove', rows: found.rows, height });
  const nameAt = (row: number): string => sanitizeText(entryAt(now, order[row]!)?.track?.name ?? uriAtRow(row));
  if (!(await run.ask(dedupeQuestion(found, nameAt, countPlan(after, uriAt))))) return 'duplicates kept';
  if (store.getState().arrangement.order !== order) return 'the playlist changed meanwhile: press o u again';
  return store.dispatch({ type: 'remove', rows: found.rows, height }) ?? dedupedText(found);
}
