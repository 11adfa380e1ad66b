import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CLEAR, ENTER, LEAVE, wholeRow } from '../terminal/alternate-screen.js';
import { parseCells, rowOf } from '../terminal/cells.js';
import { ensurePrivateFolder, isUnsharedFolder } from '../status/private-folder.js';
import { sanitizeText } from '../text/sanitize.js';
import { defaultLogPath } from './log-file.js';
import type { PlaybackState } from '../api/types.js';
import type { ArtSetting } from '../ui/art/mode.js';
import { SETTINGS } from '../config/settings.js';

/**
 * The start frame: the Now playing pane as the dashboard last showed it, kept when it quits and painted at the
 * next start before Ink, React, the client and the service load (they take ~250 ms more), so that what plays is
 * on screen at once. The screen writer then holds Ink's frames until the first answer of the player and writes
 * that frame over these rows, only the cells that differ (src/terminal/screen.ts). The frame is used only where
 * it is still true: the same service, terminal size and look, an item that cannot have ended since (a paused
 * one, or a playing one before its end), and for the embedded service a database nobody wrote since.
 */

const VERSION = 2;
const ART_SETTINGS: ReadonlySet<string> = new Set<ArtSetting>(SETTINGS.art.mode.allowed);

/** What a kept frame is valid for, besides its service (the file's name). */
export interface FrameFit {
  columns: number;
  rows: number;
  /**
   * What else changes the drawing: the config file as it was (its size and time: the frame is painted before it
   * is read), NO_COLOR, the terminal's name.
   */
  look: string;
  /** The embedded service's database file: written after the frame was kept, it may play something else. */
  db?: string;
}

interface KeptFrame {
  v: number;
  columns: number;
  rows: number;
  look: string;
  keptAt: number;
  /** When the item shown ends if it plays on (epoch ms); null when paused. */
  validUntil: number | null;
  /** The config's art setting (the same file, since the look matches): whether to ask the terminal about kitty. */
  art: ArtSetting;
  frame: readonly string[];
}

/** Where the frame of `service` is kept: `$XDG_STATE_HOME/playdeck/start-frame/<hash>.json`. */
export function startFrameFile(service: string, env: NodeJS.ProcessEnv = process.env): string {
  const name = createHash('sha256').update(service).digest('hex').slice(0, 24);
  return join(dirname(defaultLogPath(env)), 'start-frame', `${name}.json`);
}

/** When `path` was last written; null when there is no such file. */
const modifiedAt = (path: string): number | null => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? null;

/** Whether the database is there and nobody wrote it (or its log) after `keptAt`. */
function isUnchangedSince(db: string, keptAt: number): boolean {
  const written = modifiedAt(db);
  return written !== null && Math.max(written, modifiedAt(`${db}-wal`) ?? 0) <= keptAt;
}

/** A frame read back: its rows, and until when the item it shows could still be playing (null: paused). */
export interface StartFrame {
  rows: readonly string[];
  validUntil: number | null;
  art: ArtSetting;
}

/**
 * What a kept frame may weigh: a screen of cells, each with room for its colours (a row writes a style only
 * where it changes), and the rest of the file. A larger file is not read at all: one row of 50 MB took a start
 * to 2.4 GB of memory.
 */
const BYTES_PER_CELL = 64;
const BYTES_BESIDE_THE_ROWS = 4_096;

/**
 * The file's text when it may be painted: a regular file (not a link) of this user in a folder of this user's
 * alone (status/private-folder.ts), neither writable by anyone else, and no larger than `maxBytes`; read from
 * the descriptor that was checked. Null otherwise.
 */
function readOwnFile(file: string, maxBytes: number): string | null {
  if (!isUnsharedFolder(dirname(file))) return null;
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const stat = fstatSync(fd);
    const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
    if (!stat.isFile() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0 || stat.size > maxBytes) return null;
    const bytes = Buffer.alloc(stat.size);
    return bytes.toString('utf8', 0, readSync(fd, bytes, 0, bytes.length, 0));
  } finally {
    closeSync(fd);
  }
}

