/**
 * The shuffled play order of the embedded player (player.ts), computed on demand: a seeded bijection on
 * [0, length) and its inverse, O(1) per lookup, so a 10,000-item context needs no stored permutation.
 */

/** murmur3's 32-bit finaliser: a fast, well-mixed hash of a 32-bit integer. */
export function mix32(value: number): number {
  let mixed = value >>> 0;
  mixed = Math.imul(mixed ^ (mixed >>> 16), 0x85ebca6b);
  mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
  return (mixed ^ (mixed >>> 16)) >>> 0;
}

export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let place = 0; place < text.length; place++) hash = mix32(hash ^ text.charCodeAt(place));
  return hash;
}

const FEISTEL_ROUNDS = 4;

/**
 * A bijection on [0, length): a balanced Feistel network on the smallest even number of bits that covers
 * `length`, cycle-walking values that fall outside (at most 4x the domain, so a few steps on average).
 */
export function permute(seed: number, length: number, value: number, inverse: boolean): number {
  let bits = 2;
  while (2 ** bits < length) bits += 2;
  const half = bits / 2;
  const mask = (1 << half) - 1;
  const roundKey = (round: number) => mix32(seed + Math.imul(round + 1, 0x9e3779b9));
  let result = value;
  do {
    let left = result >>> half;
    let right = result & mask;
    for (let step = 0; step < FEISTEL_ROUNDS; step++) {
      if (inverse) {
        const round = FEISTEL_ROUNDS - 1 - step;
        [left, right] = [right ^ (mix32(left ^ roundKey(round)) & mask), left];
      } else {
        [left, right] = [right, left ^ (mix32(right ^ roundKey(step)) & mask)];
      }
    }
    result = (left << half) | right;
  } while (result >= length);
  return result;
}

/** What fixes the play order of a player state (PlayerState has these fields). */
export interface PlayOrder {
  /** The context's length when last seen: a different length means the playlist was edited. */
  contextLength: number;
  shuffle: boolean;
  /** Picks the shuffled permutation of the context. */
  shuffleSeed: number;
  /** Where in the seed's permutation the shuffled cycle starts. */
  shuffleStart: number;
}

/** The place of a context index in play order. */
export function positionOf(state: PlayOrder, index: number): number {
  if (!state.shuffle) return index;
  const length = state.contextLength;
  return (permute(state.shuffleSeed, length, index, true) - state.shuffleStart + length) % length;
}

/** The context index at a place in play order. */
export function indexAt(state: PlayOrder, position: number): number {
  if (!state.shuffle) return position;
  const length = state.contextLength;
  return permute(state.shuffleSeed, length, (position + state.shuffleStart) % length, false);
}
