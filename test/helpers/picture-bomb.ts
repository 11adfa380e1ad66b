/**
 * Pictures made by hand for the decoding budget's tests: interlaced PNGs (pngjs writes none), and a deflate
 * bomb, a 16×16 interlaced PNG whose pixel data inflates to hundreds of megabytes (made here, in a second or
 * so: nothing that large is kept in the repository). Also a local server of such a picture, and a database
 * whose every item shows it as its cover.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDeflate, deflateSync } from 'node:zlib';
import Database from 'better-sqlite3';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

/** An 8-bit RGBA PNG whose pixel data is `idat` as given (already deflated). */
export function pngWith(width: number, height: number, interlaced: boolean, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, interlaced ? 1 : 0], 8);
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** A true interlaced RGBA PNG of `colourAt`'s pixels. */
export function interlacedPng(width: number, height: number, colourAt: (x: number, y: number) => readonly [number, number, number, number]): Buffer {
  const rows: number[] = [];
  for (const [x0, y0, dx, dy] of ADAM7) {
    if (x0 >= width) continue;
    for (let y = y0; y < height; y += dy) {
      rows.push(0); // filter: none
      for (let x = x0; x < width; x += dx) rows.push(...colourAt(x, y));
    }
  }
  return pngWith(width, height, true, deflateSync(Buffer.from(rows)));
}

/** A 16×16 interlaced PNG whose pixel data inflates to `inflatedBytes` zeros (768 MB compresses to ~0.8 MB). */
export async function pngBomb(inflatedBytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let left = inflatedBytes; left > 0; left -= zeros.length) {
    if (!deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return pngWith(16, 16, true, Buffer.concat(parts));
}

export interface PictureServer {
  url: string;
  /** Requests it answered so far. */
  requests(): number;
  close(): Promise<void>;
}

/** Serves `bytes` as `image/png` at `/cover.png` on 127.0.0.1 (another origin than any service). */
export async function startPictureServer(bytes: Buffer): Promise<PictureServer> {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cover.png`,
    requests: () => requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Rewrites a seeded database so that every track, episode, show, audiobook and chapter has `url` as its only picture. */
export function showPictureEverywhere(path: string, url: string): void {
  const db = new Database(path);
  try {
    const images = [{ url, width: 64, height: 64 }];
    for (const table of ['tracks', 'episodes', 'shows', 'audiobooks', 'chapters']) {
      const rows = db.prepare<[], { id: string; doc: string }>(`SELECT id, doc FROM ${table}`).all();
      const write = db.prepare(`UPDATE ${table} SET doc = ? WHERE id = ?`);
      db.transaction(() => {
        for (const row of rows) write.run(JSON.stringify(JSON.parse(row.doc), (key, value: unknown) => (key === 'images' ? images : value)), row.id);
      })();
    }
  } finally {
    db.close();
  }
}

/** A JPEG segment: its marker, then its length (the two length bytes included) and `data`. */
function segment(marker: number, data: readonly number[] | Buffer, declared = data.length + 2): Buffer {
  return Buffer.concat([Buffer.from([0xff, marker, declared >> 8, declared & 0xff]), Buffer.from(data)]);
}

/** Bits written most significant first, the last byte padded with ones (as a JPEG's coded data is). */
function bitsOf(codes: readonly [value: number, length: number][]): Buffer {
  const bytes: number[] = [];
  let current = 0;
  let filled = 0;
  for (const [value, length] of codes) {
    for (let bit = length - 1; bit >= 0; bit -= 1) {
      current = (current << 1) | ((value >> bit) & 1);
      if (++filled === 8) {
        bytes.push(current);
        if (current === 0xff) bytes.push(0); // stuffed
        current = 0;
        filled = 0;
      }
    }
  }
  if (filled > 0) bytes.push(((current << (8 - filled)) | ((1 << (8 - filled)) - 1)) & 0xff);
  if (bytes.at(-1) === 0xff) bytes.push(0);
  return Buffer.from(bytes);
}

/**
 * A progressive grey JPEG of `width`×`height` whose every block is flat: one DC scan, then `acScans` AC scans
 * of the whole band, each a few bytes that end the band of every block at once (runs of ends of band), so
 * that each scan walks every block of the picture while weighing ~16 bytes: 10,000 of them at 1600×1600 kept
 * a decoder on the UI thread for seconds. With `hiddenByComment`, a comment right after the start declares one
 * byte more than it holds, so a walk by the lengths meets no marker after it (the decoder finds its way back).
 */
export function progressiveJpeg(width: number, height: number, acScans: number, { hiddenByComment = false } = {}): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  // DC: one code of one bit, difference 0. AC: one code of one bit, an end-of-band run of 2^14 + 14 bits.
  const dcTable = [0x00, 1, ...Array<number>(15).fill(0), 0x00];
  const acTable = [0x10, 1, ...Array<number>(15).fill(0), 0xe0];
  const runs: [number, number][] = [];
  for (let left = blocks; left > 0; ) {
    const run = Math.min(left, 2 ** 15 - 1);
    runs.push([0, 1], [run - 2 ** 14 < 0 ? 0 : run - 2 ** 14, 14]);
    left -= Math.max(run, 2 ** 14);
  }
  const dc = bitsOf(Array.from({ length: blocks }, () => [0, 1] as [number, number]));
  const ac = bitsOf(runs);
  const scan = (spectralStart: number, spectralEnd: number, data: Buffer) => Buffer.concat([segment(0xda, [1, 1, 0x00, spectralStart, spectralEnd, 0]), data]);
  const comment = hiddenByComment ? segment(0xfe, Buffer.from('hi'), 5) : Buffer.alloc(0);
  const acScan = scan(1, 63, ac);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    comment,
    segment(0xdb, [0, ...Array<number>(64).fill(1)]),
    segment(0xc2, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    segment(0xc4, [...dcTable, ...acTable]),
    scan(0, 0, dc),
    ...Array<Buffer>(acScans).fill(acScan),
    Buffer.from([0xff, 0xd9]),
  ]);
}
