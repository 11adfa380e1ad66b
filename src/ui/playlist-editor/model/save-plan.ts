/**
 * Turns a reordered playlist into the fewest Update Playlist Items reorder requests, and replays the
 * user's reorder on a playlist that changed on the service meanwhile.
 *
 * Keys are ENTRY identities and must be distinct: a playlist may hold the same track twice, so callers
 * pass entry ids or base positions (0..n-1), never track URIs.
 */
import { heaviestIncreasing } from './heaviest-subsequence.js';

/** One reorder request: move `rangeLength` entries from `rangeStart` to before the entry now at
 * `insertBefore` (positions before the move; `insertBefore` = length means the end). */
export interface RangeMove {
  rangeStart: number;
  insertBefore: number;
  rangeLength: number;
}

/** Index in `from` of each entry of `to`; throws when the two are not arrangements of the same distinct keys. */
function positionsIn<K>(from: ArrayLike<K>, to: ArrayLike<K>): Int32Array {
  if (from.length !== to.length) {
    throw new RangeError(`cannot plan: ${from.length} entries before, ${to.length} after`);
  }
  const indexOf = new Map<K, number>();
  for (let i = 0; i < from.length; i++) {
    if (indexOf.has(from[i])) throw new RangeError(`cannot plan: entry ${String(from[i])} appears twice`);
    indexOf.set(from[i], i);
  }
  const positions = new Int32Array(to.length);
  const seen = new Uint8Array(to.length);
  for (let i = 0; i < to.length; i++) {
    const position = indexOf.get(to[i]);
    if (position === undefined) throw new RangeError(`cannot plan: entry ${String(to[i])} is not in the original`);
    if (seen[position]) throw new RangeError(`cannot plan: entry ${String(to[i])} appears twice`);
    seen[position] = 1;
    positions[i] = position;
  }
  return positions;
}

/** Flags (1 = kept) marking one longest strictly increasing subsequence, in O(n log n) (patience sorting). */
function longestIncreasingFlags(sequence: ArrayLike<number>): Uint8Array {
  const n = sequence.length;
  const tails = new Int32Array(n); // tails[k]: index of the smallest end of an increasing run of length k + 1
  const previous = new Int32Array(n);
  let length = 0;
  for (let i = 0; i < n; i++) {
    let low = 0;
    let high = length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sequence[tails[middle]] < sequence[i]) low = middle + 1;
      else high = middle;
    }
    previous[i] = low > 0 ? tails[low - 1] : -1;
    tails[low] = i;
    if (low === length) length++;
  }
  const kept = new Uint8Array(n);
  for (let i = length > 0 ? tails[length - 1] : -1; i >= 0; i = previous[i]) kept[i] = 1;
  return kept;
}

/** Counts per slot with prefix sums in O(log n): where each entry currently stands. */
class SlotCounts {
  private readonly tree: Int32Array;
  constructor(size: number) {
    this.tree = new Int32Array(size + 1);
  }
  add(slot: number, amount: number): void {
    for (let i = slot + 1; i < this.tree.length; i += i & -i) this.tree[i] += amount;
  }
  /** Total in slots [0, slot). */
  before(slot: number): number {
    let sum = 0;
    for (let i = slot; i > 0; i -= i & -i) sum += this.tree[i];
    return sum;
  }
}

/**
 * Which entries of `to` (their positions in `from`) stay put: a longest subsequence kept in relative order;
 * with `isMoved` (by index in `from`), one that keeps every entry not moved, so that only moved entries move.
 */
function keptFlags(positions: Int32Array, isMoved?: (index: number) => boolean): Uint8Array {
  if (isMoved === undefined) return longestIncreasingFlags(positions);
  let moved = 0;
  for (const position of positions) if (isMoved(position)) moved++;
  // An entry not moved outweighs all the moved ones together.
  return heaviestIncreasing(positions, Float64Array.from(positions, (position) => (isMoved(position) ? 1 : moved + 1)));
}

/**
 * Moves that, applied one after another to `from` (see `applyMoves`), give `to`. The entries of one
 * longest subsequence kept in relative order stay put; every other entry moves once, and entries that
 * sit together in `from` and belong together in `to` move as one range. So: at most
 * n − |longest kept subsequence| moves, and a block moved anywhere is a single move. Given `isMoved` (the
 * entries at those indexes of `from` are the ones the user moved), every entry not moved stays put, and the
 * moves carry only entries the user moved (decisions §17): on a version another writer changed meanwhile,
 * the service applies a move to the entries it names, so a move must name only those the user chose.
 */
export function planMoves<K>(from: ArrayLike<K>, to: ArrayLike<K>, isMoved?: (index: number) => boolean): RangeMove[] {
  const n = from.length;
  const positions = positionsIn(from, to);
  const kept = keptFlags(positions, isMoved);
  // Slot 2p + 1 holds the entry originally at p until it moves; slot 2p holds what moved in before
  // it; slot 2n is the end. An entry's current index is the count of entries in earlier slots.
  const slots = new SlotCounts(2 * n + 1);
  for (let p = 0; p < n; p++) slots.add(2 * p + 1, 1);
  const moves: RangeMove[] = [];
  let i = 0;
  while (i < n) {
    if (kept[i]) {
      i++;
      continue;
    }
    let runEnd = i;
    while (runEnd < n && !kept[runEnd]) runEnd++;
    // The run to[i..runEnd) goes right before the next kept entry (an anchor that never moves).
    const anchorSlot = runEnd < n ? 2 * positions[runEnd] : 2 * n;
    for (let start = i; start < runEnd; ) {
      let end = start + 1;
      while (end < runEnd && positions[end] === positions[end - 1] + 1) end++;
      const rangeLength = end - start;
      const rangeStart = slots.before(2 * positions[start] + 1);
      const insertBefore = runEnd < n ? slots.before(anchorSlot + 1) : n;
      if (insertBefore < rangeStart || insertBefore > rangeStart + rangeLength) {
        moves.push({ rangeStart, insertBefore, rangeLength });
      }
      for (let k = start; k < end; k++) slots.add(2 * positions[k] + 1, -1);
      slots.add(anchorSlot, rangeLength);
      start = end;
    }
    i = runEnd;
  }
  return moves;
}

function formatMove(move: RangeMove): string {
  return `{ rangeStart: ${move.rangeStart}, insertBefore: ${move.insertBefore}, rangeLength: ${move.rangeLength} }`;
}

/** `order` after each move in turn, with the service's semantics; throws on a move out of bounds. */
export function applyMoves<K>(order: ArrayLike<K>, moves: readonly RangeMove[]): K[] {
  let current = Array.from(order);
  for (const move of moves) {
    const { rangeStart: start, insertBefore: before, rangeLength: length } = move;
    const size = current.length;
    const valid =
      Number.isInteger(start) && Number.isInteger(before) && Number.isInteger(length) &&
      length >= 1 && start >= 0 && start + length <= size && before >= 0 && before <= size;
    if (!valid) throw new RangeError(`move out of bounds for ${size} entries: ${formatMove(move)}`);
    if (before >= start && before <= start + length) continue;
    const range = current.slice(start, start + length);
    current =
      before < start
        ? [...current.slice(0, before), ...range, ...current.slice(before, start), ...current.slice(start + length)]
        : [...current.slice(0, start), ...current.slice(start + length, before), ...range, ...current.slice(before)];
  }
  return current;
}
