/**
 * The journal files of unsaved moves: one per service, playlist and writer (this process) under
 * `$XDG_STATE_HOME/playdeck/journal/` (default `~/.local/state/`), mode 0600 in a 0700 folder. Two dashboards
 * editing one playlist each keep their own file: neither overwrites nor removes the other's, and the one a
 * crashed dashboard left is offered at the next start (owner.ts). Each write goes to a temporary file that is
 * flushed to disk and then renamed over the journal, so a crash or a full disk mid-write leaves the previous
 * journal whole. A journal that cannot be read is renamed `*.corrupt-<time>` with a one-line notice: never
 * applied, never deleted. The contents are the caller's (`parse` checks them); this file knows only files.
 *
 * Writes come in two kinds: `saveSync` is on disk when it returns (a move is journaled before the screen
 * shows it), `save` is queued and coalesced. A synchronous write or removal supersedes any queued one of
 * the same file, and one under way is not renamed over it.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fchmodSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { chmod, mkdir, open, readdir, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { isWrittenByAnother, releaseJournal } from './owner.js';
import { isJournalName, JOURNAL_SUFFIX, journalFileName, newWriterTag, servicePrefix } from './paths.js';

/** `20261123T190215Z`: a time that sorts and fits in a file name. */
const fileTime = (ms: number): string => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

/** The step of a write that puts the text in the temporary file; replaced in tests to fail midway. */
export type WriteText = (handle: FileHandle, text: string) => Promise<void>;
/** The same step of a synchronous write, given the text in pieces. */
export type WriteTextSync = (fd: number, chunks: readonly (string | Uint8Array)[]) => void;

export interface JournalStoreOptions<T> {
  dir: string;
  /** The journal a file's text holds; throws (with a short reason) when the text is not one. */
  parse(text: string): T;
  /** A one-line notice for the user (a journal set aside). */
  onNotice(line: string): void;
  now?: () => number;
  /** The process whose id the files it writes carry (owner.ts); this one by default. */
  pid?: number;
  writeText?: WriteText;
  writeTextSync?: WriteTextSync;
}

export interface StoredJournal<T> {
  file: string;
  journal: T;
}

type Operation = { kind: 'write'; text: string } | { kind: 'remove' };

interface FileQueue {
  tail: Promise<void>;
  /** The last operation asked for and not started: writes coalesce, only the latest text goes to disk. */
  next: Operation | null;
}

export class JournalStore<T> {
  private readonly queues = new Map<string, FileQueue>();
  /** Bumped by every synchronous operation on a file: a queued write begun before it is not renamed over it. */
  private readonly versions = new Map<string, number>();
  private isFolderReady = false;
  private readonly pid: number;
  /** This writer's part of its file names: its process id and a random tag (paths.ts). */
  private readonly writer: string;
  private readonly now: () => number;
  private readonly writeText: WriteText;
  private readonly writeTextSync: WriteTextSync;

  constructor(private readonly options: JournalStoreOptions<T>) {
    this.now = options.now ?? Date.now;
    this.pid = options.pid ?? process.pid;
    this.writer = newWriterTag(this.pid);
    this.writeText = options.writeText ?? ((handle, text) => handle.writeFile(text, 'utf8'));
    this.writeTextSync = options.writeTextSync ?? writeChunks;
  }

