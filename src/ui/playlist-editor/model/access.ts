import type { SimplifiedPlaylist } from '../../../api/types.js';

/**
 * Whether the user may change a playlist's items (order, additions, removals): the service refuses (403)
 * every change to a playlist the user neither owns nor collaborates on, so the editor says so at once instead
 * of showing changes it cannot save.
 */
export function canEdit(playlist: Pick<SimplifiedPlaylist, 'owner' | 'collaborative'>, userId: string | null): boolean {
  return playlist.collaborative || (userId !== null && playlist.owner.id === userId);
}

/** Added to the items view's title of a playlist the user cannot change. */
export const READ_ONLY_TITLE = ' · read-only';

const ownerName = (playlist: Pick<SimplifiedPlaylist, 'owner'>): string => playlist.owner.display_name ?? playlist.owner.id;

/** The status line when a key that changes items is pressed in such a playlist (or `A` picks it); nothing changes. */
export function readOnlyText(playlist: Pick<SimplifiedPlaylist, 'owner'>): string {
  return `read-only: only ${ownerName(playlist)} and collaborators can change this playlist`;
}

/** Whether the user may rename the playlist: its details are the owner's alone (a collaborator changes items, not the name). */
export function canRename(playlist: Pick<SimplifiedPlaylist, 'owner'>, userId: string | null): boolean {
  return userId !== null && playlist.owner.id === userId;
}

/** Why `R` does nothing on a playlist the user does not own. */
export function renameRefusal(playlist: Pick<SimplifiedPlaylist, 'owner'>): string {
  return `can't rename: only ${ownerName(playlist)}, who owns this playlist, can change its name`;
}
