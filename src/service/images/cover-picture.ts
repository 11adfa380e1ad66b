import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';

/**
 * Pictures for the demo catalog, made from an item's id instead of stored: the same id always gives the same
 * picture, and the hash picks the hues and the pattern, so neighbouring albums look unlike each other.
 */

type Rgb = readonly [number, number, number];

interface Recipe {
  background: Rgb;
  foreground: Rgb;
  accent: Rgb;
  pattern: number;
  /** Pattern scale and phase, from the hash, so two albums of the same pattern still differ. */
  bands: number;
  phase: number;
}

export const PATTERN_COUNT = 4;

function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const h = (hue % 360) / 60;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1 ? [chroma, x, 0] : h < 2 ? [x, chroma, 0] : h < 3 ? [0, chroma, x]
      : h < 4 ? [0, x, chroma] : h < 5 ? [x, 0, chroma] : [chroma, 0, x];
  const m = lightness - chroma / 2;
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

export function recipeFor(id: string): Recipe {
  const hash = createHash('sha256').update(id).digest();
  const hue = (hash.readUInt16BE(0) / 65536) * 360;
  const turn = 90 + (hash[2]! % 120);
  return {
    background: hsl(hue, 0.55, 0.22),
    foreground: hsl(hue + turn, 0.7, 0.58),
    accent: hsl(hue + turn * 2, 0.65, 0.72),
    pattern: hash[3]! % PATTERN_COUNT,
    bands: 3 + (hash[4]! % 5),
    phase: hash[5]! / 255,
  };
}

/** Which colour a point (0..1 on each axis) of the picture has. */
function colourAt(recipe: Recipe, x: number, y: number): Rgb {
  const { bands, phase } = recipe;
  switch (recipe.pattern) {
    case 0: {
      // Rings around a centre set by the phase.
      const d = Math.hypot(x - 0.3 - phase * 0.4, y - 0.5) * bands * 2;
      return Math.floor(d) % 3 === 0 ? recipe.accent : Math.floor(d) % 2 === 0 ? recipe.foreground : recipe.background;
    }
    case 1: {
      // Diagonal stripes.
      const s = Math.floor((x + y + phase) * bands);
      return s % 3 === 0 ? recipe.foreground : s % 3 === 1 ? recipe.background : recipe.accent;
    }
    case 2: {
      // A grid of squares, one in three lit.
      const cx = Math.floor(x * bands);
      const cy = Math.floor(y * bands);
      return (cx * 7 + cy * 3 + Math.floor(phase * 10)) % 3 === 0 ? recipe.foreground : recipe.background;
    }
    default: {
      // A sun over horizontal bands.
      if (Math.hypot(x - 0.5, y - 0.35) < 0.18 + phase * 0.1) return recipe.accent;
      return Math.floor(y * bands * 2) % 2 === 0 && y > 0.5 ? recipe.foreground : recipe.background;
    }
  }
}

/** RGBA pixels of the picture for `id`, `size` × `size`. */
export function coverPixels(id: string, size: number): Buffer {
  const recipe = recipeFor(id);
  const data = Buffer.alloc(size * size * 4);
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      const [r, g, b] = colourAt(recipe, (column + 0.5) / size, (row + 0.5) / size);
      const offset = (row * size + column) * 4;
      data[offset] = r;
      data[offset + 1] = g;
      data[offset + 2] = b;
      data[offset + 3] = 255;
    }
  }
  return data;
}

/** The picture for `id` as a PNG file. */
export function coverPng(id: string, size: number): Buffer {
  const png = new PNG({ width: size, height: size });
  png.data = coverPixels(id, size);
  return PNG.sync.write(png, { colorType: 2 });
}
