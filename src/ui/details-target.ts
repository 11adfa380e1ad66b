import type { Album, Audiobook, Chapter, Episode, PlaylistItem, Show, SimplifiedPlaylist, Track } from '../api/types.js';
import type { AlbumDetails, Artist } from '../api/library-types.js';

/** What the details pane describes: the item under the cursor of the focused library pane. */
export type DetailsTarget =
  | { kind: 'track'; track: Track }
  | { kind: 'episode'; episode: Episode }
  | { kind: 'chapter'; chapter: Chapter }
  | { kind: 'show'; show: Show }
  | { kind: 'audiobook'; audiobook: Audiobook }
  | { kind: 'playlist'; playlist: SimplifiedPlaylist }
  /** A saved album comes with its details; a simplified one (an artist's, a search's) has them read when the cursor rests. */
  | { kind: 'album'; album: Album | AlbumDetails }
  | { kind: 'artist'; artist: Artist };

/** The target for a playlist entry; null for an entry the service sent without a playable item. */
export function targetOfPlaylistItem(item: PlaylistItem): DetailsTarget | null {
  const playable = item.track;
  if (playable === null) return null;
  return playable.type === 'track' ? { kind: 'track', track: playable } : { kind: 'episode', episode: playable };
}
