/** What the player plays as mpv needs it: which item (a key), which part of which file, and where in it. */
import type { MediaFile } from '../media-source.js';
import { playingItem, type PlayContext } from '../play-context.js';
import type { PlayerState } from '../player.js';

/**
 * The item a state plays, as the sound tells items apart: its type and id, and whether it is an added item (the
 * same track added to the queue is another play of it). Null when the state plays nothing.
 */
export function keyOf(state: PlayerState, context: PlayContext | null): string | null {
  const item = playingItem(state, context);
  return item ? `${state.queued ? 'queued' : 'context'}:${item.type}:${item.id}` : null;
}

/** What changes when a command moves the player (play, pause, seek, another item); not its item's duration. */
export function anchorOf(state: PlayerState): string {
  return `${state.index}|${state.queued ?? ''}|${state.isPlaying}|${state.changedAt}|${state.progressMs}`;
}

export function sameFile(one: MediaFile, other: MediaFile): boolean {
  return one.path === other.path && one.startMs === other.startMs && one.endMs === other.endMs;
}

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

/**
 * loadfile's arguments after the path: the item's part of its file (a chapter of an .m4b), from `positionMs` into
 * it. A whole file from its start has none: a `start` there would be a seek, and mpv's move to it no longer gapless.
 */
export function loadArgs(file: MediaFile, mode: 'replace' | 'append', positionMs: number): string[] {
  const options = [];
  if (file.startMs + positionMs > 0) options.push(`start=${seconds(file.startMs + positionMs)}`);
  if (file.endMs !== null) options.push(`end=${seconds(file.endMs)}`);
  return options.length === 0 ? ['loadfile', file.path, mode] : ['loadfile', file.path, mode, options.join(',')];
}

/** The id of the playlist entry loadfile's answer names (mpv 0.35 answers `{playlist_entry_id}`), or 0. */
export function entryIdOf(data: unknown): number {
  const id = (data as { playlist_entry_id?: unknown } | null)?.playlist_entry_id;
  return typeof id === 'number' ? id : 0;
}