const SGR = /(\u001B\[[0-9;]*m)/;

/**
 * `row` as it may be painted: sanitised as any other text (sanitize.ts), its colours and weights (SGR) kept,
 * cut to `columns`; null when its characters are not one column each (no kept frame has such a row).
 */
function paintableRow(row: string, columns: number): string | null {
  const safe = row.split(SGR).map((part, index) => (index % 2 === 1 ? part : sanitizeText(part))).join('');
  const cells = parseCells(safe);
  if (cells === null) return null;
  return safe === row && cells.length <= columns ? row : rowOf(cells.slice(0, columns));
}

/** The frame kept for `fit`, or null when there is none or it may no longer be true. Never throws. */
export function readStartFrame(file: string, fit: FrameFit, now = Date.now()): StartFrame | null {
  try {
    const text = readOwnFile(file, fit.rows * fit.columns * BYTES_PER_CELL + BYTES_BESIDE_THE_ROWS);
    if (text === null) return null;
    const kept = JSON.parse(text) as KeptFrame;
    if (kept.v !== VERSION || kept.columns !== fit.columns || kept.rows !== fit.rows || kept.look !== fit.look) return null;
    if (kept.validUntil !== null && kept.validUntil <= now) return null;
    if (fit.db !== undefined && !isUnchangedSince(fit.db, kept.keptAt)) return null;
    const isRows = Array.isArray(kept.frame) && kept.frame.length < fit.rows && kept.frame.every((row) => typeof row === 'string');
    if (!isRows || !ART_SETTINGS.has(kept.art)) return null;
    const rows = kept.frame.map((row) => paintableRow(row, fit.columns));
    return rows.every((row) => row !== null) ? { rows: rows as string[], validUntil: kept.validUntil, art: kept.art } : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `frame` as the start frame of the next start (owner-only, written whole then renamed), or removes the
 * one kept when there is nothing to show. Never throws: a frame is only ever a head start.
 */
export function keepStartFrame(
  file: string,
  frame: readonly string[] | null,
  fit: Omit<FrameFit, 'db'>,
  { validUntil, art }: Omit<StartFrame, 'rows'>,
  now = Date.now(),
): void {
  try {
    if (frame === null) {
      rmSync(file, { force: true });
      return;
    }
    const kept: KeptFrame = { v: VERSION, columns: fit.columns, rows: fit.rows, look: fit.look, keptAt: now, validUntil, art, frame };
    // Another user's folder (or a link to one) gets no frame; a folder of ours left readable is tightened.
    if (!ensurePrivateFolder(dirname(file))) return;
    const temporary = `${file}.${process.pid}.tmp`;
    rmSync(temporary, { force: true });
    writeFileSync(temporary, JSON.stringify(kept), { mode: 0o600, flag: 'wx' });
    renameSync(temporary, file);
  } catch {
    // No state folder to write: the next start waits for the service, as a first start does.
  }
}

export interface PaintedStartFrame extends StartFrame {
  /** Gives the terminal back before anything is printed on it (a start that fails after the frame was painted). */
  abandon(): void;
}

/**
 * Paints `rows` on the alternate screen, with the question for the terminal written before the clear (as the
 * screen writer would: see src/terminal/screen.ts) and raw mode set first, so that the answer is not echoed.
 */
export function paintStartFrame(output: NodeJS.WriteStream, input: NodeJS.ReadStream, frame: StartFrame, question: string): PaintedStartFrame {
  if (question !== '') input.setRawMode?.(true);
  output.write(ENTER + question + CLEAR + frame.rows.map((row, index) => wholeRow(index, row)).join(''));
  return {
    ...frame,
    abandon() {
      if (question !== '') input.setRawMode?.(false);
      output.write(LEAVE);
    },
  };
}

/** Where this dashboard's frame is kept and what it must fit; `painted` when one was painted at this start. */
export interface StartFrameSlot {
  file: string;
  fit: FrameFit;
  painted: PaintedStartFrame | null;
}

/** The longest Ink's frames wait behind a start frame for the player's first answer (a slow or absent service). */
const LONGEST_HOLD_MS = 2_000;

/** The screen and the playback as the start frame's hold needs them. */
interface HeldScreen {
  release(): void;
}
interface FollowedPlayback {
  snapshot(): { playback: PlaybackState | null; receivedAt: number } | null;
  subscribe(listener: () => void): () => void;
}

/**
 * Releases `screen` from its start frame once the player's first answer is in the tree (its frame was written
 * to the screen in the same commit), or after LONGEST_HOLD_MS. Returns the release, for a quit before then.
 */
export function holdUntilFirstAnswer(screen: HeldScreen, playback: FollowedPlayback): () => void {
  const release = (): void => {
    clearTimeout(timer);
    unsubscribe();
    screen.release();
  };
  const timer = setTimeout(release, LONGEST_HOLD_MS);
  const unsubscribe = playback.subscribe(() => {
    if (playback.snapshot() !== null) release();
  });
  return release;
}
