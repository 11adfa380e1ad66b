import { readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, isAbsolute } from 'node:path';

/** An `.m3u` or `.m3u8` file's name (any case). */
export const isPlaylistName = (name: string): boolean => /\.m3u8?$/i.test(name) && !name.startsWith('.');

const isInside = (path: string, folder: string): boolean => {
  const inside = relative(folder, path);
  return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside));
};

/**
 * The playlist files of the music folder, by their paths inside it (`/` between names, sorted), walked as the
 * catalog walks it (decisions §19): links inside the folder followed, each folder and file once (by device and
 * inode, so a loop ends), links leading out of it only when `followOutsideLinks`; hidden names (a leading `.`)
 * skipped, so a temporary file of a write is never one. A folder that cannot be read is passed over.
 */
export async function findPlaylistFiles(folder: string, followOutsideLinks: boolean): Promise<string[]> {
  const realFolder = await realpath(folder);
  const seen = new Set<string>();
  const found: string[] = [];
  const once = async (path: string): Promise<boolean> => {
    const stats = await stat(path).catch(() => null);
    if (stats === null) return false;
    const id = `${stats.dev}:${stats.ino}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  };
  const walk = async (path: string, inside: string): Promise<void> => {
    if (!(await once(path))) return;
    const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(path, entry.name);
      const name = inside === '' ? entry.name : `${inside}/${entry.name}`;
      let isFolder = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const real = await realpath(full).catch(() => null);
        const target = real === null ? null : await stat(real).catch(() => null);
        if (real === null || target === null || (!followOutsideLinks && !isInside(real, realFolder))) continue;
        isFolder = target.isDirectory();
        isFile = target.isFile();
      }
      if (isFolder) await walk(full, name);
      else if (isFile && isPlaylistName(entry.name) && (await once(full))) found.push(name);
    }
  };
  await walk(folder, '');
  return found.sort();
}
