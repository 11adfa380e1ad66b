/**
 * What a cover may cost before it is decoded: its size read from its header, and for a PNG its pixel data
 * inflated with a cap at exactly the size the header implies, so that a deflate bomb (a 16×16 picture whose
 * data inflates to gigabytes) stops at a few bytes past that size instead of taking the process's memory.
 * For a JPEG the scans are counted: each scan of a progressive JPEG walks every block of the picture.
 * Linear in the file's bytes; the decoding that follows is bounded by what is checked here.
 */
import { inflateSync } from 'node:zlib';

export const PICTURE_BUDGET = {
  /**
   * A cover needs far fewer (services send 640×640, the kitty box draws 160×160), and decoding this many takes
   * the UI thread most of a second on a slow machine: a larger picture is refused, not decoded.
   */
  maxPixels: 1600 * 1600,
  /** A PNG's pixel data once inflated: 8-bit RGBA at the largest size, with a filter byte a row. */
  maxInflatedBytes: 1600 * (1600 * 4 + 1),
  /** A progressive JPEG from the usual encoders has about ten. */
  maxJpegScans: 64,
  /** A decode that took longer is refused (and so never cached, never done again). */
  maxDecodeMs: 1_500,
};

export type PictureBudget = typeof PICTURE_BUDGET;

export class PictureRefused extends Error {}

/** Channels of each PNG colour type: grey, RGB, palette, grey and alpha, RGBA. */
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7: x, y, x step, y step of each of the seven passes of an interlaced PNG. */
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

function checkSize(width: number, height: number, budget: PictureBudget): void {
  if (width === 0 || height === 0) throw new PictureRefused('a picture of no pixels');
  if (width * height > budget.maxPixels) throw new PictureRefused(`image too large: ${width}×${height} pixels`);
}

/** The bytes a PNG's pixel data inflates to, from its header: rows of pixels, each after a filter byte. */
function inflatedSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const row = (pixels: number): number => (pixels === 0 ? 0 : 1 + Math.ceil((pixels * bitsPerPixel) / 8));
  if (!interlaced) return height * row(width);
  let total = 0;
  for (const [x, y, dx, dy] of ADAM7) {
    const columns = Math.max(0, Math.ceil((width - x) / dx));
    const rows = Math.max(0, Math.ceil((height - y) / dy));
    if (columns > 0) total += rows * row(columns);
  }
  return total;
}

/** Throws PictureRefused when the PNG is larger than the budget or its data inflates past what its header says. */
export function checkPng(bytes: Buffer, budget: PictureBudget = PICTURE_BUDGET): void {
  const data: Buffer[] = [];
  let size = 0;
  for (let offset = 8; offset + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const start = offset + 8;
    if (start + length + 4 > bytes.length) throw new PictureRefused(`a PNG cut short (its ${type} chunk)`);
    if (type === 'IHDR') {
      if (length < 13) throw new PictureRefused('a PNG header too short');
      const [width, height] = [bytes.readUInt32BE(start), bytes.readUInt32BE(start + 4)];
      const [depth, colourType, interlace] = [bytes[start + 8]!, bytes[start + 9]!, bytes[start + 12]!];
      const channels = PNG_CHANNELS[colourType];
      if (channels === undefined || ![1, 2, 4, 8, 16].includes(depth)) throw new PictureRefused(`a PNG of an unknown kind (colour type ${colourType}, depth ${depth})`);
      checkSize(width, height, budget);
      size = inflatedSize(width, height, channels * depth, interlace === 1);
      if (size > budget.maxInflatedBytes) throw new PictureRefused(`image too large: its pixel data is ${size} bytes`);
    } else if (type === 'IDAT') {
      if (size === 0) throw new PictureRefused('a PNG with pixel data before its header');
      data.push(bytes.subarray(start, start + length));
    } else if (type === 'IEND') {
      break;
    }
    offset = start + length + 4;
  }
  if (size === 0) throw new PictureRefused('a PNG without a header');
  try {
    inflateSync(Buffer.concat(data), { maxOutputLength: size });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new PictureRefused(`a PNG whose pixel data inflates past the ${size} bytes its header says (a deflate bomb)`);
    }
    throw new PictureRefused(`a PNG whose pixel data does not inflate: ${(error as Error).message}`);
  }
}

const isStartOfFrame = (marker: number): boolean => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isRestart = (marker: number): boolean => marker >= 0xd0 && marker <= 0xd7;
/**
 * The markers a JPEG may hold between SOI and EOI that carry a length: frames, tables (DHT, DAC, DQT, DRI),
 * scans, DNL, DHP, EXP, APPn and comments.
 */
const hasLength = (marker: number): boolean =>
  isStartOfFrame(marker) || marker === 0xc4 || marker === 0xcc || (marker >= 0xda && marker <= 0xdf) || (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;

/**
 * Start-of-scan markers anywhere in the file: every scan the decoder reads is one of them, however it reads
 * the markers around it (it recovers from what a walk by the lengths would stop at), so their count bounds its
 * work. A few may be bytes of metadata that look alike, which counts against the picture, never for it.
 */
function scansIn(bytes: Buffer): number {
  let scans = 0;
  for (let at = bytes.indexOf(0xff); at !== -1 && at + 1 < bytes.length; at = bytes.indexOf(0xff, at + 1)) if (bytes[at + 1] === 0xda) scans += 1;
  return scans;
}

/**
 * Throws PictureRefused unless the JPEG's markers follow one another by their lengths from SOI to EOI (a
 * segment that declares a byte too many must not hide the markers after it), its frame is within the budget
 * and the whole file holds no more scans than the budget allows.
 */
export function checkJpeg(bytes: Buffer, budget: PictureBudget = PICTURE_BUDGET): void {
  if (scansIn(bytes) > budget.maxJpegScans) throw new PictureRefused(`a JPEG of more than ${budget.maxJpegScans} scans`);
  let offset = 2;
  for (;;) {
    if (offset + 1 >= bytes.length) throw new PictureRefused('a JPEG cut short: no end of image');
    if (bytes[offset] !== 0xff) throw new PictureRefused(`a JPEG whose markers do not follow one another (at byte ${offset})`);
    const marker = bytes[offset + 1]!;
    if (marker === 0xd9) return; // end of image: what follows is not read
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || isRestart(marker)) {
      offset += 2; // no length
      continue;
    }
    if (!hasLength(marker)) throw new PictureRefused(`a JPEG with an unknown marker 0x${marker.toString(16)} (at byte ${offset})`);
    if (offset + 4 > bytes.length) throw new PictureRefused('a JPEG cut short: no end of image');
    const length = bytes.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) throw new PictureRefused(`a JPEG whose segment at byte ${offset} runs past its end`);
    if (isStartOfFrame(marker)) {
      if (length < 7) throw new PictureRefused('a JPEG frame header too short');
      checkSize(bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5), budget);
    }
    offset = end;
    if (marker !== 0xda) continue;
    // The scan's coded data runs to the next marker that is not a stuffed 0xff00 or a restart.
    while (offset + 1 < bytes.length && !(bytes[offset] === 0xff && bytes[offset + 1] !== 0 && !isRestart(bytes[offset + 1]!))) offset += 1;
  }
}
