import { randomBytes } from 'node:crypto';

/** A playlist version's order: entry ids as Int32 little-endian, the BLOB of `playlist_versions.entries`. */
export function encodeOrder(entryIds: ArrayLike<number>): Buffer {
  const buffer = Buffer.allocUnsafe(entryIds.length * 4);
  for (let index = 0; index < entryIds.length; index++) buffer.writeInt32LE(entryIds[index]!, index * 4);
  return buffer;
}

export function decodeOrder(blob: Buffer): Int32Array {
  const order = new Int32Array(blob.length / 4);
  for (let index = 0; index < order.length; index++) order[index] = blob.readInt32LE(index * 4);
  return order;
}

/** An opaque, unguessable snapshot id; the version number inside keeps it unique per playlist. */
export function newSnapshotId(version: number): string {
  return Buffer.concat([Buffer.from(version.toString(36) + ':'), randomBytes(12)]).toString('base64url');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new playlist's id: 22 random characters of base 62, like every id (decisions §1). */
export function newPlaylistId(): string {
  // 248 is the largest multiple of 62 a byte holds: bytes above it are skipped, so every character is as likely.
  let id = '';
  while (id.length < 22) {
    for (const byte of randomBytes(32)) if (byte < 248 && id.length < 22) id += BASE62[byte % 62];
  }
  return id;
}
