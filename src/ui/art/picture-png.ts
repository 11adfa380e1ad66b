import { PNG } from 'pngjs';
import type { Pixels } from './pixels.js';
import { scaleImage } from './scale.js';

/**
 * Pixels a cell stands for in a picture the terminal draws (the kitty graphics protocol): about a cell of a
 * large font on a dense screen, so the terminal scales down, which it does well, rather than up.
 */
export const CELL_PIXELS = { width: 16, height: 32 } as const;

/** A picture fitted to `columns` × `rows` cells as PNG, for the terminal to draw over those cells. */
export function picturePng(image: Pixels, columns: number, rows: number): Buffer {
  const scaled = scaleImage(image, columns * CELL_PIXELS.width, rows * CELL_PIXELS.height);
  const png = new PNG({ width: scaled.width, height: scaled.height });
  png.data = Buffer.from(scaled.data.buffer, scaled.data.byteOffset, scaled.data.byteLength);
  return PNG.sync.write(png);
}
