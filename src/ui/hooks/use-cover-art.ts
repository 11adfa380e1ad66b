import { useEffect, useState } from 'react';
import type { PlayableItem } from '../../api/types.js';
import { coverCells } from '../art/cover-cells.js';
import { decodeImage } from '../art/decode.js';
import type { ArtMode } from '../art/mode.js';
import { imagesOf, smallestCovering } from '../art/pick-image.js';

export interface CoverBox {
  columns: number;
  rows: number;
}

/** What the box shows: the picture's rows, a placeholder while there is none, or nothing at all. */
export type Cover = { kind: 'picture'; rows: readonly string[] } | { kind: 'placeholder' };

export interface CoverArtOptions {
  item: PlayableItem | null | undefined;
  box: CoverBox | null;
  mode: ArtMode;
  fetchImage(url: string): Promise<Buffer>;
  /** A picture that could not be had, for the log; the screen shows the placeholder. */
  onProblem?(message: string): void;
}

/**
 * The cover of what plays, as half-block rows for its box. Work happens only when the picture's URL, the
 * box or the mode changes: a poll that brings the same item back renders nothing new.
 */
export function useCoverArt({ item, box, mode, fetchImage, onProblem }: CoverArtOptions): Cover | null {
  const url = item && box ? smallestCovering(imagesOf(item), box.columns) : null;
  const key = url && box && mode.kind === 'blocks' ? `${url}|${box.columns}x${box.rows}|${mode.depth}` : null;
  const [cover, setCover] = useState<{ key: string; rows: readonly string[] } | null>(null);

  useEffect(() => {
    if (key === null || url === null || box === null || mode.kind !== 'blocks') return;
    let isCurrent = true;
    fetchImage(url)
      .then((bytes) => {
        if (!isCurrent) return;
        setCover({ key, rows: coverCells(decodeImage(bytes), box.columns, box.rows, mode.depth) });
      })
      .catch((error: unknown) => {
        if (isCurrent) onProblem?.(`cover art: ${error instanceof Error ? error.message : String(error)}`);
      });
    return () => {
      isCurrent = false;
    };
    // The key holds everything the effect reads that matters.
  }, [key]);

  // No box at all for an item without a picture: its text keeps the whole width.
  if (box === null || mode.kind !== 'blocks' || url === null) return null;
  return cover !== null && cover.key === key ? { kind: 'picture', rows: cover.rows } : { kind: 'placeholder' };
}
