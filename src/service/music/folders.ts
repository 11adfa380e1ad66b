import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseFault } from '../store/db.js';
import type { MusicFolders, MusicOptions } from './music-library.js';

/** `~` and `~/…` as the user's home, as a shell would; anything else as it is, made absolute. */
export function expandHome(path: string): string {
  if (path === '~') return homedir();
  if (path.startsWith('~/')) return join(homedir(), path.slice(2));
  return resolve(path);
}

const isFolder = (path: string): boolean => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * The folders a music start reads: the music folder, which must be one, and the podcasts folder (given, or a
 * `Podcasts` folder inside the music folder when there is one). A missing one is one line that names it.
 */
export function musicFolders(options: MusicOptions): MusicFolders {
  const music = expandHome(options.folder);
  if (!isFolder(music)) throw new DatabaseFault(`the music folder ${music} is not a folder: give --music (or [music] folder in the config) a folder that exists`);
  if (options.podcasts !== undefined && options.podcasts !== null) {
    const podcasts = expandHome(options.podcasts);
    if (!isFolder(podcasts)) throw new DatabaseFault(`the podcasts folder ${podcasts} is not a folder: set [music] podcasts to a folder that exists, or leave it out`);
    return { music, podcasts };
  }
  const inside = ['Podcasts', 'podcasts'].map((name) => join(music, name)).find(isFolder);
  return { music, podcasts: inside ?? null };
}
