import type { Image, PlayableItem } from '../../api/types.js';

/** The pictures of what plays: the album's for a track, the episode's (or its show's), the chapter's (or its book's). */
export function imagesOf(item: PlayableItem): readonly Image[] {
  switch (item.type) {
    case 'track':
      return item.album.images;
    case 'episode':
      return item.images.length > 0 ? item.images : (item.show?.images ?? []);
    case 'chapter':
      return item.images.length > 0 ? item.images : (item.audiobook?.images ?? []);
  }
}

/**
 * The smallest picture at least `pixels` wide, else the largest there is: a 10-cell box needs 10 pixels of
 * half-blocks, so the 64-pixel picture serves it, not the 640-pixel one. Unknown widths count as large.
 */
export function smallestCovering(images: readonly Image[], pixels: number): string | null {
  const width = (image: Image): number => image.width ?? Number.MAX_SAFE_INTEGER;
  const sorted = [...images].sort((a, b) => width(a) - width(b));
  return (sorted.find((image) => width(image) >= pixels) ?? sorted.at(-1))?.url ?? null;
}
