import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { MediaFile, MediaSource } from '../../src/service/media-source.js';
import type { ContextItem } from '../../src/service/play-context.js';
import { openPlaylistFiles, type OpenPlaylistFiles, type OpenPlaylistFilesOptions } from '../../src/service/playlist-files/open-playlist-files.js';
import { createTestService, type TestService } from './service.js';

/**
 * A music folder for the tests of playlist files: real files in a temporary folder, and a MediaSource of its
 * own that says which of them are which tracks of the fixture catalog (the files' bytes do not matter here).
 */
export class FolderMedia implements MediaSource {
  private readonly byPath = new Map<string, ContextItem>();
  private readonly listeners = new Set<() => void>();

  constructor(readonly folder: string) {}

  /** Makes the file (empty) and says it is `item`. */
  put(path: string, item: ContextItem): void {
    const full = join(this.folder, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, '');
    this.byPath.set(full, item);
  }

  /** The file leaves the catalog (its file removed too unless `keepFile`). */
  drop(path: string, keepFile = false): void {
    const full = join(this.folder, path);
    this.byPath.delete(full);
    if (!keepFile) rmSync(full, { force: true });
  }

  fileOf(item: ContextItem): MediaFile | null {
    for (const [path, known] of this.byPath) if (known.type === item.type && known.id === item.id) return { path, startMs: 0, endMs: null };
    return null;
  }

  itemOf(path: string): ContextItem | null {
    return this.byPath.get(path) ?? null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the listeners the catalog changed, as a scan's batch does. */
  changed(): void {
    for (const listener of this.listeners) listener();
  }
}

export interface PlaylistFolder {
  folder: string;
  media: FolderMedia;
  service: TestService;
  files: OpenPlaylistFiles;
  log: string[];
  write(path: string, content: string | Buffer): void;
  read(path: string): string;
  /** Closes the playlist files and opens them again on the same database and folder (a restart). */
  reopen(options?: Partial<OpenPlaylistFilesOptions>): Promise<void>;
  close(): Promise<void>;
}

/**
 * A service on the fixture catalog over a temporary music folder: `prepare` puts its files (tracks with
 * `media.put`, playlists with `write`) before the playlist files are opened.
 */
export async function playlistFolder(
  prepare: (folder: { media: FolderMedia; write(path: string, content: string | Buffer): void }) => void,
  options: Partial<OpenPlaylistFilesOptions> & { now?: () => number } = {},
): Promise<PlaylistFolder> {
  const folder = mkdtempSync(join(tmpdir(), 'playdeck-playlists-'));
  const media = new FolderMedia(folder);
  const write = (path: string, content: string | Buffer) => {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), content);
  };
  prepare({ media, write });
  const service = await createTestService(options.now ? { now: options.now } : {});
  const log: string[] = [];
  const open = (more: Partial<OpenPlaylistFilesOptions> = {}) =>
    openPlaylistFiles({ folder, context: service.context, media, log: (line) => log.push(line), ...options, ...more });
  let files = open();
  await files.ready;
  const result: PlaylistFolder = {
    folder,
    media,
    service,
    get files() {
      return files;
    },
    log,
    write,
    read: (path) => readFileSync(join(folder, path), 'utf8'),
    async reopen(more) {
      await files.close();
      files = open(more);
      await files.ready;
      await files.settled();
    },
    async close() {
      await files.close();
      await service.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
  return result;
}
