import { realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, relative } from 'node:path';
import { forbidden } from '../errors.js';
import type { ItemRef } from '../store/playlist-edits.js';
import type { Playlist, PlaylistDetails } from '../store/playlists.js';
import { createFileSync, syncFolderSync } from './atomic-write.js';
import { baseNameOf, fileNameFor, freePath, hashOf, idOfPath } from './file-names.js';
import type { FileState } from './file-state.js';
import { encodeFileText } from './file-text.js';
import { isUrlKey } from './locations.js';
import { formatM3u, playlistNameOf, withPlaylistName } from './m3u.js';
import type { PlaylistFiles } from './playlist-files.js';
import type { PlaylistFileRules, UnavailableReason } from './rules.js';
import { unwritableFolder } from './writability.js';

/** Where `N` makes a new playlist file: a `Playlists` folder of the music folder when it has one, else its root. */
const PLAYLISTS_FOLDERS = ['Playlists', 'playlists'];

/** The routes' rules for the playlists kept as files (decisions §21). */
export class FileRules implements PlaylistFileRules {
  constructor(private readonly files: PlaylistFiles) {}

  private stateOf(playlistId: string): FileState | undefined {
    return this.files.byId.get(playlistId);
  }

  holds(playlistId: string): boolean {
    return this.stateOf(playlistId) !== undefined;
  }

  refusal(playlistId: string): string | null {
    const state = this.stateOf(playlistId);
    if (state === undefined) return null;
    if (!state.present) return `You cannot change this playlist: its file ${state.path} is gone from the music folder`;
    return state.readOnly === null ? null : `You cannot change this playlist: its file ${state.path} ${state.readOnly}`;
  }

  lineProblem(playlistId: string, item: ItemRef): string | null {
    if (!this.holds(playlistId) || item.type === 'local') return null;
    return this.files.options.media.fileOf({ type: item.type, id: item.id }) === null ? `Invalid uri: playdeck:${item.type}:${item.id} has no file in the music folder` : null;
  }

  create(ownerId: string, details: PlaylistDetails): Playlist | null {
    const { files } = this;
    if (ownerId !== files.localUser) return null;
    const folder = PLAYLISTS_FOLDERS.find((name) => statSync(files.absolute(name), { throwIfNoEntry: false })?.isDirectory()) ?? '';
    const unwritable = unwritableFolder(files.absolute(folder));
    if (unwritable !== null) throw forbidden(`You cannot create a playlist: the music folder${folder === '' ? '' : `'s ${folder}`} ${unwritable}`);
    const base = fileNameFor(details.name);
    const path = freePath(files.folder, folder, base, '.m3u8', (taken) => this.isTaken(taken));
    const header = withPlaylistName(['#EXTM3U'], base === details.name ? null : details.name);
    const { bytes } = encodeFileText(formatM3u({ header, entries: [], trailer: [], eol: '\n', finalEol: true }), 'utf-8', false);
    createFileSync(files.absolute(path), bytes);
    let attempt = 0;
    while (files.store.get(idOfPath(path, attempt)) !== null) attempt++;
    try {
      const playlist = files.quietly(() => files.store.create(ownerId, details, idOfPath(path, attempt)));
      const state: FileState = {
        playlistId: playlist.id, path, header, trailer: [], eol: '\n', finalEol: true, encoding: 'utf-8', bom: false,
        writtenHash: hashOf(bytes), present: true, lines: new Map(), readOnly: null,
      };
      files.tables.save(state);
      files.byId.set(playlist.id, state);
      return playlist;
    } catch (error) {
      rmSync(files.absolute(path), { force: true });
      throw error;
    }
  }

  private isTaken(path: string): boolean {
    for (const state of this.files.byId.values()) if (state.path === path) return true;
    return false;
  }

  /**
   * A new name is the file's: the file is renamed (in its folder, its extension kept; a name a file cannot
   * have is written in a `#PLAYLIST:` line too), or, when a `#PLAYLIST:` line names it otherwise than its
   * file, that line is. The rename is made before the database's commit, so a refused rename changes nothing,
   * and in the lane of the file's writes, so that none is under way to the old name.
   */
  changeDetails(playlist: Playlist, details: PlaylistDetails): Promise<void> {
    return this.files.inLane(() => this.changeNow(this.files.store.get(playlist.id)!, details));
  }

  private changeNow(playlist: Playlist, details: PlaylistDetails): void {
    const { files } = this;
    const state = this.stateOf(playlist.id)!;
    if (details.name === playlist.name) {
      files.store.changeDetails(playlist.id, details);
      return;
    }
    const refusal = this.refusal(playlist.id);
    if (refusal !== null) throw forbidden(refusal);
    const named = playlistNameOf(state.header);
    const fileBase = baseNameOf(state.path);
    let path = state.path;
    let header: string[];
    if (named !== null && named !== fileBase) header = withPlaylistName(state.header, details.name);
    else {
      const base = fileNameFor(details.name);
      const folder = dirname(state.path) === '.' ? '' : dirname(state.path);
      if (base !== fileBase) path = freePath(files.folder, folder, base, extname(state.path), (taken) => this.isTaken(taken));
      header = named !== null || base !== details.name ? withPlaylistName(state.header, details.name) : state.header;
    }
    if (path !== state.path) {
      renameSync(files.absolute(state.path), files.absolute(path));
      syncFolderSync(dirname(files.absolute(path)));
    }
    try {
      files.store.changeDetails(playlist.id, details);
    } catch (error) {
      if (path !== state.path) renameSync(files.absolute(path), files.absolute(state.path));
      throw error;
    }
    state.path = path;
    state.header = header;
    files.tables.save(state);
    files.scheduleWrite(state);
  }

  unavailableReason(key: string): UnavailableReason {
    if (isUrlKey(key)) return 'not_a_file';
    if (isAbsolute(key)) return 'outside_folder';
    let real: string;
    try {
      real = realpathSync(join(this.files.folder, key));
    } catch {
      return 'missing';
    }
    const inside = relative(this.files.realFolder, real);
    if ((inside.startsWith('..') || isAbsolute(inside)) && !this.files.options.followOutsideLinks) return 'outside_folder';
    return 'not_audio';
  }
}
