import type { ItemRef } from '../store/playlist-edits.js';
import type { Playlist, PlaylistDetails } from '../store/playlists.js';

/** Why an unavailable entry's line names no item: as `restrictions.reason` says it (decisions §21). */
export type UnavailableReason = 'missing' | 'outside_folder' | 'not_audio' | 'not_a_file';

/**
 * What the routes ask of the playlists kept as files of a music folder (decisions §21); the service's
 * context holds it while a folder's playlist files are open, none otherwise.
 */
export interface PlaylistFileRules {
  /** Whether the playlist is kept as a file: then unavailable lines (`local` items) may be added back to it. */
  holds(playlistId: string): boolean;
  /** Why the playlist cannot be changed now (its file cannot be written), as a 403 says it; null when it can. */
  refusal(playlistId: string): string | null;
  /** Why `item` cannot be written into the playlist's file (a track with no file), as a 400 says it; null when it can. */
  lineProblem(playlistId: string, item: ItemRef): string | null;
  /** A new playlist of `ownerId` as a new file of the folder; null when not the local user's (the store makes it). Throws a 403 when the folder cannot be written. */
  create(ownerId: string, details: PlaylistDetails): Playlist | null;
  /** Changes the details of a playlist it holds, renaming its file or its `#PLAYLIST:` line; settles once committed. */
  changeDetails(playlist: Playlist, details: PlaylistDetails): Promise<void>;
  unavailableReason(key: string): UnavailableReason;
}
