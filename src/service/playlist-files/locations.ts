import { fileURLToPath } from 'node:url';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Where a playlist line points (decisions §21), pure: a path relative to the playlist file, an absolute path,
 * a `file://` URL or another URL (a stream, never a file of the catalog). A line that names no item of the
 * catalog is an unavailable entry, known by its key: the file's path inside the music folder (`/` between
 * names), an absolute path outside it, or the URL as written.
 */
export interface Location {
  key: string;
  /** The absolute paths the line may mean, the likeliest first (a Windows `\` read as `/` second); none for a URL. */
  paths: string[];
}

const URL_LINE = /^[a-z][a-z0-9+.-]*:\/\//i;
const FILE_URL = /^file:\/\//i;

/** The key of an absolute path: inside `folder` by its relative path, else the path itself. */
export function keyOfPath(path: string, folder: string): string {
  const inside = relative(folder, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside.split(sep).join('/') : path;
}

export function locate(line: string, playlistFolder: string, folder: string): Location {
  let text = line;
  if (FILE_URL.test(text)) {
    try {
      text = fileURLToPath(text);
    } catch {
      return { key: line, paths: [] };
    }
  } else if (URL_LINE.test(text)) return { key: line, paths: [] };
  const paths = [resolve(playlistFolder, text)];
  if (text.includes('\\')) paths.push(resolve(playlistFolder, text.replaceAll('\\', '/')));
  return { key: keyOfPath(paths[0]!, folder), paths };
}

/** The line that names `file` in a playlist kept in `playlistFolder`: relative to it, `/` between names. */
export function lineOf(file: string, playlistFolder: string): string {
  return relative(playlistFolder, file).split(sep).join('/');
}

/**
 * The URI of an unavailable entry, in the shape of the real service's local files
 * (`prefix:local:artist:album:title:seconds`): no artist, album or length known, the key as the title.
 */
export const localUri = (key: string): string => `playdeck:local:::${encodeURIComponent(key)}:0`;

const LOCAL_URI = /^[A-Za-z][A-Za-z0-9-]*:local:[^:]*:[^:]*:([^:]*):\d+$/;

/** The key a local URI names, or null when it is not one. */
export function keyOfLocalUri(uri: string): string | null {
  const title = LOCAL_URI.exec(uri)?.[1];
  if (title === undefined || title === '') return null;
  try {
    return decodeURIComponent(title);
  } catch {
    return null;
  }
}

/** The name an unavailable entry's row shows, from its key alone: the file's name (a Windows `\` read as `/`), or the URL. */
export const nameOfKey = (key: string): string => (URL_LINE.test(key) ? key : basename(key.replaceAll('\\', '/')));

export const isUrlKey = (key: string): boolean => URL_LINE.test(key);
