/**
 * The demo catalog (decisions §10), generated from fixed seeds: the same data on every call and every
 * machine, so a fresh database always holds the same ids. Pure and synchronous; no I/O. Each part draws
 * from a stream of its own (random.ts); a later part may read what an earlier one made, never its stream.
 */
import { generateLibrary } from './library.js';
import { generateMusic } from './music.js';
import { streamOf, type Random, type SeedPart } from './random.js';
import { generateSpoken } from './spoken.js';
import type { SeedCatalog } from './types.js';

/** `streams` gives each part its stream (the tests measure them); the parts' own by default. */
export function generateCatalog(streams: (part: SeedPart) => Random = streamOf): SeedCatalog {
  const music = generateMusic(streams('music'));
  const spoken = generateSpoken(streams('spoken'));
  return { ...music, ...spoken, ...generateLibrary(streams('library'), music, spoken) };
}
