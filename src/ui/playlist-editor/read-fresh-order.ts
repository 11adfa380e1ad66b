import type { Api } from '../../api/api.js';
import type { PlaylistEdit } from './model/playlist-edit.js';
import { entryIdentity } from './model/entry-identity.js';
import type { FreshOrder } from './model/merge.js';
import { sendPaced, type PaceHolder } from './paced.js';
import { itemAt } from '../state/sparse-list.js';

/** The most entries one Get Playlist Items request returns. */
export const IDENTITY_PAGE = 100;
/**
 * Only what tells entries apart: the item (under either name the service may use, and the one a relinked track
 * stands for) and when it was added.
 */
const IDENTITY_FIELDS = 'items(added_at,track(uri,linked_from(uri)),item(uri,linked_from(uri))),total';
/** A read of more pages than this is spaced on the pace, as a long save is (a 10,000-entry playlist: 100 reads). */
const SPACED_ABOVE_PAGES = 40;

/**
 * The service's order now, read with identities only (the `fields` filter) and checked against the snapshot
 * on both sides of the reads; null when it changed meanwhile (read it again). `expectedTotal`, when known,
 * spaces a long read on `pace`.
 */
export async function readFreshOrder(
  api: Api, playlistId: string, snapshotId: string, signal: AbortSignal, pace?: PaceHolder, expectedTotal = 0,
): Promise<FreshOrder | null> {
  const identities: string[] = [];
  let total = 1;
  const isSpaced = pace !== undefined && expectedTotal > SPACED_ABOVE_PAGES * IDENTITY_PAGE;
  const read = (offset: number) => () => api.getPlaylistItems(playlistId, { offset, limit: IDENTITY_PAGE, fields: IDENTITY_FIELDS }, { signal });
  while (identities.length < total) {
    const page = pace === undefined ? await read(identities.length)() : await sendPaced(pace, isSpaced, signal, read(identities.length));
    total = page.total;
    if (page.items.length === 0) break;
    for (const item of page.items) identities.push(entryIdentity(item));
  }
  const after = await api.getPlaylistSnapshot(playlistId, { signal });
  // A total that moved between pages means the playlist changed under the reads as well.
  return after === snapshotId && identities.length === total ? { snapshotId, identities } : null;
}

/** The URI of an entry identity (`uri added_at`). */
export const uriOfIdentity = (identity: string): string => identity.slice(0, identity.indexOf(' '));

/** The most pages of identities read to verify a base: those of the loaded entries (what the screen shows), from the start. */
export const VERIFY_PAGES = 8;

/** Offsets of the identity pages that hold `edit`'s loaded entries (the first page when none is), at most VERIFY_PAGES. */
function pagesToVerify(edit: PlaylistEdit): number[] {
  const offsets = new Set<number>([0]);
  for (const start of edit.list.starts) {
    const end = start + edit.list.pages.get(start)!.length;
    for (let offset = start - (start % IDENTITY_PAGE); offset < end && offsets.size < VERIFY_PAGES; offset += IDENTITY_PAGE) offsets.add(offset);
  }
  return [...offsets].sort((a, b) => a - b);
}

/**
 * Whether the service holds `edit`'s base as `snapshotId`, as far as the edit knows its entries: the same
 * total, and every loaded entry where the base has it, by identity (decisions §17: a write answered with an
 * opaque id may have landed on a version someone else changed too). The reads are checked against the
 * snapshot after them; an entry never loaded is read when the view needs it, from the service as it is.
 */
export async function agreesWithService(api: Api, playlistId: string, edit: PlaylistEdit, snapshotId: string, signal: AbortSignal): Promise<boolean> {
  for (const offset of pagesToVerify(edit)) {
    const page = await api.getPlaylistItems(playlistId, { offset, limit: IDENTITY_PAGE, fields: IDENTITY_FIELDS }, { signal });
    if (page.total !== edit.list.total) return false;
    const differs = page.items.some((item, index) => {
      const loaded = itemAt(edit.list, offset + index);
      return loaded !== undefined && entryIdentity(loaded) !== entryIdentity(item);
    });
    if (differs) return false;
  }
  return (await api.getPlaylistSnapshot(playlistId, { signal })) === snapshotId;
}
