import { rgbAt, type Pixels, type Rgb } from './pixels.js';

/**
 * Two pixels per cell: `▀` in the upper pixel's colour over a background of the lower one. A terminal cell is
 * about twice as tall as wide, so a picture of W × 2H pixels fills W × H cells with square pixels.
 */

export type ColourDepth = 'truecolor' | '256';

const UPPER_HALF = '▀';
const RESET = '\u001b[0m';

/** The nearest colour of the xterm 256-colour cube or grey ramp. */
export function xterm256(rgb: Rgb): number {
  const [r, g, b] = rgb;
  const level = (value: number): number => (value < 48 ? 0 : value < 115 ? 1 : Math.floor((value - 35) / 40));
  const steps = [0, 95, 135, 175, 215, 255];
  const cube = [level(r), level(g), level(b)] as const;
  const cubeRgb = cube.map((index) => steps[index]!);
  const grey = Math.round((r + g + b) / 3);
  const greyIndex = grey > 238 ? 23 : Math.max(0, Math.round((grey - 8) / 10));
  const greyValue = 8 + greyIndex * 10;
  const distance = (a: readonly number[]): number => (a[0]! - r) ** 2 + (a[1]! - g) ** 2 + (a[2]! - b) ** 2;
  return distance([greyValue, greyValue, greyValue]) < distance(cubeRgb)
    ? 232 + greyIndex
    : 16 + 36 * cube[0] + 6 * cube[1] + cube[2];
}

function sgr(rgb: Rgb, layer: 38 | 48, depth: ColourDepth): string {
  return depth === 'truecolor' ? `\u001b[${layer};2;${rgb[0]};${rgb[1]};${rgb[2]}m` : `\u001b[${layer};5;${xterm256(rgb)}m`;
}

/**
 * One string per cell row, each `image.width` cells wide, ending in a reset. The image's height must be
 * even (two pixel rows per cell row). Colours are repeated only where they change along a row.
 */
export function halfBlockRows(image: Pixels, depth: ColourDepth): string[] {
  const rows: string[] = [];
  for (let y = 0; y + 1 < image.height; y += 2) {
    let line = '';
    let lastTop = '';
    let lastBottom = '';
    for (let x = 0; x < image.width; x += 1) {
      const top = sgr(rgbAt(image, x, y), 38, depth);
      const bottom = sgr(rgbAt(image, x, y + 1), 48, depth);
      if (top !== lastTop) line += top;
      if (bottom !== lastBottom) line += bottom;
      line += UPPER_HALF;
      lastTop = top;
      lastBottom = bottom;
    }
    rows.push(line + RESET);
  }
  return rows;
}
