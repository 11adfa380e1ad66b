import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { coverPixels, coverPng } from '../../../src/service/images/cover-picture.js';
import { coverBox, coverCells } from '../../../src/ui/art/cover-cells.js';
import { decodeImage, ImageDecodeError } from '../../../src/ui/art/decode.js';
import { halfBlockRows, xterm256 } from '../../../src/ui/art/half-blocks.js';
import { artModeFor, shouldAskForKitty } from '../../../src/ui/art/mode.js';
import { CELL_PIXELS, picturePng } from '../../../src/ui/art/picture-png.js';
import type { Pixels } from '../../../src/ui/art/pixels.js';
import { scaleImage } from '../../../src/ui/art/scale.js';

function image(width: number, height: number, colourAt: (x: number, y: number) => [number, number, number]): Pixels {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      data.set([...colourAt(x, y), 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

describe('scaleImage', () => {
  it('averages the area each target pixel covers', () => {
    // 4×2: left half black, right half white, scaled to 2×1.
    const source = image(4, 2, (x) => (x < 2 ? [0, 0, 0] : [255, 255, 255]));
    expect([...scaleImage(source, 2, 1).data]).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
    // Scaled to 1×1, the mean grey.
    expect([...scaleImage(source, 1, 1).data.slice(0, 3)]).toEqual([128, 128, 128]);
  });

  it('weights source pixels that a target pixel covers only in part', () => {
    // 3×1 red, green, blue to 2×1: the middle pixel is shared half and half.
    const source = image(3, 1, (x) => (x === 0 ? [255, 0, 0] : x === 1 ? [0, 255, 0] : [0, 0, 255]));
    const { data } = scaleImage(source, 2, 1);
    expect([...data.slice(0, 3)]).toEqual([170, 85, 0]);
    expect([...data.slice(4, 7)]).toEqual([0, 85, 170]);
  });
});

describe('halfBlockRows', () => {
  it('draws two pixels a cell, upper as foreground, lower as background', () => {
    const source = image(2, 2, (x, y) => (y === 0 ? [255, 0, 0] : x === 0 ? [0, 0, 255] : [0, 255, 0]));
    expect(halfBlockRows(source, 'truecolor')).toEqual([
      '\u001b[38;2;255;0;0m\u001b[48;2;0;0;255m▀\u001b[48;2;0;255;0m▀\u001b[0m',
    ]);
  });

  it('uses the 256-colour cube and grey ramp where only those exist', () => {
    expect(xterm256([255, 0, 0])).toBe(196);
    expect(xterm256([0, 0, 0])).toBe(16);
    expect(xterm256([128, 128, 128])).toBe(244);
    const source = image(1, 2, (_, y) => (y === 0 ? [255, 0, 0] : [0, 0, 0]));
    expect(halfBlockRows(source, '256')).toEqual(['\u001b[38;5;196m\u001b[48;5;16m▀\u001b[0m']);
  });
});

describe('cover pictures of the embedded service', () => {
  it('are the same for the same id and differ between ids', () => {
    expect(coverPixels('album-1', 16).equals(coverPixels('album-1', 16))).toBe(true);
    const ids = Array.from({ length: 12 }, (_, index) => `album-${index}`);
    const pictures = new Set(ids.map((id) => coverPixels(id, 16).toString('base64')));
    expect(pictures.size).toBe(ids.length);
  });

  it('are PNG files that decode to their pixels', () => {
    const decoded = decodeImage(coverPng('show-7', 64));
    expect(decoded.width).toBe(64);
    expect(Buffer.from(decoded.data).equals(coverPixels('show-7', 64))).toBe(true);
  });
});

describe('decodeImage', () => {
  it('refuses what is not a PNG or JPEG, corrupt files and huge ones', () => {
    expect(() => decodeImage(Buffer.from('<html>not found</html>'))).toThrow(ImageDecodeError);
    const png = coverPng('x', 8);
    expect(() => decodeImage(png.subarray(0, 40))).toThrow(ImageDecodeError);
    const huge = Buffer.from(png);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    expect(() => decodeImage(huge)).toThrow(/too large/);
  });

  it('reads a PNG with an alpha channel', () => {
    const png = new PNG({ width: 1, height: 1 });
    png.data = Buffer.from([200, 100, 50, 255]);
    expect([...decodeImage(PNG.sync.write(png)).data]).toEqual([200, 100, 50, 255]);
  });
});

describe('coverCells and coverBox', () => {
  it('fits a picture into the box, one string a cell row', () => {
    const rows = coverCells(decodeImage(coverPng('album-1', 64)), 10, 5, 'truecolor');
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.replace(/\u001b\[[0-9;]*m/g, '')).toBe('▀'.repeat(10));
  });

  it('is about 10×5 cells at 120 columns and gone where the text would lose its room', () => {
    expect(coverBox(5, 116)).toEqual({ columns: 10, rows: 5 });
    expect(coverBox(4, 116)).toEqual({ columns: 8, rows: 4 });
    expect(coverBox(2, 116)).toBeNull();
    expect(coverBox(5, 70)).toBeNull();
    expect(coverBox(4, 56)).toBeNull();
  });
});

describe('artModeFor', () => {
  it('draws truecolor blocks by default, 256 colours where the terminal names only those', () => {
    expect(artModeFor('auto', { TERM: 'xterm', COLORTERM: 'truecolor' }, false)).toEqual({ kind: 'blocks', depth: 'truecolor' });
    expect(artModeFor('auto', { TERM: 'tmux-256color', TMUX: '/tmp/x' }, false)).toEqual({ kind: 'blocks', depth: '256' });
  });

  it('uses kitty graphics where the terminal speaks them, never inside tmux unless asked', () => {
    expect(artModeFor('auto', { TERM: 'xterm-kitty' }, false)).toEqual({ kind: 'kitty' });
    expect(artModeFor('auto', { TERM: 'xterm-kitty', TMUX: '/tmp/x' }, false).kind).toBe('blocks');
    expect(artModeFor('kitty', { TMUX: '/tmp/x' }, false)).toEqual({ kind: 'kitty' });
    expect(artModeFor('auto', { TERM_PROGRAM: 'WezTerm' }, false)).toEqual({ kind: 'kitty' });
    expect(artModeFor('auto', { TERM_PROGRAM: 'ghostty' }, false)).toEqual({ kind: 'kitty' });
    expect(artModeFor('auto', { KITTY_WINDOW_ID: '1', TERM: 'screen-256color' }, false).kind).toBe('blocks');
  });

  it('uses kitty graphics where the terminal answered the question, unless told otherwise', () => {
    expect(artModeFor('auto', { TERM: 'xterm-256color' }, false, true)).toEqual({ kind: 'kitty' });
    expect(artModeFor('blocks', { TERM: 'xterm-256color' }, false, true).kind).toBe('blocks');
    expect(artModeFor('auto', { TERM: 'xterm-256color', NO_COLOR: '' }, false, true).kind).toBe('off');
  });

  it('asks the terminal only where the setting is auto, the environment did not tell, and no multiplexer or console is in between', () => {
    expect(shouldAskForKitty('auto', { TERM: 'xterm-256color' })).toBe(true);
    expect(shouldAskForKitty('blocks', { TERM: 'xterm-256color' })).toBe(false);
    expect(shouldAskForKitty('auto', { TERM: 'xterm-kitty' })).toBe(false);
    expect(shouldAskForKitty('auto', { TERM: 'tmux-256color', TMUX: '/tmp/x' })).toBe(false);
    expect(shouldAskForKitty('auto', { TERM: 'xterm-256color', STY: '1.pts' })).toBe(false);
    expect(shouldAskForKitty('auto', { TERM: 'linux' })).toBe(false);
    expect(shouldAskForKitty('auto', { TERM: 'xterm-256color', TERM_PROGRAM: 'Apple_Terminal' })).toBe(false);
    expect(shouldAskForKitty('auto', { TERM: 'dumb' })).toBe(false);
    expect(shouldAskForKitty('auto', { TERM: 'xterm-256color', NO_COLOR: '1' })).toBe(false);
  });

  it('draws nothing when colours are off or the setting says so', () => {
    expect(artModeFor('auto', { NO_COLOR: '1' }, false)).toEqual({ kind: 'off' });
    expect(artModeFor('blocks', {}, true)).toEqual({ kind: 'off' });
    expect(artModeFor('off', {}, false)).toEqual({ kind: 'off' });
  });
});

describe('picturePng', () => {
  it('fits a picture to the pixels of its cells as a PNG the terminal can draw', () => {
    const source = image(4, 4, (x) => (x < 2 ? [255, 0, 0] : [0, 0, 255]));
    const png = PNG.sync.read(picturePng(source, 2, 1));
    expect([png.width, png.height]).toEqual([2 * CELL_PIXELS.width, CELL_PIXELS.height]);
    expect([...png.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect([...png.data.subarray(png.data.length - 4)]).toEqual([0, 0, 255, 255]);
  });
});
