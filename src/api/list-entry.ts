/** Telling a list's stand-ins (entries that could not be read) from the entries themselves. */
import type { ListEntry, UnreadableEntry } from './types.js';

/** True for a stand-in. The entry types of lists (saved shows, episodes…) have no `unreadable` field of their own. */
export function isUnreadable<T extends object>(entry: ListEntry<T>): entry is UnreadableEntry {
  return 'unreadable' in entry;
}
