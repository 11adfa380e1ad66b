import { dirname } from 'node:path';
import type { ServiceContext } from '../context.js';
import type { MediaSource } from '../media-source.js';
import { findPlaylistFiles } from './discover.js';
import { FileRules } from './file-rules.js';
import { debounced, PlaylistFolderWatch } from './file-watch.js';
import { reconcile } from './folder-sync.js';
import { PlaylistFiles, readBytes } from './playlist-files.js';

export interface OpenPlaylistFilesOptions {
  /** The music folder (absolute). */
  folder: string;
  context: ServiceContext;
  /** The catalog of the folder: which item a line's file is, where an item's file is, and its changes. */
  media: MediaSource;
  /** Follow links that lead out of the folder (`[music] follow_outside_links`). */
  followOutsideLinks?: boolean;
  log(line: string): void;
  /** Tests only: runs inside each write, between the temporary file's flush and its rename. */
  beforeRename?: () => Promise<void> | void;
}

export interface OpenPlaylistFiles {
  /** Settles once the folder was first walked (new files taken in, files gone unlisted). */
  ready: Promise<void>;
  /** Looks at the folder again now (as the watch does after a change), resolving every line again when `resolve`. */
  rescan(resolve?: boolean): Promise<void>;
  /** Settles once every write and look queued so far is done. */
  settled(): Promise<void>;
  /** Stops watching and waits for the writes due; the routes then treat every playlist as the store's. */
  close(): Promise<void>;
}

/** How long the folder is left quiet before it is looked at again, after a playlist file changed there. */
const FILE_QUIET_MS = 300;
/** After a change of the catalog (a scan's batch): at once once it is quiet for a second, at least every 10 s. */
const CATALOG_QUIET_MS = 1000;
const CATALOG_MAX_WAIT_MS = 10_000;

/**
 * The music folder's `.m3u`/`.m3u8` files as playlists of the local user (decisions §21): one call wires them
 * into a running service. The files known from before are checked at once (a file behind the database is
 * written again, one changed elsewhere taken in), before any request can edit them; the folder is then walked
 * for new ones and watched (its playlists' folders, and the catalog's changes).
 */
export function openPlaylistFiles(options: OpenPlaylistFilesOptions): OpenPlaylistFiles {
  const { context, media, folder } = options;
  // A database served read-only takes no edit: its playlists are served as they are, their files untouched.
  if (context.db.readonly) return { ready: Promise.resolve(), rescan: async () => {}, settled: async () => {}, close: async () => {} };
  const files = new PlaylistFiles({ ...options, followOutsideLinks: options.followOutsideLinks === true });
  const rules = new FileRules(files);
  context.playlistFiles = rules;
  context.playlists.observer = files;
  for (const state of files.byId.values()) {
    const bytes = state.present ? readBytes(files.absolute(state.path)) : null;
    // One gone is left to the walk, which tells a file renamed by hand from one removed.
    if (bytes === null) continue;
    try {
      files.check(state, bytes);
    } catch (error) {
      options.log(`playdeck service: the playlist file ${state.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  let resolvePending = false;
  const rescan = async (resolve = false): Promise<void> => {
    resolvePending ||= resolve;
    const found = await findPlaylistFiles(folder, files.options.followOutsideLinks).catch((error: unknown) => {
      options.log(`playdeck service: the music folder's playlists could not be listed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    if (found === null || files.closed) return;
    await files.run(() => {
      const isResolving = resolvePending;
      resolvePending = false;
      reconcile(files, found, isResolving);
      const watched = new Set([folder, ...[...files.byId.values()].map((state) => dirname(files.absolute(state.path)))]);
      for (const name of ['Playlists', 'playlists']) watched.add(files.absolute(name));
      watch.watch(watched);
    });
  };
  const onFiles = debounced(() => void rescan(), FILE_QUIET_MS);
  const onCatalog = debounced(() => void rescan(true), CATALOG_QUIET_MS, CATALOG_MAX_WAIT_MS);
  const watch = new PlaylistFolderWatch(() => onFiles.call());
  const unsubscribe = media.subscribe(() => onCatalog.call());
  const ready = rescan();

  return {
    ready,
    rescan,
    settled: () => files.settled(),
    async close() {
      // No look at the folder from now on; the writes already due are made.
      files.closed = true;
      unsubscribe();
      onFiles.cancel();
      onCatalog.cancel();
      watch.close();
      if (context.playlistFiles === rules) context.playlistFiles = null;
      if (context.playlists.observer === files) context.playlists.observer = null;
      await ready;
      await files.settled();
    },
  };
}
