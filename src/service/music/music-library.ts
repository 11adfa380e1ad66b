import type { Database, Statement } from 'better-sqlite3';
import { isAbsolute, relative, sep } from 'node:path';
import type { MediaFile, MediaSource } from '../media-source.js';
import type { ContextItem } from '../play-context.js';
import { LibraryScan } from './library-scan.js';
import type { RootName } from './placement.js';
import type { ScanProgress } from './scan-protocol.js';

/**
 * A music folder as the embedded service's catalog (decisions §19): the MediaSource the sound engine and the
 * playlist files read (where each item's file is, and which item a file is, from music_items and music_files
 * on the service's connection), and the scan that keeps the catalog true to the folder. Its listeners hear
 * each batch the scan commits, after the service's caches have let go of the catalog before it.
 */
export interface MusicFolders {
  /** The music folder (absolute, `~` expanded). */
  music: string;
  /** The podcasts folder, each folder of which is a show; null when there is none. */
  podcasts: string | null;
}

export interface MusicOptions {
  folder: string;
  /** Absent: a `Podcasts` folder inside the music folder, when there is one. */
  podcasts?: string | null;
  /** Follow links that lead out of the folder (off: only those inside it). */
  followOutsideLinks?: boolean;
}

export class MusicLibrary implements MediaSource {
  readonly scan: LibraryScan;
  private readonly listeners = new Set<() => void>();
  private readonly statements: { item: Statement; file: Statement };
  /** Called before the listeners on each change: the service's caches (start.ts sets it). */
  onChange: () => void = () => {};

  constructor(
    db: Database,
    readonly folders: MusicFolders,
    options: { followOutsideLinks: boolean; log(line: string): void; progress?(progress: ScanProgress): void },
  ) {
    this.statements = {
      item: db.prepare('SELECT root, path, start_ms AS startMs, end_ms AS endMs FROM music_items WHERE id = ?'),
      file: db.prepare('SELECT kind, item_id AS itemId FROM music_files WHERE root = ? AND path = ?'),
    };
    this.scan = new LibraryScan(
      { db: db.name, folders: { music: folders.music, podcasts: folders.podcasts }, followOutsideLinks: options.followOutsideLinks, watch: true },
      { committed: () => this.changed(), progress: options.progress, log: options.log },
    );
  }

  fileOf(item: ContextItem): MediaFile | null {
    const row = this.statements.item.get(item.id) as { root: RootName; path: string; startMs: number; endMs: number | null } | undefined;
    const folder = row ? this.folders[row.root] : null;
    if (!row || !folder) return null;
    return { path: `${folder}/${row.path}`, startMs: row.startMs, endMs: row.endMs };
  }

  itemOf(path: string): ContextItem | null {
    if (!isAbsolute(path)) return null;
    for (const root of ['podcasts', 'music'] as const) {
      const folder = this.folders[root];
      if (folder === null) continue;
      const inside = relative(folder, path);
      if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) continue;
      const row = this.statements.file.get(root, inside.split(sep).join('/')) as { kind: string; itemId: string | null } | undefined;
      if (!row) continue;
      if (row.itemId === null || (row.kind !== 'track' && row.kind !== 'episode')) return null;
      return { type: row.kind, id: row.itemId };
    }
    return null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.onChange();
    for (const listener of [...this.listeners]) listener();
  }
}

/** The music folder behind a service's catalog, or null for the demo's. */
export function musicLibraryOf(context: { media: MediaSource | null }): MusicLibrary | null {
  return context.media instanceof MusicLibrary ? context.media : null;
}
