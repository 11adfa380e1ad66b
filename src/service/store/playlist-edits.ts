/**
 * The order arithmetic of adding and removing items (decisions §7), with no I/O: orders are entry ids, and
 * an item is its type and id (the URI's prefix aside).
 */

/** `local`: a line of a playlist file naming no item of the catalog, by its key (decisions §21). */
export type EntryType = 'track' | 'episode' | 'local';

export interface ItemRef {
  type: EntryType;
  id: string;
}

/** `order` with `added` inserted before `position` (0 to its length). */
export function insertAt(order: Int32Array, added: ArrayLike<number>, position: number): Int32Array {
  const next = new Int32Array(order.length + added.length);
  next.set(order.subarray(0, position), 0);
  next.set(added, position);
  next.set(order.subarray(position), position + added.length);
  return next;
}

/**
 * `order` without every entry of the `items` (all of an item's entries go: removal names items, not
 * positions), or only those among `heldBy` (the entries an older version held: copies added since stay);
 * `removed` lists the entries taken out. `entries` holds at least those of `order`.
 */
export function withoutItems(
  order: Int32Array,
  entries: Iterable<{ entryId: number; type: string; itemId: string }>,
  items: readonly ItemRef[],
  heldBy?: ReadonlySet<number>,
): { order: Int32Array; removed: number[] } {
  const typesById = new Map<string, Set<string>>();
  for (const item of items) typesById.set(item.id, (typesById.get(item.id) ?? new Set()).add(item.type));
  // The entries in their own order first (no lookup by id per entry of a 10,000-entry playlist), then the
  // order, only when some entry is of an item named.
  const matching = new Set<number>();
  for (const entry of entries) {
    if (typesById.get(entry.itemId)?.has(entry.type) && (heldBy === undefined || heldBy.has(entry.entryId))) matching.add(entry.entryId);
  }
  if (matching.size === 0) return { order, removed: [] };
  const kept = new Int32Array(order.length);
  const removed: number[] = [];
  let length = 0;
  for (const entryId of order) {
    if (matching.has(entryId)) removed.push(entryId);
    else kept[length++] = entryId;
  }
  return { order: removed.length === 0 ? order : kept.slice(0, length), removed };
}

export function sameOrder(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}
