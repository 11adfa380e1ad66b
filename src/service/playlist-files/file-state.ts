import type { Playlist, PlaylistEntry } from '../store/playlists.js';
import { encodeFileText, type TextEncodingName } from './file-text.js';
import type { FileRow } from './file-tables.js';
import { hashOf } from './file-names.js';
import { formatM3u, keptOnRemoval, type M3uEntry } from './m3u.js';

/** A playlist file as the service holds it: its row, each entry's lines, and why it cannot be written now. */
export interface FileState extends FileRow {
  /** Each entry's lines (the item's line last), by entry id: every entry of the current version's has some. */
  lines: Map<number, string[]>;
  /** Why the file cannot be written back now, ending "its file X …" (writability.ts); null when it can. */
  readOnly: string | null;
}

/** The bytes a version of the playlist gives its file, and their sha-256. */
export interface RenderedFile {
  bytes: Buffer;
  encoding: TextEncodingName;
  hash: string;
  /** Lines made for entries that had none (after a crash between a commit and its lines), to keep once written. */
  made: [entryId: number, lines: string[]][];
}

/**
 * The content of the playlist's current version in its file: the header, each entry's lines in the version's
 * order, the trailer, with the file's line breaks and encoding. An entry with no lines is given those
 * `linesFor` makes (none: left out of the file, kept in the database).
 */
export function renderFile(state: FileState, playlist: Playlist, linesFor: (entry: PlaylistEntry) => string[] | null): RenderedFile {
  const entries: M3uEntry[] = [];
  const made: RenderedFile['made'] = [];
  for (const entryId of playlist.order) {
    let lines = state.lines.get(entryId);
    if (lines === undefined) {
      const fresh = linesFor(playlist.entries.get(entryId)!);
      if (fresh === null) continue;
      made.push([entryId, fresh]);
      lines = fresh;
    }
    entries.push({ lines });
  }
  const text = formatM3u({ header: state.header, entries, trailer: state.trailer, eol: state.eol, finalEol: state.finalEol });
  const { bytes, encoding } = encodeFileText(text, state.encoding, state.bom);
  return { bytes, encoding, hash: hashOf(bytes), made };
}

/**
 * Keeps `state.lines` true to a new version of its playlist: an entry taken out leaves its comments to the
 * entry after it (or the trailer), a new entry gets the lines `linesFor` makes. Returns the lines changed
 * (null: forgotten) and whether the trailer changed.
 */
export function followVersion(
  state: FileState,
  before: Playlist,
  after: Playlist,
  linesFor: (entry: PlaylistEntry) => string[] | null,
): { changed: [number, string[] | null][]; trailerChanged: boolean } {
  const changed: [number, string[] | null][] = [];
  const kept = new Set(after.order);
  let carried: string[] = [];
  for (const entryId of before.order) {
    const lines = state.lines.get(entryId);
    if (!kept.has(entryId)) {
      if (lines !== undefined) carried.push(...keptOnRemoval({ lines }));
      state.lines.delete(entryId);
      changed.push([entryId, null]);
    } else if (carried.length > 0 && lines !== undefined) {
      const moved = [...carried, ...lines];
      state.lines.set(entryId, moved);
      changed.push([entryId, moved]);
      carried = [];
    }
  }
  const trailerChanged = carried.length > 0;
  if (trailerChanged) state.trailer = [...carried, ...state.trailer];
  for (const entryId of after.order) {
    if (state.lines.has(entryId)) continue;
    const lines = linesFor(after.entries.get(entryId)!);
    if (lines === null) continue;
    state.lines.set(entryId, lines);
    changed.push([entryId, lines]);
  }
  return { changed, trailerChanged };
}
