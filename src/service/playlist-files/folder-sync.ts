import { existsSync } from 'node:fs';
import { hashOf, nameOfFile } from './file-names.js';
import type { FileState } from './file-state.js';
import { decodeFileText } from './file-text.js';
import { parseM3u } from './m3u.js';
import { readBytes, type PlaylistFiles } from './playlist-files.js';

/**
 * Brings the playlists in step with the playlist files found in the folder (decisions §21): a file known is
 * checked (in step, behind, or changed elsewhere); a file gone unlists its playlist; a new file is a new
 * playlist, unless its bytes are those last written to a file gone meanwhile (the same file renamed by hand:
 * its playlist follows it, with its id). `resolve`: the catalog changed, so every line is resolved again.
 */
export function reconcile(files: PlaylistFiles, found: readonly string[], resolve: boolean): void {
  const states = [...files.byId.values()];
  const byPath = new Map(states.map((state) => [state.path, state]));
  const isFound = new Set(found);
  // A file made or renamed by a request since the walk is there all the same.
  const gone = states.filter((state) => !isFound.has(state.path) && !existsSync(files.absolute(state.path)));
  const unknown: { path: string; bytes: Buffer }[] = [];
  for (const path of found) {
    const bytes = readBytes(files.absolute(path));
    if (bytes === null) continue;
    const state = byPath.get(path);
    if (state === undefined) {
      unknown.push({ path, bytes });
      continue;
    }
    if (!state.present) files.setPresent(state, true);
    if (!files.check(state, bytes) && resolve) files.resolveAgain(state);
  }
  // The last first: each new playlist goes first in the list, so that they are listed by path.
  for (const { path, bytes } of unknown.reverse()) {
    const hash = hashOf(bytes);
    const renamed = gone.findIndex((state) => state.writtenHash === hash);
    if (renamed < 0) files.adopt(path, bytes);
    else moved(files, gone.splice(renamed, 1)[0]!, path, bytes);
  }
  for (const state of gone) if (state.present) files.setPresent(state, false);
}

/** The playlist of a file renamed by hand follows it: its path, and its name when the file's name gives it. */
function moved(files: PlaylistFiles, state: FileState, path: string, bytes: Buffer): void {
  state.path = path;
  if (state.present) files.tables.save(state);
  else files.setPresent(state, true);
  const playlist = files.store.get(state.playlistId)!;
  const name = nameOfFile(path, parseM3u(decodeFileText(bytes, path).text).header);
  if (name !== playlist.name) files.rename(playlist, name);
  files.check(state, bytes);
}
