import { createHash } from 'node:crypto';

/**
 * The ids of what a music folder holds (decisions §19): 22 characters of base 62, a hash of a key made from
 * the tags, so that the same song has the same id after a rescan, a rename or a move of the folder, and the
 * likes, resume points and plays kept under it stay with it. Pure.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_LENGTH = 22;

/** The id of a key of a kind (`track`, `album`…): the kind is part of the hash, so kinds never share an id. */
export function idOf(kind: string, key: string): string {
  const digest = createHash('sha256').update(`${kind}\u0000${key}`).digest();
  let id = '';
  // 22 bytes of the digest, one character each: 62 values of 256 bias the first ten characters a little,
  // which matters nothing for ids.
  for (let place = 0; place < ID_LENGTH; place++) id += BASE62[digest[place]! % 62];
  return id;
}

/** A name as keys compare it: composed, case folded, spaces collapsed (accents kept: "Café" is not "Cafe"). */
export function keyText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Joins key parts with a separator no tag text holds (control characters are cleaned out of tags). */
export function keyOf(...parts: readonly (string | number)[]): string {
  return parts.map((part) => (typeof part === 'number' ? String(part) : keyText(part))).join('\u0001');
}

/** The local user, the one a music folder's database knows (with every scope, as the demo user). */
export const LOCAL_USER_ID = idOf('user', 'local');
