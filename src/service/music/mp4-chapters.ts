import { open, type FileHandle } from 'node:fs/promises';
import type { FileChapter } from './file-tags.js';
import { tagText } from './tag-text.js';

/**
 * The chapters of an MP4 file (an .m4b audiobook) from the Nero `chpl` atom (moov/udta/chpl), which ffmpeg and
 * most audiobook tools write: music-metadata reads the QuickTime chapter track only when the moov atom comes
 * before the media data, and not all its entries. Reads the atoms' headers and the moov atom alone, at most
 * MAX_MOOV_BYTES of it.
 */
const MAX_MOOV_BYTES = 8 * 1024 * 1024;

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The moov atom's bytes (its header left out), or null when the file has none or it is past the budget. */
export async function readMoov(path: string): Promise<Buffer | null> {
  const file = await open(path, 'r');
  try {
    const size = (await file.stat()).size;
    let position = 0;
    while (position + 8 <= size) {
      const header = await readAt(file, position, 16);
      if (header.length < 8) return null;
      let length = header.readUInt32BE(0);
      let headerLength = 8;
      if (length === 1 && header.length >= 16) {
        length = Number(header.readBigUInt64BE(8));
        headerLength = 16;
      } else if (length === 0) {
        length = size - position;
      }
      if (length < headerLength) return null;
      if (header.toString('latin1', 4, 8) === 'moov') {
        return length - headerLength > MAX_MOOV_BYTES ? null : readAt(file, position + headerLength, length - headerLength);
      }
      position += length;
    }
    return null;
  } finally {
    await file.close();
  }
}

/** The child atom `name` inside a container's bytes. */
function child(bytes: Buffer, name: string): Buffer | null {
  let position = 0;
  while (position + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(position);
    if (length < 8 || position + length > bytes.length) return null;
    if (bytes.toString('latin1', position + 4, position + 8) === name) return bytes.subarray(position + 8, position + length);
    position += length;
  }
  return null;
}

/** The chapters of the `chpl` atom in a moov atom's bytes, each ending where the next starts; null when there is none. */
export function chplChapters(moov: Buffer): FileChapter[] | null {
  const chpl = child(child(moov, 'udta') ?? Buffer.alloc(0), 'chpl');
  if (chpl === null || chpl.length < 9) return null;
  // Version and flags (4 bytes), 4 reserved bytes in version 1, then a count of one byte.
  const version = chpl[0]!;
  let position = version === 1 ? 8 : 4;
  const count = chpl[position]!;
  position += 1;
  const starts: { title: string | null; startMs: number }[] = [];
  for (let index = 0; index < count && position + 9 <= chpl.length; index++) {
    // 100-nanosecond units.
    const startMs = Math.round(Number(chpl.readBigUInt64BE(position)) / 10_000);
    const length = chpl[position + 8]!;
    const title = tagText(chpl.toString('utf8', position + 9, Math.min(chpl.length, position + 9 + length)));
    starts.push({ title, startMs });
    position += 9 + length;
  }
  if (starts.length === 0) return null;
  return starts.map((start, index) => ({ ...start, endMs: starts[index + 1]?.startMs ?? null }));
}
