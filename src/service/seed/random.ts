/**
 * The seeded randomness of the demo catalog: one stream for each part of it, so that a part that draws more
 * (or a new part) moves no id or name of another. mulberry32: tiny, fast, and the same sequence on every
 * machine, so the catalog (and its ids) is identical on every fresh start.
 *
 * mulberry32's state is a counter stepping round one cycle of 2^32 numbers, so a stream is a window of that
 * cycle starting at its seed: two parts must not draw into each other's window (seed.test.ts measures them).
 * The first three parts were once one stream: their seeds are where each began in it, so their content
 * stayed as it was, and their windows touch. A part in users' databases never changes (a migration's seed
 * step adds what is new, store/schema.ts): new data is a new part, with a seed of its own far from the others.
 */

/** Each part's seed (a part: the slice of SeedCatalog one generator makes). */
export const PART_SEEDS = {
  music: 0x5eed_d0c5,
  spoken: 0x2d49_e974,
  library: 0x9202_94c3,
  // Far along the cycle from the first three and from each other: the discography draws ~30 numbers a
  // track, so even a catalog of a million tracks stays inside its own window.
  discography: 0xd15c_06a9,
  collection: 0xc011_ec75,
} as const;

export type SeedPart = keyof typeof PART_SEEDS;

/** The stream a part of the catalog draws from. */
export function streamOf(part: SeedPart): Random {
  return createRandom(PART_SEEDS[part]);
}

/** What mulberry32 adds to its state at each draw. */
export const STEP = 0x6d2b79f5;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE62_CODES = Array.from(BASE62, (char) => char.charCodeAt(0));
const ID_LENGTH = 22;

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `count` distinct items in random order (all of them when `count` exceeds the length). */
  sample<T>(items: readonly T[], count: number): T[];
  /** A 22-character base-62 id, distinct from every id this generator has made before. */
  id(): string;
  /** How many numbers it has drawn: the length of its window of the cycle. */
  draws(): number;
}

export function createRandom(seed: number): Random {
  let stateWord = seed >>> 0;
  let draws = 0;
  const issuedIds = new Set<string>();
  const codes: number[] = new Array<number>(ID_LENGTH).fill(0);

  const next = (): number => {
    draws += 1;
    stateWord = (stateWord + STEP) >>> 0;
    let mixed = stateWord;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));

  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = items.slice();
      const taken = Math.min(count, pool.length);
      // Partial Fisher-Yates: only the first `taken` places are shuffled.
      for (let place = 0; place < taken; place++) {
        const other = int(place, pool.length - 1);
        [pool[place], pool[other]] = [pool[other], pool[place]];
      }
      return pool.slice(0, taken);
    },
    id(): string {
      for (;;) {
        // Character codes first, one string after: a million ids (the bench's catalog) make no 22 million pieces.
        for (let char = 0; char < ID_LENGTH; char++) codes[char] = BASE62_CODES[Math.floor(next() * 62)]!;
        const id = String.fromCharCode.apply(null, codes);
        if (!issuedIds.has(id)) {
          issuedIds.add(id);
          return id;
        }
      }
    },
    draws: () => draws,
  };
}
