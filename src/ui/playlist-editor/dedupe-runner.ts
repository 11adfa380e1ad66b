import type { Api } from '../../api/api.js';
import type { EditSession } from './edit-session.js';
import { dedupedText, dedupeQuestion, findDuplicates } from './model/dedupe.js';
import { editReducer, entryAt } from './model/edit.js';
import { itemUriOf } from './model/entry-identity.js';
import { countPlan, knowsEveryUri, type UriAt } from './model/write-plan.js';
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

const CHANGED = 'the playlist changed while its entries were read: press o u again';

/**
 * `o u`: reads the URI of every entry the pages loaded do not tell (identities only, paced like a sort's
 * reads), finds the duplicates in the order shown, asks with the preview, then takes them out as one undo
 * step; the save goes as any change does. Resolves to the status line to show.
 */
export async function runDedupe(run: DedupeRun): Promise<string> {
  const { api, session, height, signal } = run;
  const { store } = session;
  const start = store.getState();
  const n = start.list.total;
  let uriAt: UriAt = (position) => itemUriOf(entryAt(start, position));
  if (!knowsEveryUri(start, uriAt)) {
    run.onStatus(`finding duplicates: reading ${n.toLocaleString('en')} entries…`);
    const snapshot = start.snapshotId ?? (await api.getPlaylistSnapshot(session.playlist.id, { signal }));
    const fresh = await readFreshOrder(api, session.playlist.id, snapshot, signal, session.loop.pace, n);
    if (fresh === null || fresh.snapshotId !== start.snapshotId || fresh.identities.length !== n) return CHANGED;
    const { identities } = fresh;
    // The journal learns them all: a restart can send the removal of entries never loaded here.
    store.dispatch({ type: 'identities', identities });
    uriAt = (position) => uriOfIdentity(identities[position]!);
  }
  const now = store.getState();
  if (now.generation !== start.generation) return CHANGED;
  const { order } = now.arrangement;
  const uriAtRow = (row: number): string => (order[row]! < n ? uriAt(order[row]!)! : (itemUriOf(entryAt(now, order[row]!)) ?? ''));
  const found = findDuplicates(order.length, uriAtRow);
  if (found.rows.length === 0) return 'no duplicates: every item is in the playlist once';
  const after = editReducer(now, { type: 'remove', rows: found.rows, height });
  const nameAt = (row: number): string => sanitizeText(entryAt(now, order[row]!)?.track?.name ?? uriAtRow(row));
  if (!(await run.ask(dedupeQuestion(found, nameAt, countPlan(after, uriAt))))) return 'duplicates kept';
  if (store.getState().arrangement.order !== order) return 'the playlist changed meanwhile: press o u again';
  store.dispatch({ type: 'remove', rows: found.rows, height });
  return dedupedText(found);
}
