import type { Api } from '../../api/api.js';
import { isUnreadable } from '../../api/list-entry.js';
import type { SimplifiedPlaylist } from '../../api/types.js';
import { canEdit, readOnlyText } from './model/access.js';

/**
 * The playlist picker of `A`: the user's playlists, the ones last added to first, narrowed by what was typed.
 * Pure: the overlay (PlaylistPicker.tsx) draws it, use-playlist-actions.ts drives it.
 */

/** A playlist the picker offers, and why it may not take the addition (read-only), if so. */
export interface PickerRow {
  playlist: SimplifiedPlaylist;
  refusal: string | null;
  isRecent: boolean;
}

/** Lower case without accents: what typing `cafe` finds `Café` by. */
export const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The rows for `typed`: playlists whose name holds it (every word of it, in any order), the recent targets
 * first in the order they were last used, then the others in the service's order (the user's own first).
 */
export function pickerRows(playlists: readonly SimplifiedPlaylist[], recent: readonly string[], typed: string, userId: string | null): PickerRow[] {
  const words = folded(typed).split(/\s+/).filter((word) => word !== '');
  const matches = playlists.filter((playlist) => {
    const name = folded(playlist.name);
    return words.every((word) => name.includes(word));
  });
  const rank = (playlist: SimplifiedPlaylist): number => {
    const place = recent.indexOf(playlist.id);
    return place === -1 ? recent.length : place;
  };
  return matches
    .map((playlist, index) => ({ playlist, index, rank: rank(playlist) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ playlist, rank: place }) => ({
      playlist,
      isRecent: place < recent.length,
      refusal: userId === null || canEdit(playlist, userId) ? null : readOnlyText(playlist),
    }));
}

/** The playlist `name` names for `playdeck add --to NAME`: the one so named (case and accents aside), else the only one whose name holds it. */
export function playlistNamed(playlists: readonly SimplifiedPlaylist[], name: string): { playlist: SimplifiedPlaylist } | { error: string } {
  const wanted = folded(name.trim());
  if (wanted === '') return { error: 'the name is empty' };
  const exact = playlists.filter((playlist) => folded(playlist.name) === wanted);
  if (exact.length >= 1) return { playlist: exact[0]! };
  const holding = playlists.filter((playlist) => folded(playlist.name).includes(wanted));
  if (holding.length === 1) return { playlist: holding[0]! };
  if (holding.length === 0) return { error: `no playlist is named like "${name}"` };
  const names = holding.slice(0, 3).map((playlist) => `"${playlist.name}"`).join(', ');
  return { error: `"${name}" names ${holding.length} playlists (${names}${holding.length > 3 ? ', …' : ''}): give more of the name` };
}

/** The user's playlists, every page (50 a request: a few requests for most people). */
export async function readAllPlaylists(api: Api, signal: AbortSignal): Promise<SimplifiedPlaylist[]> {
  const playlists: SimplifiedPlaylist[] = [];
  for (let offset = 0; ; offset += 50) {
    const page = await api.getMyPlaylists({ offset, limit: 50 }, { signal });
    for (const entry of page.items) if (!isUnreadable(entry)) playlists.push(entry);
    if (page.items.length === 0 || offset + 50 >= page.total) return playlists;
  }
}
