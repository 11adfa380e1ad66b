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
