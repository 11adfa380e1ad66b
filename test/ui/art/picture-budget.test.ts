/**
 * Issue 26, finding 3: a cover is decoded within a fixed budget (pixels, inflated bytes, JPEG scans, time), and
 * what is past it is refused before it costs anything: a deflate bomb stops at the size its header implies.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { coverPng } from '../../../src/service/images/cover-picture.js';
import { decodeImage, ImageDecodeError } from '../../../src/ui/art/decode.js';
import { PICTURE_BUDGET } from '../../../src/ui/art/picture-budget.js';
import { interlacedPng, pngBomb, pngWith } from '../../helpers/picture-bomb.js';

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
});
