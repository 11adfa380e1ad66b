import type { Playlist, PlaylistDetails, PlaylistEntry } from './playlist-types.js';

/** What the playlist store (playlists.ts) keeps of a version in memory, and the rows it writes. */

/**
 * The entries a version after a removal keeps: the shared map while the entries removed from it stay few (an
 * eighth of those kept, or 256), else a map of `order`'s alone (the versions before keep theirs), so that adds
 * and removals in turn neither grow it without end nor slow the next removal's scan (~1 ms a 10,000 entries).
 */
export function compacted(entries: ReadonlyMap<number, PlaylistEntry>, order: Int32Array): ReadonlyMap<number, PlaylistEntry> {
  if (entries.size - order.length <= Math.max(256, order.length >> 3)) return entries;
  const kept = new Map<number, PlaylistEntry>();
  for (const entryId of order) kept.set(entryId, entries.get(entryId)!);
  return kept;
}

export function detailsRow(details: PlaylistDetails) {
  const { name, description, isPublic, collaborative } = details;
  return { name, description, public: isPublic ? 1 : 0, collaborative: collaborative ? 1 : 0 };
}

/**
 * The playlist with its entries read on first use: listing playlists needs only their order, and reading the
 * 10,000 entries of the largest demo playlist took ~35 ms of the dashboard's first GET /me/playlists.
 * Rows are deleted only by `replace` and `remove`, which read the entries first.
 */
export function withLazyEntries(fields: Omit<Playlist, 'entries'>, read: () => ReadonlyMap<number, PlaylistEntry>): Playlist {
  let entries: ReadonlyMap<number, PlaylistEntry> | undefined;
  return {
    ...fields,
    get entries() {
      entries ??= read();
      return entries;
    },
  };
}
