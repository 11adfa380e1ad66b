import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ServiceContext } from '../context.js';
import type { MediaSource } from '../media-source.js';
import { demoUserId } from '../store/db.js';
import type { Playlist, PlaylistEntry, PlaylistObserver } from '../store/playlists.js';
import { writeAtomically } from './atomic-write.js';
import { hashOf, idOfPath, nameOfFile } from './file-names.js';
import { followVersion, renderFile, type FileState, type RenderedFile } from './file-state.js';
import { FileTables } from './file-tables.js';
import { decodeFileText } from './file-text.js';
import { PlaylistLines } from './lines.js';
import { isExtended, locationOf, parseM3u } from './m3u.js';
import { matchEntries, type ReadItem } from './match.js';
import { isPermanentWriteError, unwritableReason } from './writability.js';

export interface PlaylistFilesOptions {
  /** The music folder (absolute). */
  folder: string;
  context: ServiceContext;
  media: MediaSource;
  /** Follow links that lead out of the folder (`[music] follow_outside_links`). */
  followOutsideLinks: boolean;
  log(line: string): void;
  /** The tests' way into a write: runs between the temporary file's flush and its rename. */
  beforeRename?: () => Promise<void> | void;
}

/**
 * The music folder's `.m3u`/`.m3u8` files as playlists of the local user (decisions §21): each version the
 * store commits is written back to its file, after the commit (the database is the record of every edit);
 * a file whose bytes are neither what was last written nor what the current version gives is a change made
 * elsewhere, taken in as a new version matched to the current one by item. All file work runs in one lane,
 * one task at a time.
 */
export class PlaylistFiles implements PlaylistObserver {
  readonly folder: string;
  readonly realFolder: string;
  private readonly lines: PlaylistLines;
  readonly tables: FileTables;
  readonly localUser: string;
  readonly byId = new Map<string, FileState>();
  private lane: Promise<void> = Promise.resolve();
  private readonly writesDue = new Set<string>();
  /** Set while this module writes the store itself: its versions are the file's already. */
  private quiet = false;
  /** Set once closing: the folder is not looked at again. */
  closed = false;

  constructor(readonly options: PlaylistFilesOptions) {
    this.folder = options.folder;
    this.realFolder = realpathSync(options.folder);
    this.lines = new PlaylistLines(options.folder, this.realFolder, options.media, options.context.catalog);
    const { db } = options.context;
    this.tables = new FileTables(db);
    this.localUser = demoUserId(db);
    for (const row of this.tables.all()) this.byId.set(row.playlistId, { ...row, lines: this.tables.linesOf(row.playlistId), readOnly: null });
  }

  get store() {
    return this.options.context.playlists;
  }

  absolute(path: string): string {
    return join(this.folder, path);
  }

  /** Runs `task` after every task before it; its failure is logged, never thrown at the caller. */
  run(task: () => Promise<void> | void): Promise<void> {
    return this.inLane(task).catch((error: unknown) => this.options.log(`playdeck service: playlist files: ${describe(error)}`));
  }

