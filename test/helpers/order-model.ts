/**
 * An independent model of Update Playlist Items' reorder (decisions §7), written apart from
 * `src/service/reorder.ts` so that tests compare the service with something it does not share code with.
 */
export interface RangeMove {
  rangeStart: number;
  insertBefore: number;
  rangeLength: number;
}

/** The order after moving `rangeLength` items from `rangeStart` to just before the item at `insertBefore`. */
export function moveRange<T>(order: readonly T[], move: RangeMove): T[] {
  const { rangeStart, insertBefore, rangeLength } = move;
  const rangeEnd = rangeStart + rangeLength;
  if (rangeStart < 0 || rangeLength < 1 || rangeEnd > order.length || insertBefore < 0 || insertBefore > order.length) {
    throw new RangeError(`move ${JSON.stringify(move)} is out of bounds for ${order.length} items`);
  }
  const moved = order.slice(rangeStart, rangeEnd);
  const rest = [...order.slice(0, rangeStart), ...order.slice(rangeEnd)];
  // Positions name the order before the move, so an anchor past the range shifts left by its length;
  // an anchor inside the range (or just after it) leaves everything where it was.
  if (insertBefore >= rangeStart && insertBefore <= rangeEnd) return order.slice();
  const at = insertBefore < rangeStart ? insertBefore : insertBefore - rangeLength;
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}

/** The body of the PUT that asks for `move` on the version `snapshotId`. */
export function reorderBody(move: RangeMove, snapshotId?: string): Record<string, unknown> {
  return {
    range_start: move.rangeStart,
    insert_before: move.insertBefore,
    range_length: move.rangeLength,
    ...(snapshotId === undefined ? {} : { snapshot_id: snapshotId }),
  };
}
