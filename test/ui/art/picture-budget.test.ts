/**
 * Issue 26, finding 3: a cover is decoded within a fixed budget (pixels, inflated bytes, JPEG scans, time), and
 * what is past it is refused before it costs anything: a deflate bomb stops at the size its header implies.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { coverPng } from '../../../src/service/images/cover-picture.js';
import { decodeImage, ImageDecodeError } from '../../../src/ui/art/decode.js';
import { PICTURE_BUDGET } from '../../../src/ui/art/picture-budget.js';
import { interlacedPng, pngBomb, pngWith, progressiveJpeg } from '../../helpers/picture-bomb.js';

const RED = [255, 0, 0, 255] as const;

/** A JPEG of markers only: a frame of `width`×`height` and `scans` empty scans (refused before any decoding). */
function jpegOf(width: number, height: number, scans: number): Buffer {
  const frame = Buffer.from([0xff, 0xc2, 0, 11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const scan = Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0, 0x12, 0x34]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), frame, ...Array<Buffer>(scans).fill(scan), Buffer.from([0xff, 0xd9])]);
}

describe('the picture budget', () => {
  it('decodes an interlaced PNG within it', () => {
    const image = decodeImage(interlacedPng(16, 16, () => RED));
    expect([image.width, image.height, ...image.data.slice(0, 4)]).toEqual([16, 16, ...RED]);
  });

  it('refuses an interlaced 16×16 PNG whose data inflates to 64 MB, having inflated no more than its header implies', async () => {
    const bomb = await pngBomb(64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(100_000);
    expect(() => decodeImage(bomb)).toThrow(ImageDecodeError);
    expect(() => decodeImage(bomb)).toThrow(/inflates past the 1\d{3} bytes its header says \(a deflate bomb\)/);
  });

  it('refuses pixel data longer than the header says, interlaced or not', () => {
    const rows = Buffer.alloc(16 * (16 * 4 + 1) + 10);
    expect(() => decodeImage(pngWith(16, 16, false, deflateSync(rows)))).toThrow(/a deflate bomb/);
    expect(decodeImage(pngWith(16, 16, false, deflateSync(rows.subarray(0, 16 * 65)))).width).toBe(16);
  });

  it('refuses a picture of more pixels than a cover needs, before decoding it', () => {
    const side = Math.sqrt(PICTURE_BUDGET.maxPixels) + 1;
    expect(() => decodeImage(pngWith(side, side, false, deflateSync(Buffer.alloc(1))))).toThrow(/image too large: \d+×\d+ pixels/);
    expect(() => decodeImage(jpegOf(5000, 5000, 1))).toThrow(/image too large: 5000×5000 pixels/);
  });

  it('refuses a JPEG of more scans than the budget allows, before decoding it', () => {
    expect(() => decodeImage(jpegOf(64, 64, PICTURE_BUDGET.maxJpegScans + 1))).toThrow(new RegExp(`more than ${PICTURE_BUDGET.maxJpegScans} scans`));
  });

  it('refuses a picture that took longer than the budget to decode, however it did', () => {
    let clock = 0;
    const slow = () => (clock += PICTURE_BUDGET.maxDecodeMs + 1);
    expect(() => decodeImage(coverPng('x', 64), { now: slow })).toThrow(/over the budget of \d+ ms/);
    expect(decodeImage(coverPng('x', 64), { now: () => 0 }).width).toBe(64);
  });

  // Issue 37, finding 1: a comment that declares one byte too many right after the start hid every later marker
  // from the walk, while the decoder found its way back and read 10,000 scans (the UI thread stopped for seconds).
  it('counts the scans of the whole file: 10,000 hidden behind a comment that declares a byte too many are refused at once', () => {
    const hidden = progressiveJpeg(1600, 1600, 10_000, { hiddenByComment: true });
    expect(hidden.length).toBeLessThan(200_000);
    expect(() => decodeImage(hidden)).toThrow(new RegExp(`more than ${PICTURE_BUDGET.maxJpegScans} scans`));
  });

  it('refuses a JPEG whose markers do not follow one another by their lengths to its end', () => {
    expect(() => decodeImage(progressiveJpeg(64, 64, 4, { hiddenByComment: true }))).toThrow(/a JPEG whose markers do not follow one another \(at byte \d+\)/);
    const whole = progressiveJpeg(64, 64, 4);
    expect(() => decodeImage(whole.subarray(0, whole.length - 2))).toThrow(/a JPEG cut short: no end of image/);
    expect(() => decodeImage(Buffer.concat([whole.subarray(0, 2), Buffer.from([0xff, 0x00, 0, 4, 0, 0]), whole.subarray(2)]))).toThrow(/unknown marker 0x0/);
  });

  it('decodes a progressive JPEG within the budget, and what follows its end of image is not read', () => {
    const image = decodeImage(progressiveJpeg(64, 64, 10));
    expect([image.width, image.height]).toEqual([64, 64]);
    expect(decodeImage(Buffer.concat([progressiveJpeg(16, 16, 2), Buffer.from('trailing bytes')])).width).toBe(16);
  });
});
