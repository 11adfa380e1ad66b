/**
 * Reads and writes of a running service over plain fetch, as an outside observer: what the end-to-end tests
 * compare the dashboard's screen and saves with. Never through the project's own client, so a bug there
 * cannot hide itself.
 */

export interface ServiceAccess {
  /** `http://127.0.0.1:PORT/v1`. */
  baseUrl: string;
  token: string;
}

/** One entry of a playlist: its item and when it was added (together they tell duplicates apart). */
export interface Entry {
  uri: string;
  name: string;
  addedAt: string;
  /** The item the service stores: `linked_from`'s URI for a track relinked for the market, else `uri`. */
  itemUri: string;
}

export interface PlaylistSummary {
  id: string;
  name: string;
  snapshotId: string;
  total: number;
}

async function call(access: ServiceAccess, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${access.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${access.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text === '' ? null : JSON.parse(text);
}

/** The user's playlists in the order the Playlists pane lists them (the first `limit`). */
export async function listPlaylists(access: ServiceAccess, limit = 50): Promise<PlaylistSummary[]> {
  const page = (await call(access, 'GET', `/me/playlists?limit=${limit}&offset=0`)) as {
    items: { id: string; name: string; snapshot_id: string; tracks: { total: number } }[];
  };
  return page.items.map((playlist) => ({ id: playlist.id, name: playlist.name, snapshotId: playlist.snapshot_id, total: playlist.tracks.total }));
}

/** The user's first playlist, as `2` then Enter opens it. */
export async function firstPlaylist(access: ServiceAccess): Promise<PlaylistSummary> {
  const [playlist] = await listPlaylists(access, 1);
  if (!playlist) throw new Error('the user has no playlist');
  return playlist;
}

/**
 * Every entry of a playlist, in the service's current order; through `/items` where `/tracks` is refused
 * (`serve --dev-mode`).
 */
export async function playlistEntries(access: ServiceAccess, playlistId: string, path: 'tracks' | 'items' = 'tracks'): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (let offset = 0; ; offset += 100) {
    const fields = encodeURIComponent('total,items(added_at,track(uri,name,linked_from(uri)))');
    const page = (await call(access, 'GET', `/playlists/${playlistId}/${path}?limit=100&offset=${offset}&additional_types=track,episode&fields=${fields}`)) as {
      total: number;
      items: { added_at: string; track: { uri: string; name: string; linked_from?: { uri: string } | null } }[];
    };
    for (const item of page.items) {
      entries.push({ uri: item.track.uri, name: item.track.name, addedAt: item.added_at, itemUri: item.track.linked_from?.uri ?? item.track.uri });
    }
    if (offset + 100 >= page.total) return entries;
  }
}

/** A reorder made by someone else (decisions §7), on the current version; resolves to the new snapshot id. */
export async function reorderByApi(access: ServiceAccess, playlistId: string, rangeStart: number, insertBefore: number, rangeLength = 1): Promise<string> {
  const body = { range_start: rangeStart, insert_before: insertBefore, range_length: rangeLength };
  return ((await call(access, 'PUT', `/playlists/${playlistId}/tracks`, body)) as { snapshot_id: string }).snapshot_id;
}

/** The name of what the service is playing now, or null when nothing is (204). */
export async function playingName(access: ServiceAccess): Promise<string | null> {
  const state = (await call(access, 'GET', '/me/player?additional_types=track,episode')) as { item: { name: string } | null } | null;
  return state?.item?.name ?? null;
}

/** The names of the user's saved audiobooks, first page. */
export async function savedAudiobookNames(access: ServiceAccess, limit = 5): Promise<string[]> {
  const page = (await call(access, 'GET', `/me/audiobooks?limit=${limit}&offset=0`)) as { items: { audiobook: { name: string } }[] };
  return page.items.map((item) => item.audiobook.name);
}

/** The user's playlists that belong to someone else and are not collaborative (followed ones), first page. */
export async function followedPlaylists(access: ServiceAccess): Promise<PlaylistSummary[]> {
  const me = (await call(access, 'GET', '/me')) as { id: string };
  const page = (await call(access, 'GET', '/me/playlists?limit=50&offset=0')) as {
    items: { id: string; name: string; snapshot_id: string; collaborative: boolean; owner: { id: string }; tracks: { total: number } }[];
  };
  return page.items
    .filter((playlist) => playlist.owner.id !== me.id && !playlist.collaborative)
    .map((playlist) => ({ id: playlist.id, name: playlist.name, snapshotId: playlist.snapshot_id, total: playlist.tracks.total }));
}

/** The names of the user's saved shows, first page. */
export async function savedShowNames(access: ServiceAccess, limit = 5): Promise<string[]> {
  const page = (await call(access, 'GET', `/me/shows?limit=${limit}&offset=0`)) as { items: { show: { name: string } }[] };
  return page.items.map((item) => item.show.name);
}

/** `entries` with the one at `from` moved to sit before the one at `before` (positions of the old order). */
export function movedEntry<T>(entries: readonly T[], from: number, before: number): T[] {
  const result = [...entries];
  const [moved] = result.splice(from, 1);
  result.splice(before > from ? before - 1 : before, 0, moved as T);
  return result;
}

/** Items added by someone else at `position` (the end when null), as Add Items does; resolves to the new snapshot id. */
export async function addByApi(access: ServiceAccess, playlistId: string, uris: readonly string[], position: number | null = null): Promise<string> {
  const body = { uris, ...(position === null ? {} : { position }) };
  return ((await call(access, 'POST', `/playlists/${playlistId}/items`, body)) as { snapshot_id: string }).snapshot_id;
}

/** The URI and name of what the service is playing now, or null when nothing is. */
export async function playingItem(access: ServiceAccess): Promise<{ uri: string; name: string } | null> {
  const state = (await call(access, 'GET', '/me/player?additional_types=track,episode')) as { item: { uri: string; name: string } | null } | null;
  return state?.item ?? null;
}
