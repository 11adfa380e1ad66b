import type { ReorderMove } from '../../src/api/api.js';
import { ApiError } from '../../src/api/errors.js';
import type { Episode, PlaylistItem, SimplifiedPlaylist, Track, UserRef } from '../../src/api/types.js';
import { addedAt, fakeId, fakeName, type FakeCatalog, uriOf } from './fake-catalog.js';

/**
 * The playlists of the fake API, with versions: every change makes a new snapshot, the last 100 are kept,
 * and a reorder against an older one moves the same entries in the current version (decisions.md §7).
 * Unchanged data keeps its objects, so that reference checks in the UI see "nothing changed".
 */

export const PLAYLIST_COUNT = 14;
export const LONG_PLAYLIST_INDEX = 1;
export const LONG_PLAYLIST_LENGTH = 10_000;
export const MIXED_PLAYLIST_INDEX = 2;
const KEPT_VERSIONS = 100;
const MAX_REPLACE_URIS = 100;

interface Entry {
  /** Unique per entry for the life of the fake: how a stale snapshot's entries are found again. */
  key: number;
  item: PlaylistItem;
}

interface Version {
  snapshotId: string;
  entries: Entry[];
  playlist: SimplifiedPlaylist;
}

interface FakePlaylist {
  id: string;
  owner: UserRef;
  collaborative: boolean;
  versions: Version[];
  versionCount: number;
}

export class FakePlaylists {
  private readonly playlists: FakePlaylist[] = [];
  private nextEntryKey = 0;

  constructor(private readonly catalog: FakeCatalog) {
    for (let index = 0; index < PLAYLIST_COUNT; index++) this.playlists.push(this.seed(index));
  }

  /** Every playlist as its current object, the user's own first. */
  list(): SimplifiedPlaylist[] {
    return this.playlists.map((playlist) => current(playlist).playlist);
  }

  /** Bumps on every change: part of the cache key of pages of `list()`. */
  changeCount = 0;

  get(playlistId: string): SimplifiedPlaylist {
    return current(this.find(playlistId)).playlist;
  }

  /** The current items and the snapshot they belong to. */
  items(playlistId: string): { snapshotId: string; items: PlaylistItem[] } {
    const version = current(this.find(playlistId));
    return { snapshotId: version.snapshotId, items: version.entries.map((entry) => entry.item) };
  }

  reorder(playlistId: string, move: ReorderMove): string {
    const playlist = this.findWritable(playlistId);
    const base = playlist.versions.find((version) => version.snapshotId === move.snapshotId);
    if (!base) throw new ApiError('conflict', 'Snapshot not found', { status: 409 });
    const { rangeStart, insertBefore, rangeLength } = move;
    const length = base.entries.length;
    const valid = [rangeStart, insertBefore, rangeLength].every(Number.isInteger) && rangeStart >= 0 &&
      rangeLength >= 1 && rangeStart + rangeLength <= length && insertBefore >= 0 && insertBefore <= length;
    if (!valid) throw new ApiError('bad-request', 'Given positions are out of bounds', { status: 400 });

    const moved = base.entries.slice(rangeStart, rangeStart + rangeLength);
    const movedKeys = new Set(moved.map((entry) => entry.key));
    const latest = current(playlist).entries;
    const remaining = latest.filter((entry) => !movedKeys.has(entry.key));
    const remainingKeys = new Set(remaining.map((entry) => entry.key));
    const latestKeys = new Set(latest.map((entry) => entry.key));
    const stillPresent = moved.filter((entry) => latestKeys.has(entry.key));
    // The anchor is the entry at insert_before in the base version, or the next one after it that survives.
    const anchor = base.entries.slice(insertBefore).find((entry) => remainingKeys.has(entry.key));
    const at = anchor ? remaining.indexOf(anchor) : remaining.length;
    const next = [...remaining.slice(0, at), ...stillPresent, ...remaining.slice(at)];
    if (next.every((entry, index) => entry === latest[index])) return current(playlist).snapshotId;
    return this.commit(playlist, next);
  }

  replace(playlistId: string, uris: string[]): string {
    const playlist = this.findWritable(playlistId);
    if (uris.length > MAX_REPLACE_URIS) {
      throw new ApiError('bad-request', `Invalid uris: at most ${MAX_REPLACE_URIS}`, { status: 400 });
    }
    const entries = uris.map((uri, n) => {
      const item = this.catalog.byUri.get(uri);
      if (!item || item.type === 'chapter') throw new ApiError('bad-request', `Invalid uris: ${uri}`, { status: 400 });
      return this.entry(item, n, this.catalog.user);
    });
    return this.commit(playlist, entries);
  }

  private seed(index: number): FakePlaylist {
    const isOwn = index < 12;
    const id = fakeId('pl', index);
    const playlist: FakePlaylist = {
      id, owner: isOwn ? this.catalog.user : this.catalog.otherUser, collaborative: index === 12,
      versions: [], versionCount: 0,
    };
    const { tracks, episodes } = this.catalog;
    const length = index === LONG_PLAYLIST_INDEX ? LONG_PLAYLIST_LENGTH : 6 + ((index * 5) % 19);
    const entries = Array.from({ length }, (_, n) => {
      const isEpisode = index === MIXED_PLAYLIST_INDEX && n % 2 === 1;
      const item = isEpisode ? episodes[n % episodes.length]! : tracks[(index * 37 + n) % tracks.length]!;
      return this.entry(item, n, playlist.owner);
    });
    this.pushVersion(playlist, entries, fakeName(index * 17 + 5));
    return playlist;
  }

  private entry(item: Track | Episode, n: number, addedBy: UserRef): Entry {
    return { key: this.nextEntryKey++, item: { added_at: addedAt(n), added_by: addedBy, is_local: false, track: item } };
  }

  private commit(playlist: FakePlaylist, entries: Entry[]): string {
    this.pushVersion(playlist, entries, current(playlist).playlist.name);
    this.changeCount++;
    return current(playlist).snapshotId;
  }

  private pushVersion(playlist: FakePlaylist, entries: Entry[], name: string): void {
    playlist.versionCount++;
    const snapshotId = `${playlist.id}-v${playlist.versionCount}`;
    const index = Number(playlist.id.slice(2));
    const simplified: SimplifiedPlaylist = {
      id: playlist.id, name, description: `Songs for ${name.toLowerCase()}`, uri: uriOf('playlist', playlist.id),
      snapshot_id: snapshotId, owner: playlist.owner, public: index % 3 !== 0, collaborative: playlist.collaborative,
      tracks: { href: `fake://playlists/${playlist.id}/tracks`, total: entries.length },
    };
    playlist.versions.push({ snapshotId, entries, playlist: simplified });
    if (playlist.versions.length > KEPT_VERSIONS) playlist.versions.shift();
  }

  private find(playlistId: string): FakePlaylist {
    const playlist = this.playlists.find((candidate) => candidate.id === playlistId);
    if (!playlist) throw new ApiError('not-found', 'Resource not found', { status: 404 });
    return playlist;
  }

  private findWritable(playlistId: string): FakePlaylist {
    const playlist = this.find(playlistId);
    if (playlist.owner.id !== this.catalog.user.id && !playlist.collaborative) {
      throw new ApiError('forbidden', 'Forbidden', { status: 403 });
    }
    return playlist;
  }
}

function current(playlist: FakePlaylist): Version {
  return playlist.versions.at(-1)!;
}
