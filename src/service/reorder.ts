/**
 * Reorder arithmetic of Update Playlist Items (decisions §7), with no I/O.
 *
 * Positions name the order before the move: the `rangeLength` entries from `rangeStart` go just before the
 * entry that was at `insertBefore`; `insertBefore === length` means the end.
 */

const OUT_OF_BOUNDS = 'Given positions are out of bounds';

/** Why the move cannot apply to a list of `length` entries, or null when it can. */
export function reorderError(length: number, rangeStart: number, insertBefore: number, rangeLength: number): string | null {
  const notInteger = firstNonInteger({ range_start: rangeStart, insert_before: insertBefore, range_length: rangeLength });
  if (notInteger !== null) return `Invalid ${notInteger}: must be an integer`;
  if (!Number.isInteger(length) || length < 1) return `${OUT_OF_BOUNDS}: the playlist is empty`;
  if (rangeStart < 0 || rangeStart >= length) return `${OUT_OF_BOUNDS}: range_start must be from 0 to ${length - 1}`;
  if (rangeLength < 1) return `${OUT_OF_BOUNDS}: range_length must be at least 1`;
  // Subtracting instead of adding keeps huge integers from losing precision.
  if (rangeLength > length - rangeStart) return `${OUT_OF_BOUNDS}: range_start + range_length must be at most ${length}`;
  if (insertBefore < 0 || insertBefore > length) return `${OUT_OF_BOUNDS}: insert_before must be from 0 to ${length}`;
  return null;
}

/** The entries after the move; a copy equal to `items` when the move is a no-op. Throws RangeError on invalid positions. */
export function applyReorder<T>(items: readonly T[], rangeStart: number, insertBefore: number, rangeLength: number): T[] {
  assertValid(items.length, rangeStart, insertBefore, rangeLength);
  const rangeEnd = rangeStart + rangeLength;
  if (isNoOp(rangeStart, insertBefore, rangeLength)) return items.slice();
  const moved = items.slice(rangeStart, rangeEnd);
  if (insertBefore < rangeStart) {
    return [...items.slice(0, insertBefore), ...moved, ...items.slice(insertBefore, rangeStart), ...items.slice(rangeEnd)];
  }
  return [...items.slice(0, rangeStart), ...items.slice(rangeEnd, insertBefore), ...moved, ...items.slice(insertBefore)];
}

/**
 * Replays a move whose positions name `oldVersion` onto `current`, which others may have changed since.
 * Entries are compared by identity (SameValueZero), so they must be unique per playlist entry (row ids, not
 * track URIs: a track can appear twice). Moved entries that survive keep their old relative order and go just
 * before the old anchor, or before the next old entry after it that survives and is not moved, or at the end.
 * Entries added since stay where they are. A move that was a no-op in the old version changes nothing.
 */
export function mergeStaleReorder<T>(
  oldVersion: readonly T[],
  current: readonly T[],
  rangeStart: number,
  insertBefore: number,
  rangeLength: number,
): T[] {
  assertValid(oldVersion.length, rangeStart, insertBefore, rangeLength);
  const currentEntries = uniqueSet(current, 'current');
  uniqueSet(oldVersion, 'oldVersion');
  if (isNoOp(rangeStart, insertBefore, rangeLength)) return current.slice();

  const movedInOld = new Set(oldVersion.slice(rangeStart, rangeStart + rangeLength));
  const moved = [...movedInOld].filter((entry) => currentEntries.has(entry));
  const staying = current.filter((entry) => !movedInOld.has(entry));
  const anchor = oldVersion
    .slice(insertBefore)
    .find((entry) => currentEntries.has(entry) && !movedInOld.has(entry));
  const at = anchor === undefined ? staying.length : staying.indexOf(anchor);
  return [...staying.slice(0, at), ...moved, ...staying.slice(at)];
}

function isNoOp(rangeStart: number, insertBefore: number, rangeLength: number): boolean {
  return insertBefore >= rangeStart && insertBefore <= rangeStart + rangeLength;
}

function assertValid(length: number, rangeStart: number, insertBefore: number, rangeLength: number): void {
  const error = reorderError(length, rangeStart, insertBefore, rangeLength);
  if (error !== null) throw new RangeError(error);
}

function firstNonInteger(values: Record<string, number>): string | null {
  for (const [name, value] of Object.entries(values)) if (!Number.isInteger(value)) return name;
  return null;
}

function uniqueSet<T>(entries: readonly T[], name: string): Set<T> {
  const set = new Set(entries);
  if (set.size !== entries.length) throw new RangeError(`${name} has duplicate entries; pass unique entry ids`);
  return set;
}
