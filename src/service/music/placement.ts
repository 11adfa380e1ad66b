import { basename, extname } from 'node:path';
import type { FileTags } from './file-tags.js';
import { idOf, keyOf } from './ids.js';

/**
 * Where a file of the folder goes in the catalog, from its tags alone (decisions §19): a track of an album, an
 * episode of a show (a folder of the podcasts folder), or an audiobook (an .m4b, or an .m4a with chapters).
 * The keys are what ids are hashed from: MusicBrainz ids when the tagger wrote them, else the album artist,
 * album, disc, track number and title, and the file's path only where the tags say nothing. Pure.
 */
export type FileKind = 'track' | 'episode' | 'audiobook';
export type RootName = 'music' | 'podcasts';

export interface Placement {
  kind: FileKind;
  /** The album's, show's or audiobook's id. */
  containerId: string;
  /** What the item's id is hashed from (the same key twice in a container is told apart by the path). */
  itemKey: string;
}

/** The file's name without its extension: a tagless file's title. */
export const fileTitle = (path: string): string => basename(path, extname(path));

/** The folder a path is in ('' at the top). */
export const folderOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** The artist an album is filed under: its album artist, else "Various Artists" for a compilation, else its first artist. */
export function albumArtistsOf(tags: FileTags): string[] {
  if (tags.albumArtists.length > 0) return tags.albumArtists;
  if (tags.compilation) return [VARIOUS_ARTISTS];
  return tags.artists.slice(0, 1);
}

export const VARIOUS_ARTISTS = 'Various Artists';
export const UNKNOWN_ARTIST = 'Unknown artist';

const isAudiobook = (path: string, tags: FileTags): boolean => {
  const extension = extname(path).toLowerCase();
  return extension === '.m4b' || (['.m4a', '.mp4'].includes(extension) && (tags.chapters?.length ?? 0) >= 2);
};

export function placeOf(root: RootName, path: string, tags: FileTags): Placement {
  if (root === 'podcasts') {
    // A show is a folder of the podcasts folder; its files, at any depth, are its episodes.
    const show = path.includes('/') ? path.slice(0, path.indexOf('/')) : '';
    return { kind: 'episode', containerId: idOf('show', keyOf(show)), itemKey: keyOf(show, tags.title ?? fileTitle(path)) };
  }
  if (isAudiobook(path, tags)) {
    const name = tags.album ?? tags.title;
    const key = tags.musicbrainzAlbum ? `mb:${tags.musicbrainzAlbum}` : name ? keyOf(albumArtistsOf(tags)[0] ?? '', name) : `path:${path}`;
    return { kind: 'audiobook', containerId: idOf('audiobook', key), itemKey: `path:${path}` };
  }
  const albumKey = tags.musicbrainzAlbum
    ? `mb:${tags.musicbrainzAlbum}`
    : tags.album
      ? keyOf(albumArtistsOf(tags)[0] ?? '', tags.album)
      : `folder:${folderOf(path)}`;
  const itemKey = tags.musicbrainzTrack
    ? `mb:${tags.musicbrainzTrack}`
    : tags.title
      ? `${albumKey}\u0002${keyOf(tags.disc ?? 1, tags.track ?? 0, tags.title)}`
      : `path:${path}`;
  return { kind: 'track', containerId: idOf('album', albumKey), itemKey };
}

/**
 * The ids of a container's items, each key's first file (by path) taking the key's own id and any other the
 * key with its path: the same song twice in a folder is two tracks, each of a stable id.
 */
export function itemIds<T extends { path: string; itemKey: string }>(kind: string, files: readonly T[]): Map<T, string> {
  const firstOf = new Map<string, string>();
  for (const file of [...files].sort((one, other) => (one.path < other.path ? -1 : one.path > other.path ? 1 : 0))) {
    if (!firstOf.has(file.itemKey)) firstOf.set(file.itemKey, file.path);
  }
  return new Map(files.map((file) => [file, idOf(kind, firstOf.get(file.itemKey) === file.path ? file.itemKey : `${file.itemKey}\u0003${file.path}`)]));
}
