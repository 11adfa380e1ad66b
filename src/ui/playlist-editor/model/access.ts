import type { SimplifiedPlaylist } from '../../../api/types.js';

/**
 * Whether the user may change a playlist's order: the service refuses (403) every change to a playlist the
 * user neither owns nor collaborates on, so the items view says so at once instead of showing moves it
 * cannot save.
 */
export function canEdit(playlist: Pick<SimplifiedPlaylist, 'owner' | 'collaborative'>, userId: string | null): boolean {
  return playlist.collaborative || (userId !== null && playlist.owner.id === userId);
}

/** Added to the items view's title of a playlist the user cannot change. */
export const READ_ONLY_TITLE = ' · read-only';

/** The status line when a reorder, sort or move key is pressed in such a playlist; nothing changes. */
export function readOnlyText(playlist: Pick<SimplifiedPlaylist, 'owner'>): string {
  const owner = playlist.owner.display_name ?? playlist.owner.id;
  return `read-only: only ${owner} and collaborators can change this playlist's order`;
}