  /**
   * Puts `text` on disk as the playlist's journal before returning; throws when it could not (the previous one
   * stays whole). The text may come in pieces, some already encoded (what rarely changes is not encoded again).
   */
  saveSync(service: string, playlistId: string, text: string | readonly (string | Uint8Array)[]): void {
    const file = this.supersede(this.fileName(service, playlistId));
    const { dir } = this.options;
    if (!this.isFolderReady) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      chmodSync(dir, 0o700);
      this.isFolderReady = true;
    }
    const temporary = join(dir, `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    let fd: number;
    try {
      fd = openSync(temporary, 'wx', 0o600);
    } catch (error) {
      // The folder went away since (removed by hand): make it again once.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.isFolderReady = false;
      return this.saveSync(service, playlistId, text);
    }
    try {
      try {
        fchmodSync(fd, 0o600); // exactly 0600 whatever the umask
        this.writeTextSync(fd, typeof text === 'string' ? [text] : text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, join(dir, file));
    } catch (error) {
      try {
        unlinkSync(temporary);
      } catch {
        // Never made, or gone already.
      }
      // A failed write names no file: say where, for the line that tells the user.
      (error as NodeJS.ErrnoException).path ??= temporary;
      throw error;
    }
    syncFolderSync(dir);
  }

  /** The playlist's journal is gone when this returns (saved or discarded). */
  removeSync(service: string, playlistId: string): void {
    const file = this.supersede(this.fileName(service, playlistId));
    try {
      unlinkSync(join(this.options.dir, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  /**
   * A journal `list` found (another writer's, gone) is gone when this returns: its moves were taken over by
   * this writer's own file, or discarded.
   */
  removeFoundSync(file: string): void {
    if (!isJournalName(file)) throw new Error(`not a journal file: ${file}`);
    try {
      unlinkSync(join(this.options.dir, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    releaseJournal(this.options.dir, file);
  }

  /** The name of this writer's file for the playlist. */
  fileName(service: string, playlistId: string): string {
    return journalFileName(service, playlistId, this.writer);
  }

  /** Drops the queued operation of `file` and keeps the one under way from renaming over what comes now. */
  private supersede(file: string): string {
    this.versions.set(file, (this.versions.get(file) ?? 0) + 1);
    const queue = this.queues.get(file);
    if (queue !== undefined) queue.next = null;
    return file;
  }

  /** Resolves once `text`, or a later text for the same playlist, is on disk; rejects when the write failed. */
  save(service: string, playlistId: string, text: string): Promise<void> {
    return this.enqueue(this.fileName(service, playlistId), { kind: 'write', text });
  }

  /** The journal is done with (saved or discarded). */
  remove(service: string, playlistId: string): Promise<void> {
    return this.enqueue(this.fileName(service, playlistId), { kind: 'remove' });
  }

  /** This writer's journal of the playlist, or null when there is none or it could not be read (then it is set aside). */
  async load(service: string, playlistId: string): Promise<T | null> {
    const file = this.fileName(service, playlistId);
    await this.queues.get(file)?.tail.catch(() => undefined);
    return this.readOne(file);
  }

  /**
   * Every journal left by an earlier run (of `service` when given), for the notice at start; unreadable ones
   * are set aside. A journal another running dashboard writes is its own to save: not listed. Several may
   * be of one playlist (two dashboards that both crashed): each is listed.
   */
  async list(service?: string): Promise<StoredJournal<T>[]> {
    let names: string[];
    try {
      names = await readdir(this.options.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const found: StoredJournal<T>[] = [];
    const prefix = service === undefined ? '' : `${servicePrefix(service)}-`;
    const isLeftOver = (entry: string) =>
      entry.startsWith(prefix) && entry.endsWith(JOURNAL_SUFFIX) && !isWrittenByAnother(this.options.dir, entry, { pid: this.pid, writer: this.writer });
    for (const name of names.filter(isLeftOver).sort()) {
      const journal = await this.readOne(name);
      if (journal !== null) found.push({ file: name, journal });
    }
    return found;
  }

  private enqueue(file: string, operation: Operation): Promise<void> {
    let queue = this.queues.get(file);
    if (queue === undefined) this.queues.set(file, (queue = { tail: Promise.resolve(), next: null }));
    const isScheduled = queue.next !== null;
    queue.next = operation;
    if (!isScheduled) {
      const current = queue;
      current.tail = current.tail.catch(() => undefined).then(() => {
        const next = current.next;
        // Superseded by a synchronous operation meanwhile.
        if (next === null) return;
        current.next = null;
        return next.kind === 'write' ? this.writeAtomically(file, next.text) : this.unlinkJournal(file);
      });
    }
    return queue.tail;
  }

  private async readOne(file: string): Promise<T | null> {
    const path = join(this.options.dir, file);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      return this.options.parse(text);
    } catch (error) {
      const aside = `${file}.corrupt-${fileTime(this.now())}`;
      await rename(path, join(this.options.dir, aside));
      this.options.onNotice(`unsaved moves could not be read (${(error as Error).message}): kept aside as ${join(this.options.dir, aside)}`);
      return null;
    }
  }

  private async writeAtomically(file: string, text: string): Promise<void> {
    const { dir } = this.options;
    const version = this.versions.get(file) ?? 0;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
    const temporary = join(dir, `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    const handle = await open(temporary, 'wx', 0o600);
    try {
      try {
        await handle.chmod(0o600); // exactly 0600 whatever the umask
        await this.writeText(handle, text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      if ((this.versions.get(file) ?? 0) !== version) {
        // A synchronous write or removal came meanwhile: it is newer than this text.
        await unlink(temporary).catch(() => undefined);
        return;
      }
      await rename(temporary, join(dir, file));
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    await syncFolder(dir);
  }

  private async unlinkJournal(file: string): Promise<void> {
    await unlink(join(this.options.dir, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

function writeChunks(fd: number, chunks: readonly (string | Uint8Array)[]): void {
  for (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    // writeSync may write less than asked (a signal, a pipe); a file takes it all in practice, but go on if not.
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
  }
}

/** `syncFolder`, before returning. */
function syncFolderSync(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Not every platform flushes a folder.
  } finally {
    closeSync(fd);
  }
}

/** Makes a rename durable: the folder's entry is flushed too (not every platform allows it; then skip). */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  if (handle === null) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}
