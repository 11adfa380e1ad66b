import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { checkJpeg, checkPng, PICTURE_BUDGET, PictureRefused, type PictureBudget } from './picture-budget.js';
import { ImageDecodeError } from './decode-error.js';
import type { Pixels } from './pixels.js';

export { ImageDecodeError };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface DecodeOptions {
  budget?: PictureBudget;
  /** Milliseconds, for the time the decode took; performance.now by default. */
  now?: () => number;
}

/**
 * PNG or JPEG bytes (told apart by their signature, not by what the server claimed) as RGBA pixels, within
 * the picture budget (picture-budget.ts): checked before decoding, so a picture too large or a deflate bomb
 * costs no more than reading its header and its capped data; one that still took too long is refused too.
 */
export function decodeImage(bytes: Buffer, { budget = PICTURE_BUDGET, now = () => performance.now() }: DecodeOptions = {}): Pixels {
  const started = now();
  const pixels = decodeWithin(bytes, budget);
  const took = now() - started;
  if (took > budget.maxDecodeMs) throw new ImageDecodeError(`took ${Math.round(took)} ms to decode, over the budget of ${budget.maxDecodeMs} ms`);
  return pixels;
}

function decodeWithin(bytes: Buffer, budget: PictureBudget): Pixels {
  try {
    if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
      checkPng(bytes, budget);
      const png = PNG.sync.read(bytes);
      return { width: png.width, height: png.height, data: png.data };
    }
    if (bytes[0] === 0xff && bytes[1] === 0xd8) {
      checkJpeg(bytes, budget);
      const image = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: budget.maxPixels / 1_000_000,
        maxMemoryUsageInMB: 128,
      });
      return { width: image.width, height: image.height, data: image.data };
    }
  } catch (error) {
    if (error instanceof PictureRefused) throw new ImageDecodeError(`cannot decode the image: ${error.message}`);
    throw new ImageDecodeError(`cannot decode the image: ${error instanceof Error ? error.message : String(error)}`);
  }
  throw new ImageDecodeError('not a PNG or JPEG image');
}
