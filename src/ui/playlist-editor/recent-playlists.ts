/**
 * The playlists last added to, most recent first: the picker of `A` offers them first, and `playdeck add`
 * without `--to` adds to the first. The dashboard keeps them in a file of the state folder (src/status,
 * recent-playlists-file.ts) so the command line shares them; a pane drawn alone keeps them in memory.
 */
export interface RecentPlaylist {
  id: string;
  name: string;
}

export interface RecentPlaylists {
  list(): readonly RecentPlaylist[];
  /** `playlist` was just added to: it goes first. */
  remember(playlist: RecentPlaylist): void;
}

/** How many are kept. */
export const RECENT_KEPT = 10;

/** `playlist` first, then the others without it, at most RECENT_KEPT. */
export function withRecent(recent: readonly RecentPlaylist[], playlist: RecentPlaylist): RecentPlaylist[] {
  return [{ id: playlist.id, name: playlist.name }, ...recent.filter((entry) => entry.id !== playlist.id)].slice(0, RECENT_KEPT);
}

export function memoryRecentPlaylists(initial: readonly RecentPlaylist[] = []): RecentPlaylists {
  let recent = [...initial];
  return { list: () => recent, remember: (playlist) => (recent = withRecent(recent, playlist)) };
}
