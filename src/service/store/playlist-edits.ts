/**
 * The order arithmetic of adding and removing items (decisions §7), with no I/O: orders are entry ids, and
 * an item is its type and id (the URI's prefix aside).
 */

export interface ItemRef {
  type: 'track' | 'episode';
  id: string;
}

/** What tells items apart when removing by URI: every entry of the same item goes. */
export const itemKey = (item: ItemRef): string => `${item.type}:${item.id}`;

/** `order` with `added` inserted before `position` (0 to its length). */
export function insertAt(order: Int32Array, added: ArrayLike<number>, position: number): Int32Array {
  const next = new Int32Array(order.length + added.length);
  next.set(order.subarray(0, position), 0);
  next.set(added, position);
  next.set(order.subarray(position), position + added.length);
  return next;
}

/** `order` without every entry whose item `keyOf` names in `keys`; `removed` lists the entries taken out. */
export function withoutItems(
  order: Int32Array,
  keyOf: (entryId: number) => string | undefined,
  keys: ReadonlySet<string>,
): { order: Int32Array; removed: number[] } {
  const kept = new Int32Array(order.length);
  const removed: number[] = [];
  let length = 0;
  for (const entryId of order) {
    const key = keyOf(entryId);
    if (key !== undefined && keys.has(key)) removed.push(entryId);
    else kept[length++] = entryId;
  }
  return { order: removed.length === 0 ? order : kept.slice(0, length), removed };
}

export function sameOrder(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}
