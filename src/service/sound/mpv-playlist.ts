/**
 * What mpv's playlist holds: the entry it plays and the one read ahead (gapless), each the item it is, and the
 * ends of files as mpv tells them. A file's end counts once mpv goes on to the next entry or is idle (having
 * played the last of what it buffered): `onLeft` hears it then.
 */
import type { MediaFile } from '../media-source.js';
import type { Heard } from './heard.js';
import type { MpvEvent, MpvProcess } from './mpv-process.js';
import { entryIdOf, loadArgs } from './parts.js';

/** The most of a file's end mpv is taken to hold in its buffers once it told the file ended. */
const MAX_HELD_MS = 2_000;

/** mpv's file error when no audio output opens. */
export const NO_OUTPUT = 'audio output initialization failed';

/** An entry of mpv's playlist: the item it plays. */
export interface Entry {
  /** mpv's id of the entry, once known (0 before). */
  id: number;
  key: string;
  file: MediaFile;
  /** The length of the item's part of the file, once mpv told the file's duration. */
  durationMs: number | null;
  /** mpv could not play it (or its file went). */
  failed: boolean;
  /** mpv played it, unpaused (a file loaded paused near its end is ended by mpv all the same: not the player's end). */
  played: boolean;
}

export interface PlaylistHost {
  /**
   * mpv is done with `entry`, which ended `positionMs` into it (or could not be played: `entry.failed`); its end
   * is heard at `heardAt` (mpv goes on to the next entry while the last of this one still plays from its buffer).
   */
  left(entry: Entry, positionMs: number, heardAt: number, now: number): void;
  /** No audio output opened. */
  noOutput(now: number): void;
}

export class MpvPlaylist {
  current: Entry | null = null;
  next: Entry | null = null;
  /** The file that ended, until mpv starts the next entry or goes idle, and when its end is heard. */
  private leaving: { entry: Entry; positionMs: number; heardAt: number } | null = null;

  constructor(
    private readonly mpv: MpvProcess,
    private readonly heard: Heard,
    private readonly host: PlaylistHost,
  ) {}

  /** Plays `file` from `positionMs` in place of everything mpv holds. */
  async load(key: string, file: MediaFile, positionMs: number, now: number): Promise<void> {
    const entry: Entry = { id: 0, key, file, durationMs: null, failed: false, played: !this.heard.paused };
    this.current = entry;
    this.next = null;
    this.leaving = null;
    this.heard.moving(positionMs, now);
    entry.id = entryIdOf(await this.mpv.request(loadArgs(file, 'replace', positionMs)));
  }

  /** Reads `file` ahead, to be played once the current one ends (in place of any read ahead before). */
  async append(key: string, file: MediaFile, positionMs: number): Promise<void> {
    await this.clearNext();
    // mpv moves on to it only while it plays.
    const entry: Entry = { id: 0, key, file, durationMs: null, failed: false, played: true };
    this.next = entry;
    entry.id = entryIdOf(await this.mpv.request(loadArgs(file, 'append', positionMs)));
  }

  async clearNext(): Promise<void> {
    if (this.next === null) return;
    this.next = null;
    await this.mpv.request(['playlist-clear']);
  }

  /** Forgets what mpv holds (mpv is told to stop when `stop`). */
  async forget(stop: boolean): Promise<void> {
    const held = this.current !== null || this.next !== null;
    this.current = null;
    this.next = null;
    this.leaving = null;
    if (held && stop) await this.mpv.request(['stop']);
  }

  /** mpv's events about its entries; true when the event was one. */
  handle(event: MpvEvent, now: number): boolean {
    if (event.event === 'start-file' && typeof event.playlist_entry_id === 'number') this.started(event.playlist_entry_id, now);
    else if (event.event === 'end-file') this.ended(event, now);
    else if (event.event === 'idle' && this.leaving) {
      // Nothing after it: mpv played what it held of it, and is done.
      const { entry, positionMs } = this.leaving;
      this.leaving = null;
      if (this.current === entry && !entry.failed) this.current = null;
      this.host.left(entry, positionMs, now, now);
    } else return false;
    return true;
  }

  /** mpv starts an entry: the one just loaded (loadfile may answer after its first events), or the one read ahead. */
  private started(id: number, now: number): void {
    if (this.leaving && this.next && (this.next.id === id || this.next.id === 0)) {
      const { entry, positionMs, heardAt } = this.leaving;
      this.leaving = null;
      this.current = this.next;
      this.current.id = id;
      this.next = null;
      this.heard.moving(0, now);
      this.host.left(entry, positionMs, heardAt, now);
    } else if (this.current?.id === 0) this.current.id = id;
  }

  /** The file playing ended (or could not be played): what mpv does next, an entry or idle, tells the rest. */
  private ended(event: MpvEvent, now: number): void {
    const entry = this.current;
    if (!entry || event.playlist_entry_id !== entry.id || (event.reason !== 'eof' && event.reason !== 'error')) return;
    if (event.file_error === NO_OUTPUT) {
      this.current = null;
      this.next = null;
      this.mpv.send(['stop']); // Not on to the file read ahead: it would fail the same way.
      this.host.noOutput(now);
      return;
    }
    const positionMs = this.heard.now(now);
    // Loaded past its end (a position kept from a longer item, a seek too far): that is its end, not a fault.
    const isEnd = event.reason === 'eof' || (entry.durationMs !== null && positionMs >= entry.durationMs);
    if (!isEnd) entry.failed = true;
    // What mpv holds of it still (its buffer): a second or two at most.
    const heldMs = entry.failed ? 0 : Math.min(MAX_HELD_MS, Math.max(0, (entry.durationMs ?? positionMs) - positionMs));
    this.leaving = { entry, positionMs, heardAt: now + heldMs };
  }
}
