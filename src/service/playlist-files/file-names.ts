import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { playlistNameOf } from './m3u.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The id of a playlist file first seen at `path` (inside the music folder; decisions §21): 22 characters of
 * base 62 from the sha-256 of the path, so that a new database names the same files alike; `attempt` > 0 for
 * the rare id already taken (by a playlist whose file was renamed away from this path).
 */
export function idOfPath(path: string, attempt = 0): string {
  let id = '';
  let digest = createHash('sha256').update(`playlist file\0${path}\0${attempt}`).digest();
  while (id.length < 22) {
    // 248 is the largest multiple of 62 a byte holds: bytes above it are skipped, so every character is as likely.
    for (const byte of digest) if (byte < 248 && id.length < 22) id += BASE62[byte % 62];
    digest = createHash('sha256').update(digest).digest();
  }
  return id;
}

export const hashOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The name without its `.m3u`/`.m3u8`. */
export const baseNameOf = (path: string): string => basename(path, extname(path));

/** The API's rules for a name (decisions §7): plain text on one line, at most 100 characters. */
export function plainName(text: string): string {
  const plain = text.replace(/[\u0000-\u001f\u007f-\u009f]+/gu, ' ').trim();
  return [...plain].slice(0, 100).join('');
}

/** A playlist file's name for the playlist: its `#PLAYLIST:` line, else its file's name. */
export function nameOfFile(path: string, header: readonly string[]): string {
  return plainName(playlistNameOf(header) ?? '') || plainName(baseNameOf(path)) || basename(path);
}

/**
 * A file name (without its extension) for a playlist's name: what a folder cannot hold (`/`, a leading `.`
 * that would hide it) made `_`, cut at 200 bytes.
 */
export function fileNameFor(name: string): string {
  let base = name.replace(/[/\\\u0000]/g, '_').replace(/^\./, '_');
  while (Buffer.byteLength(base) > 200) base = [...base].slice(0, -1).join('');
  return base === '' ? '_' : base;
}

/** `folder/base.ext` inside `root`, or `base (2).ext`… when a file has that name (or `taken` says it is). */
export function freePath(root: string, folder: string, base: string, extension: string, taken: (path: string) => boolean): string {
  for (let attempt = 1; ; attempt++) {
    const name = `${base}${attempt === 1 ? '' : ` (${attempt})`}${extension}`;
    const path = folder === '' ? name : `${folder}/${name}`;
    if (!taken(path) && !existsSync(join(root, path))) return path;
  }
}
