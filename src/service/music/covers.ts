import { createReadStream } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { parseStream, selectCover } from 'music-metadata';
import { readMoov } from './mp4-chapters.js';

/**
 * The picture of an album, show or audiobook, read when asked for (the scan reads tags only): a picture file
 * beside its first file (`cover.jpg`, `folder.png`, `front.jpg`, `album.jpeg`…, any case), else the one
 * embedded in it. Within a budget: a picture file is measured before it is read, an embedded one is looked
 * for in the file's first TAG_BUDGET_BYTES only (the MP4's moov atom, measured first, at most as much), and a
 * picture past MAX_PICTURE_BYTES (more than the dashboard takes) is refused. Only JPEG and PNG, which the
 * dashboard decodes.
 */
export const MAX_PICTURE_BYTES = 4 * 1024 * 1024;
const TAG_BUDGET_BYTES = 8 * 1024 * 1024;
const NAMES = ['cover', 'folder', 'front', 'album', 'albumart'];
const EXTENSIONS = ['.jpg', '.jpeg', '.png'];

export interface Picture {
  bytes: Buffer;
  type: 'image/jpeg' | 'image/png';
}

/** A picture, `too large`, or null when there is none to be had. */
export type Cover = Picture | 'too large' | null;

function pictureOf(bytes: Buffer): Picture | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { bytes, type: 'image/jpeg' };
  if (bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return { bytes, type: 'image/png' };
  return null;
}

/** The first picture file of the folder, by the names' order. */
async function besideFile(folder: string): Promise<Cover> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return null;
  }
  const byName = new Map(names.map((name) => [name.toLowerCase(), name]));
  for (const base of NAMES) {
    for (const extension of EXTENSIONS) {
      const name = byName.get(`${base}${extension}`);
      if (name === undefined) continue;
      const path = join(folder, name);
      try {
        const info = await stat(path);
        if (!info.isFile()) continue;
        if (info.size > MAX_PICTURE_BYTES) return 'too large';
        const picture = pictureOf(await readFile(path));
        if (picture) return picture;
      } catch {
        // Gone meanwhile, or unreadable: the next name.
      }
    }
  }
  return null;
}

/** An MP4's cover: moov/udta/meta/ilst/covr/data. */
function mp4Cover(moov: Buffer): Buffer | null {
  const child = (bytes: Buffer, name: string, skip = 0): Buffer | null => {
    let position = skip;
    while (position + 8 <= bytes.length) {
      const length = bytes.readUInt32BE(position);
      if (length < 8 || position + length > bytes.length) return null;
      if (bytes.toString('latin1', position + 4, position + 8) === name) return bytes.subarray(position + 8, position + length);
      position += length;
    }
    return null;
  };
  const udta = child(moov, 'udta');
  // meta is a full atom: its version and flags come before its children.
  const meta = udta && child(udta, 'meta');
  const ilst = meta && child(meta, 'ilst', 4);
  const data = ilst && child(child(ilst, 'covr') ?? Buffer.alloc(0), 'data');
  // data: a type (4 bytes) and a locale (4 bytes), then the picture.
  return data && data.length > 8 ? data.subarray(8) : null;
}

/** The size an ID3v2 tag at the file's start says it has (its header's syncsafe integer), 0 without one. */
async function id3TagBytes(path: string): Promise<number> {
  const file = await open(path, 'r');
  try {
    const header = Buffer.alloc(10);
    await file.read(header, 0, 10, 0);
    if (header.toString('latin1', 0, 3) !== 'ID3') return 0;
    return ((header[6]! & 0x7f) << 21) | ((header[7]! & 0x7f) << 14) | ((header[8]! & 0x7f) << 7) | (header[9]! & 0x7f);
  } finally {
    await file.close();
  }
}

async function embedded(path: string): Promise<Cover> {
  try {
    let bytes: Buffer | null;
    if (['.m4a', '.m4b', '.mp4'].includes(extname(path).toLowerCase())) {
      const moov = await readMoov(path);
      bytes = moov && mp4Cover(moov);
    } else {
      if ((await id3TagBytes(path)) > TAG_BUDGET_BYTES) return 'too large';
      const size = (await stat(path)).size;
      const stream = createReadStream(path, { start: 0, end: Math.min(size, TAG_BUDGET_BYTES) - 1 });
      try {
        const metadata = await parseStream(stream, { path, size: Math.min(size, TAG_BUDGET_BYTES) }, { duration: false, skipPostHeaders: true });
        const cover = selectCover(metadata.common.picture);
        bytes = cover ? Buffer.from(cover.data) : null;
      } finally {
        stream.destroy();
      }
    }
    if (bytes === null) return null;
    if (bytes.length > MAX_PICTURE_BYTES) return 'too large';
    return pictureOf(bytes);
  } catch {
    // Tags past the budget, or a file that does not parse: no picture.
    return null;
  }
}

/** The cover of the item whose first files are `paths` (absolute), as the module's comment says. */
export async function coverOf(paths: readonly string[]): Promise<Cover> {
  const first = paths[0];
  if (first === undefined) return null;
  const beside = await besideFile(dirname(first));
  if (beside !== null) return beside;
  for (const path of paths) {
    const found = await embedded(path);
    if (found !== null) return found;
  }
  return null;
}
