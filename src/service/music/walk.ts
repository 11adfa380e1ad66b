import { readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/**
 * The audio files under a folder, in name order: what a scan reads. A link inside the folder is followed
 * once (each folder and file is walked once by device and inode, so a link loop ends), a link leading out
 * of it only when `followOutsideLinks`; anything but the audio extensions is ignored. Paths are relative to
 * the folder as walked (through the links), with `/` between their parts.
 */

/** What a music folder is read for (music-metadata reads them all). */
export const AUDIO_EXTENSIONS: ReadonlySet<string> = new Set([
  '.mp3', '.flac', '.ogg', '.oga', '.opus', '.m4a', '.m4b', '.mp4', '.aac', '.wav', '.aif', '.aiff', '.wv', '.ape', '.mpc', '.wma', '.spx',
]);

export const isAudioName = (name: string): boolean => AUDIO_EXTENSIONS.has(extname(name).toLowerCase());

export interface FoundFile {
  /** Relative to the folder walked, `/` between parts. */
  path: string;
  size: number;
  mtimeMs: number;
}

export interface WalkOptions {
  /** The folder (absolute). */
  folder: string;
  followOutsideLinks: boolean;
  /** Only this part of it (relative, `/` between parts; '' for all). */
  under?: string;
  /** Folders left out (absolute), as the podcasts folder inside the music folder is from its music. */
  skip?: readonly string[];
}

const idOf = (stats: Stats) => `${stats.dev}:${stats.ino}`;

export function* walk(options: WalkOptions): Generator<FoundFile> {
  let real: string;
  try {
    real = realpathSync(options.folder);
  } catch {
    return;
  }
  const inside = (path: string) => path === real || path.startsWith(real + sep);
  const skipped = new Set(options.skip ?? []);
  const seen = new Set<string>();
  const start = options.under ? join(options.folder, ...options.under.split('/')) : options.folder;
  const pending: string[] = [start];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    let stats: Stats;
    let entries: Dirent[];
    try {
      stats = statSync(folder);
      if (!stats.isDirectory() || seen.has(idOf(stats))) continue;
      seen.add(idOf(stats));
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue; // gone or unreadable meanwhile: nothing of it to read
    }
    entries.sort((one, other) => (one.name < other.name ? -1 : one.name > other.name ? 1 : 0));
    const folders: string[] = [];
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (skipped.has(path)) continue;
      if (entry.isDirectory()) {
        folders.push(path);
        continue;
      }
      const isLink = entry.isSymbolicLink();
      if (!isLink && !(entry.isFile() && isAudioName(entry.name))) continue;
      let target: Stats;
      try {
        // A link leading out of the folder is followed only when asked; a dangling one throws here.
        if (isLink && !options.followOutsideLinks && !inside(realpathSync(path))) continue;
        target = statSync(path);
      } catch {
        continue;
      }
      if (target.isDirectory()) {
        folders.push(path);
        continue;
      }
      if (!target.isFile() || !isAudioName(entry.name) || seen.has(idOf(target))) continue;
      seen.add(idOf(target));
      yield { path: relative(options.folder, path).split(sep).join('/'), size: target.size, mtimeMs: Math.trunc(target.mtimeMs) };
    }
    // Depth first, in name order: the stack takes them last first.
    for (let index = folders.length - 1; index >= 0; index--) pending.push(folders[index]!);
  }
}
