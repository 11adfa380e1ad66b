import type { ReorderMove } from '../../src/api/api.js';
import { ApiError } from '../../src/api/errors.js';
import type { Episode, PlaylistItem, SimplifiedPlaylist, Track, UserRef } from '../../src/api/types.js';
import type { NewPlaylist } from '../../src/api/library-types.js';
import { addedAt, fakeId, fakeName, type FakeCatalog, uriOf } from './fake-catalog.js';

/**
 * The playlists of the fake API, with versions: every change makes a new snapshot, the last 100 are kept,
 * and a reorder against an older one moves the same entries in the current version (decisions.md §7); a
 * removal takes out every entry of each URI from the current version. As the embedded service (§17): snapshot
 * ids name their version (`v<version>.<16 characters>`), a removal on an older snapshot takes only the entries
 * it held, and a write on an older snapshot always makes a version. As the real service is known to
 * (`asRealService`): ids are opaque, a removal takes every entry of its URIs whatever snapshot it names, and a
 * write that changes nothing answers the current snapshot. Unchanged data keeps its objects, so that reference
 * checks in the UI see "nothing changed".
 */

export const PLAYLIST_COUNT = 14;
export const LONG_PLAYLIST_INDEX = 1;
export const LONG_PLAYLIST_LENGTH = 10_000;
export const MIXED_PLAYLIST_INDEX = 2;
const KEPT_VERSIONS = 100;
const MAX_REPLACE_URIS = 100;
const MAX_WRITE_URIS = 100;

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
  name: string;
  description: string;
  isPublic: boolean;
  versions: Version[];
  versionCount: number;
}

const badRequest = (message: string) => new ApiError('bad-request', message, { status: 400 });
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

export class FakePlaylists {
  private readonly playlists: FakePlaylist[] = [];
  private nextEntryKey = 0;

  constructor(
    private readonly catalog: FakeCatalog,
    private readonly options: { asRealService?: boolean } = {},
  ) {
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
    const isStale = base !== current(playlist) && this.options.asRealService !== true;
    if (!isStale && next.every((entry, index) => entry === latest[index])) return current(playlist).snapshotId;
    return this.commit(playlist, next);
  }

  replace(playlistId: string, uris: string[]): string {
    const playlist = this.findWritable(playlistId);
    if (uris.length > MAX_REPLACE_URIS) throw badRequest(`Invalid uris: at most ${MAX_REPLACE_URIS}`);
    const entries = uris.map((uri, n) => this.entry(this.playable(uri), n, this.catalog.user));
    return this.commit(playlist, entries);
  }

  /** Adds before `position` of the current version (null: the end), each entry added now by the user. */
  add(playlistId: string, uris: readonly string[], position: number | null): string {
    const playlist = this.findWritable(playlistId);
    if (uris.length === 0 || uris.length > MAX_WRITE_URIS) throw badRequest(`Invalid uris: 1 to ${MAX_WRITE_URIS}`);
    const latest = current(playlist).entries;
    const at = position ?? latest.length;
    if (!Number.isInteger(at) || at < 0 || at > latest.length) throw badRequest(`Invalid position: must be from 0 to ${latest.length}`);
    const added = uris.map((uri) => ({
      key: this.nextEntryKey++,
      item: { added_at: now(), added_by: this.catalog.user, is_local: false, track: this.playable(uri) },
    }));
    return this.commit(playlist, [...latest.slice(0, at), ...added, ...latest.slice(at)]);
  }

  /**
   * Removes every entry of each URI from the current version, or on an older snapshot only the entries it held;
   * a snapshot, when given, must be kept (else 409).
   */
  remove(playlistId: string, uris: readonly string[], snapshotId: string | null): string {
    const playlist = this.findWritable(playlistId);
    if (uris.length === 0 || uris.length > MAX_WRITE_URIS) throw badRequest(`Invalid items: 1 to ${MAX_WRITE_URIS}`);
    const named = snapshotId === null ? current(playlist) : playlist.versions.find((version) => version.snapshotId === snapshotId);
    if (named === undefined) throw new ApiError('conflict', 'Snapshot not found', { status: 409 });
    const isReal = this.options.asRealService === true;
    const held = new Set((isReal ? current(playlist) : named).entries.map((entry) => entry.key));
    const gone = new Set(uris.map((uri) => uri.split(':').slice(-2).join(':')));
    const latest = current(playlist).entries;
    const kept = latest.filter((entry) => !(held.has(entry.key) && gone.has(`${entry.item.track?.type}:${entry.item.track?.id}`)));
    const isStale = named !== current(playlist) && !isReal;
    return kept.length === latest.length && !isStale ? current(playlist).snapshotId : this.commit(playlist, kept);
  }

