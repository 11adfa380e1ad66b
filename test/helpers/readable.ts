/** For tests whose service sends only readable entries: the entries, and a failure naming any stand-in. */
import { isUnreadable } from '../../src/api/list-entry.js';
import type { ListEntry } from '../../src/api/types.js';

export function readable<T extends object>(entries: readonly ListEntry<T>[]): T[] {
  return entries.map((entry) => {
    if (isUnreadable(entry)) throw new Error(`entry ${entry.unreadable.position} could not be read (${entry.unreadable.reason})`);
    return entry;
  });
}
