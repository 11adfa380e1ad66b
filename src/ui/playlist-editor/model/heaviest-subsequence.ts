/**
 * Flags (1 = kept) marking a heaviest strictly increasing subsequence of `positions` (a permutation of
 * 0 … n-1), each element weighing `weights[i]`, in O(n log n) with a tree of prefix maxima. Pure.
 */
export function heaviestIncreasing(positions: ArrayLike<number>, weights: ArrayLike<number>): Uint8Array {
  const n = positions.length;
  const tree = new Float64Array(n + 1);
  const treeAt = new Int32Array(n + 1).fill(-1);
  const best = new Float64Array(n);
  const previous = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let bestBefore = 0;
    let bestIndex = -1;
    for (let slot = positions[i]!; slot > 0; slot -= slot & -slot) {
      if (tree[slot]! > bestBefore) [bestBefore, bestIndex] = [tree[slot]!, treeAt[slot]!];
    }
    best[i] = bestBefore + weights[i]!;
    previous[i] = bestIndex;
    for (let slot = positions[i]! + 1; slot <= n; slot += slot & -slot) {
      if (best[i]! > tree[slot]!) [tree[slot], treeAt[slot]] = [best[i]!, i];
    }
  }
  const kept = new Uint8Array(n);
  let last = -1;
  for (let i = 0; i < n; i++) if (last < 0 || best[i]! > best[last]!) last = i;
  for (let i = last; i >= 0; i = previous[i]!) kept[i] = 1;
  return kept;
}
