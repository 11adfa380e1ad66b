import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { Pixels } from './pixels.js';

/** Larger pictures are refused before decoding: a cover needs far fewer pixels than this. */
export const MAX_PIXELS = 4096 * 4096;

export class ImageDecodeError extends Error {}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG or JPEG bytes (told apart by their signature, not by what the server claimed) as RGBA pixels. */
export function decodeImage(bytes: Buffer): Pixels {
  try {
    if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
      if (bytes.length >= 24 && bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > MAX_PIXELS) {
        throw new ImageDecodeError('image too large');
      }
      const png = PNG.sync.read(bytes);
      return { width: png.width, height: png.height, data: png.data };
    }
    if (bytes[0] === 0xff && bytes[1] === 0xd8) {
      const image = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_PIXELS / 1_000_000,
        maxMemoryUsageInMB: 128,
      });
      return { width: image.width, height: image.height, data: image.data };
    }
  } catch (error) {
    if (error instanceof ImageDecodeError) throw error;
    throw new ImageDecodeError(`cannot decode the image: ${error instanceof Error ? error.message : String(error)}`);
  }
  throw new ImageDecodeError('not a PNG or JPEG image');
}
