/**
 * The demo catalog (decisions §10), generated from a fixed seed: the same data on every call and every
 * machine, so a fresh database always holds the same ids. Pure and synchronous; no I/O.
 */
import { generateLibrary } from './library.js';
import { generateMusic } from './music.js';
import { createRandom } from './random.js';
import { generateSpoken } from './spoken.js';
import type { SeedCatalog } from './types.js';

const CATALOG_SEED = 0x5eed_d0c5;

export function generateCatalog(): SeedCatalog {
  const random = createRandom(CATALOG_SEED);
  const music = generateMusic(random);
  const spoken = generateSpoken(random);
  return { ...music, ...spoken, ...generateLibrary(random, music, spoken) };
}
