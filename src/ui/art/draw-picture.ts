/**
 * A cover's bytes as what its box shows: decoded within the picture budget (decode.ts), scaled and encoded as
 * half-block rows or as the PNG a kitty terminal draws. Pure and synchronous, and all of a picture's cost: the
 * dashboard runs it in a worker thread (picture-thread.ts), so that no picture holds up its clock.
 */
import { coverCells } from './cover-cells.js';
import { decodeImage } from './decode.js';
import type { ColourDepth } from './half-blocks.js';
import { picturePng } from './picture-png.js';

export interface DrawRequest {
  columns: number;
  rows: number;
  /** Half-blocks in this colour depth, or a picture for the terminal to draw. */
  style: ColourDepth | 'kitty';
}

export type DrawnPicture = { kind: 'rows'; rows: string[] } | { kind: 'png'; png: Buffer };

/** Throws ImageDecodeError for bytes that are no picture or past the budget. */
export function drawPicture(bytes: Buffer, { columns, rows, style }: DrawRequest): DrawnPicture {
  const image = decodeImage(bytes);
  if (style === 'kitty') return { kind: 'png', png: picturePng(image, columns, rows) };
  return { kind: 'rows', rows: coverCells(image, columns, rows, style) };
}
