import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedPicturePath } from '../../src/api/image-cache.js';
import { cachedCoverOf, coverUrlOf } from '../../src/desktop/art.js';
import { playback } from '../status/playback-fixture.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'playdeck-art-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const small = { url: 'http://127.0.0.1:1/pictures/a-64.png', width: 64, height: 64 };
const large = { url: 'http://127.0.0.1:1/pictures/a-640.png', width: 640, height: 640 };
const track = () => {
  const item = playback().item!;
  if (item.type !== 'track') throw new Error('a track');
  return { ...item, album: { ...item.album, images: [small, large] } };
};

describe("the cover the desktop is shown", () => {
  it('is the largest of the pictures on disk in the picture cache, as a file:// URL', () => {
    expect(coverUrlOf(track(), dir)).toBeNull();
    writeFileSync(cachedPicturePath(dir, small.url), 'png');
    expect(cachedCoverOf(track(), dir)).toBe(cachedPicturePath(dir, small.url));
    writeFileSync(cachedPicturePath(dir, large.url), 'png');
    expect(coverUrlOf(track(), dir)).toBe(`file://${cachedPicturePath(dir, large.url)}`);
  });

  it('is none without a cache, an item or a picture', () => {
    expect(coverUrlOf(track(), null)).toBeNull();
    expect(coverUrlOf(null, dir)).toBeNull();
    expect(coverUrlOf(playback().item, dir)).toBeNull();
  });
});
