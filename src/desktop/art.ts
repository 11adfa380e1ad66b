/**
 * The cover of what plays, as a file the desktop can show: the dashboard's picture cache holds it once Now
 * playing has drawn it (src/api/image-cache.ts). Only a picture already on disk is named; none is fetched
 * for the desktop.
 */
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { cachedPicturePath } from '../api/image-cache.js';
import type { PlayableItem } from '../api/types.js';
import { imagesOf } from '../ui/art/pick-image.js';

/** The largest of the item's pictures that is on disk, as a path; null when none is. */
export function cachedCoverOf(item: PlayableItem | null | undefined, cacheDir: string | null): string | null {
  if (!item || cacheDir === null) return null;
  const widest = [...imagesOf(item)].sort((a, b) => (b.width ?? 0) - (a.width ?? 0));
  for (const image of widest) {
    const path = cachedPicturePath(cacheDir, image.url);
    try {
      if (statSync(path).size > 0) return path;
    } catch {
      // Not drawn yet, or evicted.
    }
  }
  return null;
}

/** The same as a file:// URL (MPRIS's mpris:artUrl). */
export function coverUrlOf(item: PlayableItem | null | undefined, cacheDir: string | null): string | null {
  const path = cachedCoverOf(item, cacheDir);
  return path === null ? null : pathToFileURL(path).href;
}