  /** Runs `task` after every task before it, and answers what it answers (its failure too). */
  inLane<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.lane.then(task);
    this.lane = result.then(
      () => {},
      () => {},
    );
    return result;
  }

  /** Writes of the store's own versions, made through the service's routes. */
  committed(before: Playlist | null, after: Playlist): void {
    if (this.quiet || before === null) return;
    const state = this.byId.get(after.id);
    if (!state) return;
    try {
      if (before.order !== after.order) {
        const { changed, trailerChanged } = followVersion(state, before, after, (entry) => this.linesFor(state, entry));
        this.tables.saveLines(state.playlistId, changed);
        if (trailerChanged) this.tables.save(state);
      }
    } catch (error) {
      // The version is committed all the same: its file is written from what the database holds.
      this.options.log(`playdeck service: playlist files: ${describe(error)}`);
    }
    this.scheduleWrite(state);
  }

  /** The store written by this module (a file taken in): no write back follows. */
  quietly<T>(write: () => T): T {
    this.quiet = true;
    try {
      return write();
    } finally {
      this.quiet = false;
    }
  }

  scheduleWrite(state: FileState): void {
    if (this.writesDue.has(state.playlistId)) return;
    this.writesDue.add(state.playlistId);
    void this.run(async () => {
      this.writesDue.delete(state.playlistId);
      await this.writeOut(state);
    });
  }

  linesFor(state: FileState, entry: PlaylistEntry): string[] | null {
    return this.lines.linesFor(dirname(this.absolute(state.path)), isExtended(state.header), entry);
  }

  render(state: FileState): RenderedFile {
    return renderFile(state, this.store.get(state.playlistId)!, (entry) => this.linesFor(state, entry));
  }

  /**
   * Writes the current version to the file unless it holds it already. A file that changed since it was last
   * written or read is taken in first (the change made elsewhere came first: the newer is what it holds).
   */
  private async writeOut(state: FileState): Promise<void> {
    if (!state.present) return;
    const rendered = this.render(state);
    if (rendered.hash === state.writtenHash || state.readOnly !== null) return;
    const path = this.absolute(state.path);
    const onDisk = readBytes(path);
    if (onDisk === null) return; // gone: the next look at the folder unlists it
    const diskHash = hashOf(onDisk);
    if (diskHash === rendered.hash) return this.wrote(state, rendered);
    if (diskHash !== state.writtenHash) return this.takeIn(state, onDisk);
    try {
      const target = realpathSync(path);
      await writeAtomically(target, rendered.bytes, { mode: statSync(target).mode & 0o7777, beforeRename: this.options.beforeRename });
    } catch (error) {
      this.options.log(`playdeck service: the playlist file ${state.path} could not be written: ${describe(error)}`);
      if (isPermanentWriteError(error)) state.readOnly = `could not be written (${(error as { code: string }).code})`;
      return;
    }
    this.wrote(state, rendered);
  }

  private wrote(state: FileState, rendered: RenderedFile): void {
    state.writtenHash = rendered.hash;
    state.encoding = rendered.encoding;
    for (const [entryId, lines] of rendered.made) state.lines.set(entryId, lines);
    this.tables.save(state);
    this.tables.saveLines(state.playlistId, rendered.made);
  }

  /**
   * Looks at the file (present): in step, behind the database (written again), or changed elsewhere (taken
   * in: then true).
   */
  check(state: FileState, bytes: Buffer): boolean {
    state.readOnly = decodeFileText(bytes, state.path).problem ?? unwritableReason(this.absolute(state.path));
    const hash = hashOf(bytes);
    if (hash === state.writtenHash) {
      this.scheduleWrite(state);
      return false;
    }
    const rendered = this.render(state);
    if (hash === rendered.hash) {
      this.wrote(state, rendered);
      return false;
    }
    this.takeIn(state, bytes);
    return true;
  }

  /**
   * Takes in the file's bytes as the playlist's new version (a change made elsewhere, or a file seen for the
   * first time): its order, entries matched to the current ones by item; its name; its lines as they are.
   */
  takeIn(state: FileState, bytes: Buffer): void {
    const decoded = decodeFileText(bytes, state.path);
    const document = parseM3u(decoded.text);
    const here = dirname(this.absolute(state.path));
    const read = document.entries.map((entry) => this.lines.resolve(locationOf(entry), here));
    const mtime = statSync(this.absolute(state.path), { throwIfNoEntry: false })?.mtimeMs ?? this.options.context.now();
    const addedAt = new Date(Math.min(mtime, this.options.context.now())).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const before = this.store.get(state.playlistId)!;
    const after = this.arrange(state, before, read, addedAt);
    const name = nameOfFile(state.path, document.header);
    if (name !== after.name) this.rename(after, name);
    state.lines = new Map(after.order.length === 0 ? [] : Array.from(after.order, (entryId, index) => [entryId, document.entries[index]!.lines]));
    Object.assign(state, { header: document.header, trailer: document.trailer, eol: document.eol, finalEol: document.finalEol });
    Object.assign(state, { encoding: decoded.encoding, bom: decoded.bom, writtenHash: hashOf(bytes) });
    state.readOnly = decoded.problem ?? unwritableReason(this.absolute(state.path));
    this.tables.save(state);
    this.tables.saveLines(state.playlistId, state.lines);
  }

  /** The version whose entries are `read`, matched to `before`'s; the player follows what it plays. */
  private arrange(state: FileState, before: Playlist, read: readonly ReadItem[], addedAt: string): Playlist {
    const current = Array.from(before.order, (entryId) => {
      const lines = state.lines.get(entryId);
      return { ...before.entries.get(entryId)!, location: lines === undefined ? null : locationOf({ lines }) };
    });
    const after = this.quietly(() => this.store.arrange(before.id, matchEntries(current, read, addedAt, this.localUser)));
    if (after !== before) this.options.context.playback.playlistChanged(before, after, this.options.context.now());
    return after;
  }

  /**
   * Resolves every line again (the catalog changed: a file came or went): entries whose line names another
   * item now are replaced (the date of their line kept), in a new version; the file stays as it is.
   */
  resolveAgain(state: FileState): void {
    const before = this.store.get(state.playlistId)!;
    const here = dirname(this.absolute(state.path));
    let isChanged = false;
    const read = Array.from(before.order, (entryId): ReadItem => {
      const entry = before.entries.get(entryId)!;
      const lines = state.lines.get(entryId);
      if (lines === undefined) return { type: entry.type, id: entry.itemId, location: '' };
      const item = this.lines.resolve(locationOf({ lines }), here);
      if (item.type !== entry.type || item.id !== entry.itemId) isChanged = true;
      return item;
    });
    if (!isChanged) return;
    const after = this.arrange(state, before, read, new Date(this.options.context.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    const lines = Array.from(before.order, (entryId) => state.lines.get(entryId));
    state.lines = new Map();
    after.order.forEach((entryId, index) => {
      const kept = lines[index];
      if (kept !== undefined) state.lines.set(entryId, kept);
    });
    this.tables.saveLines(state.playlistId, state.lines);
  }

  /** A playlist for a file seen for the first time, its id from its path, first in the local user's list. */
  adopt(path: string, bytes: Buffer): FileState {
    let attempt = 0;
    while (this.store.get(idOfPath(path, attempt)) !== null) attempt++;
    const name = nameOfFile(path, parseM3u(decodeFileText(bytes, path).text).header);
    const details = { name, description: '', isPublic: false, collaborative: false };
    const playlist = this.quietly(() => this.store.create(this.localUser, details, idOfPath(path, attempt)));
    const state: FileState = {
      playlistId: playlist.id, path, header: [], trailer: [], eol: '\n', finalEol: true, encoding: 'utf-8', bom: false,
      writtenHash: '', present: true, lines: new Map(), readOnly: null,
    };
    this.byId.set(playlist.id, state);
    this.takeIn(state, bytes);
    return state;
  }

  /** Gives the playlist the name its file gives it now. */
  rename(playlist: Playlist, name: string): void {
    const { description, isPublic, collaborative } = playlist;
    this.quietly(() => this.store.changeDetails(playlist.id, { name, description, isPublic, collaborative }));
  }

  /** Lists the playlist again (its file came back) or unlists it (its file is gone; its id is kept for its return). */
  setPresent(state: FileState, isPresent: boolean): void {
    state.present = isPresent;
    this.tables.save(state);
    this.tables.setListed(this.localUser, state.playlistId, isPresent);
    this.options.context.versions.bump('playlists');
  }

  /** Waits for every file task queued so far. */
  async settled(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (seen !== this.lane) {
      seen = this.lane;
      await seen;
    }
  }
}

export function readBytes(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
