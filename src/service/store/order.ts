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

/**
 * A snapshot id that names its version (decisions §17): `v<version>.<16 random letters and digits>`, so that a
 * client can tell "my write made version v+1 from v" from "someone else wrote in between". The random part keeps
 * ids unguessable and unique across playlists; clients of other services must treat ids as opaque.
 */
export function newSnapshotId(version: number): string {
  return `v${version}.${randomBase62(16)}`;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random characters of base 62, every character as likely. */
function randomBase62(length: number): string {
  // 248 is the largest multiple of 62 a byte holds: bytes above it are skipped, so every character is as likely.
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) if (byte < 248 && text.length < length) text += BASE62[byte % 62];
  }
  return text;
}

/** A new playlist's id: 22 random characters of base 62, like every id (decisions §1). */
export const newPlaylistId = (): string => randomBase62(22);
