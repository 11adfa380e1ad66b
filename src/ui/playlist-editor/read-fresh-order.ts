import type { Api } from '../../api/api.js';
import { entryIdentity } from './model/entry-identity.js';
import type { FreshOrder } from './model/merge.js';
import { sendPaced, type PaceHolder } from './paced.js';

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
