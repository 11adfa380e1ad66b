import { useEffect, useState } from 'react';
import { ImageFetchError } from '../../api/images.js';
import type { PlayableItem } from '../../api/types.js';
import type { DrawnPicture, DrawRequest } from '../art/draw-picture.js';
import type { ArtMode } from '../art/mode.js';
import { imagesOf, smallestCovering } from '../art/pick-image.js';
import { CELL_PIXELS } from '../art/picture-png.js';
import { pictureThread } from '../art/picture-thread.js';
import type { TerminalPicture } from '../context/terminal-pictures.js';

export interface CoverBox {
  columns: number;
  rows: number;
}

/**
 * What the box shows: the picture as half-block rows, or as a picture the terminal draws (kitty), a
 * placeholder while there is none, or nothing at all.
 */
export type Cover =
  | { kind: 'picture'; rows: readonly string[] }
  | { kind: 'terminal'; picture: TerminalPicture }
  | { kind: 'placeholder' };

type Drawn = Exclude<Cover, { kind: 'placeholder' }>;

export interface CoverArtOptions {
  item: PlayableItem | null | undefined;
  box: CoverBox | null;
  mode: ArtMode;
  /** The picture at `url` as `decode` makes it (Api.getImage: its bytes are kept only once they decode). */
  fetchImage<T>(url: string, decode: (bytes: Buffer) => T | Promise<T>): Promise<T>;
  /** A picture that came but cannot be drawn, for the log; the screen shows the placeholder. */
  onProblem?(message: string): void;
  /** Draws a picture's bytes for its box: off the UI thread, the dashboard's picture thread by default. */
  draw?(bytes: Buffer, request: DrawRequest): Promise<DrawnPicture>;
}

/** Pixels across the box: one a column in half-blocks, many for the terminal to draw. */
function pixelsAcross(box: CoverBox, mode: ArtMode): number {
  return mode.kind === 'kitty' ? box.columns * CELL_PIXELS.width : box.columns;
}

/** The picture drawn for `box` (picture-thread.ts: decoded, scaled and encoded off the UI thread). */
async function drawCover(
  draw: NonNullable<CoverArtOptions['draw']>,
  bytes: Buffer,
  box: CoverBox,
  mode: ArtMode & { kind: 'blocks' | 'kitty' },
): Promise<Drawn> {
  const drawn = await draw(bytes, { ...box, style: mode.kind === 'blocks' ? mode.depth : 'kitty' });
  return drawn.kind === 'rows' ? { kind: 'picture', rows: drawn.rows } : { kind: 'terminal', picture: { png: drawn.png, ...box } };
}

/**
 * The cover of what plays, drawn for its box. Work happens only when the picture's URL, the box or the mode
 * changes: a poll that brings the same item back renders nothing new.
 */
export function useCoverArt({ item, box, mode, fetchImage, onProblem, draw = (bytes, request) => pictureThread().draw(bytes, request) }: CoverArtOptions): Cover | null {
  const url = item && box && mode.kind !== 'off' ? smallestCovering(imagesOf(item), pixelsAcross(box, mode)) : null;
  const key = url && box && mode.kind !== 'off' ? `${url}|${box.columns}x${box.rows}|${mode.kind === 'blocks' ? mode.depth : mode.kind}` : null;
  const [cover, setCover] = useState<{ key: string; drawn: Drawn } | null>(null);

  useEffect(() => {
    if (key === null || url === null || box === null || mode.kind === 'off') return;
    let isCurrent = true;
    // Decoded inside the fetch, within the picture budget (art/decode.ts): a picture that fails is not kept.
    fetchImage(url, (bytes) => drawCover(draw, bytes, box, mode))
      .then((drawn) => {
        if (isCurrent) setCover({ key, drawn });
      })
      .catch((error: unknown) => {
        // What could not be fetched, the API's fetcher has logged (or refused earlier this run, and logged
        // then); what came but is no picture, or costs too much to decode, is logged here.
        if (isCurrent && !(error instanceof ImageFetchError)) {
          onProblem?.(`cover art: ${url}: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
    return () => {
      isCurrent = false;
    };
    // The key holds everything the effect reads that matters.
  }, [key]);

  // No box at all for an item without a picture: its text keeps the whole width.
  if (box === null || mode.kind === 'off' || url === null) return null;
  return cover !== null && cover.key === key ? cover.drawn : { kind: 'placeholder' };
}
