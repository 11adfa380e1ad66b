import { realpathSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type { MediaSource } from '../media-source.js';
import type { ContextItem } from '../play-context.js';
import type { CatalogStore } from '../store/catalog.js';
import type { PlaylistEntry } from '../store/playlists.js';
import { isUrlKey, lineOf, locate } from './locations.js';
import { extinfLine } from './m3u.js';
import type { ReadItem } from './match.js';

/** Between a playlist file's lines and the catalog's items, both ways (decisions §21). */
export class PlaylistLines {
  constructor(
    private readonly folder: string,
    private readonly realFolder: string,
    private readonly media: MediaSource,
    private readonly catalog: CatalogStore,
  ) {}

  /** What a line of a playlist in the folder `here` names: a track or episode of the catalog, else an unavailable entry by its key. */
  resolve(location: string, here: string): ReadItem {
    const place = locate(location, here, this.folder);
    for (const path of place.paths) {
      const item = this.media.itemOf(path) ?? this.itemThroughLinks(path);
      if (item !== null && (item.type === 'track' || item.type === 'episode')) return { type: item.type, id: item.id, location };
    }
    return { type: 'local', id: place.key, location };
  }

  /** The item of a path that leads to a catalog file by another way than the one the catalog walked. */
  private itemThroughLinks(path: string): ContextItem | null {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      return null;
    }
    const inside = relative(this.realFolder, real);
    if (inside.startsWith('..') || isAbsolute(inside)) return null;
    const walked = join(this.folder, inside);
    return walked === path ? null : this.media.itemOf(walked);
  }

  /**
   * The lines a new entry gets in a playlist of the folder `here`: its file's path relative to it, after an
   * `#EXTINF` in an extended file (`#EXTM3U` first); an unavailable line put back, its key as a line. Null for
   * an item with no file.
   */
  linesFor(here: string, isExtendedFile: boolean, entry: PlaylistEntry): string[] | null {
    if (entry.type === 'local') {
      const key = entry.itemId;
      return [isUrlKey(key) || isAbsolute(key) ? key : lineOf(join(this.folder, key), here)];
    }
    const file = this.media.fileOf({ type: entry.type, id: entry.itemId });
    if (file === null) return null;
    const line = lineOf(file.path, here);
    if (!isExtendedFile) return [line];
    const row = entry.type === 'track' ? this.catalog.track(entry.itemId) : this.catalog.episode(entry.itemId);
    const doc = row ? (JSON.parse(row.doc) as { name?: string; artists?: { name: string }[]; show?: { name: string } }) : {};
    const credit = doc.artists?.map((artist) => artist.name).join(', ') ?? doc.show?.name ?? '';
    return [extinfLine(row?.durationMs ?? 0, credit, doc.name ?? ''), line];
  }
}
