/**
 * The demo catalog (decisions §10), generated from fixed seeds: the same data on every call and every
 * machine, so a fresh database always holds the same ids. Pure and synchronous; no I/O. Each part draws
 * from a stream of its own (random.ts); a later part may read what an earlier one made, never its stream.
 */
import { DEFAULT_LIKED_SONGS, generateCollection } from './collection.js';
import { DEFAULT_CATALOG_TRACKS, generateDiscography } from './discography.js';
import { DEMO_COUNTRY, generateLibrary } from './library.js';
import { generateMusic } from './music.js';
import { streamOf, type Random, type SeedPart } from './random.js';
import { generateSpoken } from './spoken.js';
import type { SeedCatalog } from './types.js';

/** How large the catalog and the demo user's collection are (`serve --catalog-tracks`, `--liked-songs`). */
export interface CatalogSize {
  /** Tracks in the whole catalog, the music part's 2,000 included. */
  catalogTracks: number;
  likedSongs: number;
}

export const DEFAULT_CATALOG_SIZE: CatalogSize = { catalogTracks: DEFAULT_CATALOG_TRACKS, likedSongs: DEFAULT_LIKED_SONGS };

/** `streams` gives each part its stream (the tests measure them); the parts' own by default. */
export function generateCatalog(streams: (part: SeedPart) => Random = streamOf, size: CatalogSize = DEFAULT_CATALOG_SIZE): SeedCatalog {
  const music = generateMusic(streams('music'));
  const spoken = generateSpoken(streams('spoken'));
  const library = generateLibrary(streams('library'), music, spoken);
  const discography = generateDiscography(streams('discography'), music, size.catalogTracks);
  const collection = generateCollection(
    streams('collection'),
    {
      demoUserId: library.demo_user_id,
      demoCountry: DEMO_COUNTRY,
      tracks: [...music.tracks, ...discography.tracks],
      albums: [...music.albums, ...discography.albums],
      artists: [...music.artists, ...discography.artists],
      playlists: library.playlists,
    },
    size.likedSongs,
  );
  return { ...music, ...spoken, ...library, discography, collection };
}

/** The demo catalog of another size. */
export const catalogOfSize = (size: CatalogSize) => generateCatalog(streamOf, size);
