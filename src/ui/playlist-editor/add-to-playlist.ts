import type { Api } from '../../api/api.js';
import type { PlaylistItem, SimplifiedPlaylist } from '../../api/types.js';
import type { Playable } from '../add-source.js';
import type { EditSession, SaveResult } from './edit-session.js';
import type { EditSessions } from './edit-sessions.js';
import { entryAt } from './model/edit.js';
import { itemUriOf } from './model/entry-identity.js';
import { plural } from './model/messages.js';
import { readFreshOrder, uriOfIdentity } from './read-fresh-order.js';
import { sanitizeText } from '../sanitize.js';

/**
 * Adding tracks or episodes to a playlist from anywhere (`A` on a list, what plays, `playdeck add`): through
 * the playlist's edit session, so the addition is journaled before it shows, appears at once in the
 * playlist's pane if it is open, is one undo step there, and is saved like a move. Asks first when the
 * playlist already holds some of them. No React here.
 */

/** What to do when the playlist already holds some of the items: add them all, only the others, or nothing. */
export type HeldAnswer = 'all' | 'others' | null;

export interface AddRun {
  api: Api;
  sessions: EditSessions;
  playlist: SimplifiedPlaylist;
  items: readonly Playable[];
  /** The question when `held` of the items are in the playlist already (`first` the name of one of them). */
  askAboutHeld(held: number, total: number, first: string): Promise<HeldAnswer>;
  /** How the save of the addition ends: saved, or why not yet (it is tried again by itself). */
  onSaved(result: SaveResult): void;
  signal: AbortSignal;
}

export type AddOutcome =
  | { kind: 'added'; count: number; session: EditSession }
  | { kind: 'nothing'; reason: string };

/** The URIs the playlist holds as its session shows it: from the pages loaded when they are all, else read by identity. */
async function heldUris(api: Api, session: EditSession, signal: AbortSignal): Promise<Set<string>> {
  const edit = session.store.getState();
  const n = edit.list.total;
  const { order } = edit.arrangement;
  let loaded = 0;
  for (const page of edit.list.pages.values()) loaded += page.length;
  if (loaded === n) return new Set(Array.from(order, (ref) => itemUriOf(entryAt(edit, ref)) ?? ''));
  for (let read = 0; read < 3; read++) {
    const snapshot = await api.getPlaylistSnapshot(session.playlist.id, { signal });
    const fresh = await readFreshOrder(api, session.playlist.id, snapshot, signal, session.loop.pace, n);
    if (fresh === null) continue;
    const base = fresh.identities.map(uriOfIdentity);
    const now = session.store.getState();
    const added = now.added.map((item) => itemUriOf(item) ?? '');
    // On the same snapshot the order tells what the user took out; on another, the fresh order stands.
    if (fresh.snapshotId === now.snapshotId && !now.isBaseStale && !now.isBaseUnsure && base.length === now.list.total) {
      return new Set(Array.from(now.arrangement.order, (ref) => (ref < base.length ? base[ref]! : added[ref - base.length]!)));
    }
    return new Set([...base, ...added]);
  }
  throw new Error('the playlist keeps changing elsewhere');
}

/** A new entry of the playlist, dated now (the service gives it its own date when saved). */
const entryOf = (item: Playable, at: string): PlaylistItem => ({ added_at: at, added_by: null, is_local: false, track: item });

/**
 * Holds the session until nothing of it is unsaved, then lets it go (its pane, if open, still holds it) and
 * calls `onSaved`; a save that fails first is told at once (the loop tries again by itself).
 */
function holdUntilSaved(sessions: EditSessions, session: EditSession, onSaved?: (result: SaveResult) => void): void {
  let isFailureTold = false;
  void session.save().then((result) => {
    if (result.isSaved || isFailureTold) return;
    isFailureTold = true;
    onSaved?.(result);
  });
  const settle = (): boolean => {
    if (session.hasUnsaved()) return false;
    sessions.release(session);
    onSaved?.({ isSaved: true });
    return true;
  };
  if (settle()) return;
  const unsubscribe = sessions.subscribe(() => settle() && unsubscribe());
}

/**
 * Adds `run.items` at the end of the playlist, shown and journaled at once, and starts its save; resolves once
 * the entries are in the edit (the save goes on; the session says how it ends).
 */
export async function addToPlaylist(run: AddRun): Promise<AddOutcome> {
  const { api, sessions, playlist, signal } = run;
  const session = sessions.open(playlist);
  let added = false;
  try {
    const held = await heldUris(api, session, signal);
    const isHeld = (item: Playable): boolean => held.has(item.uri) || (item.type === 'track' && item.linked_from !== null && held.has(item.linked_from.uri));
    const already = run.items.filter(isHeld);
    let items = run.items;
    if (already.length > 0) {
      const answer = await run.askAboutHeld(already.length, run.items.length, sanitizeText(already[0]!.name));
      if (answer === null) return { kind: 'nothing', reason: 'nothing added' };
      if (answer === 'others') items = run.items.filter((item) => !isHeld(item));
    }
    if (items.length === 0) return { kind: 'nothing', reason: `nothing added: ${sanitizeText(playlist.name)} holds ${already.length === 1 ? 'it' : 'them all'} already` };
    const at = new Date().toISOString();
    const edit = session.store.getState();
    const refusal = session.store.dispatch({ type: 'insert', at: edit.arrangement.order.length, items: items.map((item) => entryOf(item, at)), follow: false, height: session.height });
    if (refusal !== null) return { kind: 'nothing', reason: refusal };
    added = true;
    return { kind: 'added', count: items.length, session };
  } finally {
    if (added) holdUntilSaved(sessions, session, run.onSaved);
    else sessions.release(session);
  }
}

/** `added “Song” to Silver Magpies` / `added 12 items to …`. */
export function addedText(count: number, label: string, playlist: SimplifiedPlaylist): string {
  const what = count === 1 && label.startsWith('“') ? label : plural(count, 'item', 'items');
  return `added ${what} to ${sanitizeText(playlist.name)}`;
}
