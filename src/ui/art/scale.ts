import type { Pixels } from './pixels.js';

/**
 * Scales to `width` × `height` by area averaging: each target pixel is the mean of the source area it
 * covers, weighted by how much of each source pixel falls inside. Downscaling a 300 px cover to a 10×10
 * cell grid this way keeps its colours (a nearest-pixel pick would flicker between details).
 * Upscaling falls back to the same weights, which then amounts to nearest-neighbour blocks.
 */
export function scaleImage(source: Pixels, width: number, height: number): Pixels {
  const data = new Uint8Array(width * height * 4);
  const xRatio = source.width / width;
  const yRatio = source.height / height;
  for (let ty = 0; ty < height; ty += 1) {
    const y0 = ty * yRatio;
    const y1 = y0 + yRatio;
    for (let tx = 0; tx < width; tx += 1) {
      const x0 = tx * xRatio;
      const x1 = x0 + xRatio;
      const sum = [0, 0, 0, 0];
      let total = 0;
      for (let sy = Math.floor(y0); sy < Math.min(Math.ceil(y1), source.height); sy += 1) {
        const wy = Math.min(y1, sy + 1) - Math.max(y0, sy);
        for (let sx = Math.floor(x0); sx < Math.min(Math.ceil(x1), source.width); sx += 1) {
          const weight = wy * (Math.min(x1, sx + 1) - Math.max(x0, sx));
          const offset = (sy * source.width + sx) * 4;
          for (let channel = 0; channel < 4; channel += 1) sum[channel]! += source.data[offset + channel]! * weight;
          total += weight;
        }
      }
      const target = (ty * width + tx) * 4;
      for (let channel = 0; channel < 4; channel += 1) data[target + channel] = Math.round(sum[channel]! / total);
    }
  }
  return { width, height, data };
}
