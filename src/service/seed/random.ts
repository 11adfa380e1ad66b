/**
 * The seeded randomness every part of the demo catalog draws from. mulberry32: tiny, fast, and the same
 * sequence on every machine, so the catalog (and its ids) is identical on every fresh start.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
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
}

export function createRandom(seed: number): Random {
  let stateWord = seed >>> 0;
  const issuedIds = new Set<string>();

  const next = (): number => {
    stateWord = (stateWord + 0x6d2b79f5) >>> 0;
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
        let id = '';
        for (let char = 0; char < ID_LENGTH; char++) id += BASE62[Math.floor(next() * 62)];
        if (!issuedIds.has(id)) {
          issuedIds.add(id);
          return id;
        }
      }
    },
  };
}
