import { halfBlockRows, type ColourDepth } from './half-blocks.js';
import type { Pixels } from './pixels.js';
import { scaleImage } from './scale.js';

/**
 * A picture fitted into `columns` × `rows` cells as half-block rows: two pixels a cell vertically, so the
 * pixel grid is columns × 2·rows (square for a square cover in a box twice as wide as tall).
 */
export function coverCells(image: Pixels, columns: number, rows: number, depth: ColourDepth): string[] {
  return halfBlockRows(scaleImage(image, columns, rows * 2), depth);
}

/** Narrower than this, the title and the settings line would be cut short for a picture: text goes first. */
const MIN_TEXT_COLUMNS = 60;

/** The cover's box beside text `innerHeight` rows tall and `innerWidth` wide: square pixels, at most 10×5 cells. */
export function coverBox(innerHeight: number, innerWidth: number): { columns: number; rows: number } | null {
  const rows = Math.min(innerHeight, 5);
  const columns = rows * 2;
  // The text beside it needs its room: no picture in a pane too narrow or too short to share.
  if (rows < 3 || innerWidth - columns - 2 < MIN_TEXT_COLUMNS) return null;
  return { columns, rows };
}