  /** A new empty playlist of the user, first in the list. */
  create(details: NewPlaylist): SimplifiedPlaylist {
    if (details.name.trim() === '') throw badRequest('Invalid name: must not be empty');
    const playlist: FakePlaylist = {
      id: fakeId('pl', PLAYLIST_COUNT + this.created++), owner: this.catalog.user, collaborative: details.collaborative ?? false,
      name: details.name, description: details.description ?? '', isPublic: details.public ?? true, versions: [], versionCount: 0,
    };
    this.pushVersion(playlist, []);
    this.playlists.unshift(playlist);
    this.changeCount++;
    return current(playlist).playlist;
  }

  /** Sets the name and/or description: the owner only, a new snapshot. */
  changeDetails(playlistId: string, details: { name?: string; description?: string }): void {
    const playlist = this.find(playlistId);
    if (playlist.owner.id !== this.catalog.user.id) throw new ApiError('forbidden', 'You cannot change the details of a playlist you do not own', { status: 403 });
    if (details.name !== undefined && details.name.trim() === '') throw badRequest('Invalid name: must not be empty');
    playlist.name = details.name ?? playlist.name;
    playlist.description = details.description ?? playlist.description;
    this.commit(playlist, current(playlist).entries);
  }

  private created = 0;

  private playable(uri: string): Track | Episode {
    const item = this.catalog.byUri.get(uri);
    if (!item || item.type === 'chapter') throw badRequest(`Invalid uri: ${uri}`);
    return item;
  }

  private seed(index: number): FakePlaylist {
    const isOwn = index < 12;
    const id = fakeId('pl', index);
    const name = fakeName(index * 17 + 5);
    const playlist: FakePlaylist = {
      id, owner: isOwn ? this.catalog.user : this.catalog.otherUser, collaborative: index === 12,
      name, description: `Songs for ${name.toLowerCase()}`, isPublic: index % 3 !== 0, versions: [], versionCount: 0,
    };
    const { tracks, episodes } = this.catalog;
    const length = index === LONG_PLAYLIST_INDEX ? LONG_PLAYLIST_LENGTH : 6 + ((index * 5) % 19);
    const entries = Array.from({ length }, (_, n) => {
      const isEpisode = index === MIXED_PLAYLIST_INDEX && n % 2 === 1;
      const item = isEpisode ? episodes[n % episodes.length]! : tracks[(index * 37 + n) % tracks.length]!;
      return this.entry(item, n, playlist.owner);
    });
    this.pushVersion(playlist, entries);
    return playlist;
  }

  private entry(item: Track | Episode, n: number, addedBy: UserRef): Entry {
    return { key: this.nextEntryKey++, item: { added_at: addedAt(n), added_by: addedBy, is_local: false, track: item } };
  }

  private commit(playlist: FakePlaylist, entries: Entry[]): string {
    this.pushVersion(playlist, entries);
    this.changeCount++;
    return current(playlist).snapshotId;
  }

  private pushVersion(playlist: FakePlaylist, entries: Entry[]): void {
    playlist.versionCount++;
    const tag = playlist.id.replace(/[^0-9A-Za-z]/g, '0').padStart(16, '0').slice(-16);
    const snapshotId = this.options.asRealService === true ? `${playlist.id}-v${playlist.versionCount}` : `v${playlist.versionCount}.${tag}`;
    const simplified: SimplifiedPlaylist = {
      id: playlist.id, name: playlist.name, description: playlist.description, uri: uriOf('playlist', playlist.id),
      snapshot_id: snapshotId, owner: playlist.owner, public: playlist.isPublic, collaborative: playlist.collaborative,
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
      throw new ApiError('forbidden', 'You cannot change a playlist you neither own nor collaborate on', { status: 403 });
    }
    return playlist;
  }
}

function current(playlist: FakePlaylist): Version {
  return playlist.versions.at(-1)!;
}
