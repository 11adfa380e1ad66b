import type { ItemRef } from '../store/playlist-edits.js';
import type { ArrangedEntry, PlaylistEntry } from '../store/playlists.js';

/** A line of a playlist file read again: the item it names and what it says (its location, as written). */
export interface ReadItem extends ItemRef {
  location: string;
}

/**
 * The entries of a playlist file read again (a change made elsewhere, decisions §21), matched to the current
 * version's, pure: each item of the file takes the first entry of that item not taken yet, in the order of
 * both, so that an entry the change left alone keeps its identity (its id and added_at) and a dashboard
 * merges the new snapshot by identity as any other; an item more than before is a new entry, added at
 * `addedAt` by `addedBy`, except that a line whose item changed (its file came, or went) keeps the date of
 * the entry its same location had. `current` is the current version's entries in order, with the location
 * each one's line gives.
 */
export function matchEntries(
  current: readonly (PlaylistEntry & { location: string | null })[],
  read: readonly ReadItem[],
  addedAt: string,
  addedBy: string,
): ArrangedEntry[] {
  const byItem = queues(current, (entry) => `${entry.type}:${entry.itemId}`);
  const taken = new Set<number>();
  const arranged: (ArrangedEntry | null)[] = read.map((item) => {
    const entry = byItem.get(`${item.type}:${item.id}`)?.shift();
    if (entry === undefined) return null;
    taken.add(entry.entryId);
    return { entryId: entry.entryId };
  });
  const byLocation = queues(
    current.filter((entry) => !taken.has(entry.entryId) && entry.location !== null),
    (entry) => entry.location!,
  );
  return arranged.map((entry, index) => {
    if (entry !== null) return entry;
    const { type, id, location } = read[index]!;
    const before = byLocation.get(location)?.shift();
    return { type, id, addedAt: before?.addedAt ?? addedAt, addedBy: before?.addedBy ?? addedBy };
  });
}

function queues<T>(values: readonly T[], keyOf: (value: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const value of values) {
    const key = keyOf(value);
    const queue = map.get(key);
    if (queue) queue.push(value);
    else map.set(key, [value]);
  }
  return map;
}
