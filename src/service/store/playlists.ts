import type { Database } from 'better-sqlite3';
import type { Versions } from '../render/cache.js';
import { applyReorder, mergeStaleReorder, reorderError } from '../reorder.js';
import { decodeOrder, encodeOrder, newPlaylistId, newSnapshotId } from './order.js';
import { insertAt, sameOrder, withoutItems, type ItemRef } from './playlist-edits.js';
import { playlistStatements, type PlaylistStatements } from './playlist-statements.js';

/** How many versions of each playlist are kept for stale-snapshot merges (decisions §7: at least 100). */
export const KEPT_VERSIONS = 100;

export interface PlaylistEntry {
  entryId: number;
  type: 'track' | 'episode';
  itemId: string;
  addedAt: string;
  addedBy: string;
}

/** What a playlist is besides its items: Change Playlist Details sets these. */
export interface PlaylistDetails {
  name: string;
  description: string;
  isPublic: boolean;
  collaborative: boolean;
}

/**
 * A playlist as cached in memory; replaced on each write. `entries` holds at least every entry of `order`:
 * versions after an add or a removal share the map, which adds only ever grow, so a version held elsewhere
 * (playback does) still finds all of its own.
 */
export interface Playlist extends PlaylistDetails {
  id: string;
  ownerId: string;
  /** Images as stored JSON. */
  imagesJson: string;
  version: number;
  snapshotId: string;
  /** Entry ids in the current order. */
  order: Int32Array;
  entries: ReadonlyMap<number, PlaylistEntry>;
}

export interface ReorderRequest {
  rangeStart: number;
  insertBefore: number;
  rangeLength: number;
  snapshotId?: string;
}

export type WriteResult =
  | { ok: true; snapshotId: string; changed: boolean }
  | { ok: false; status: 400 | 409; message: string };

const SNAPSHOT_NOT_FOUND: WriteResult = { ok: false, status: 409, message: 'Snapshot not found' };

/** The playlists and their versions. Every committed write bumps the `playlists` version (render/cache.ts). */
export class PlaylistStore {
  private readonly cache = new Map<string, Playlist>();
  private readonly statements: PlaylistStatements;

  constructor(
    private readonly db: Database,
    private readonly versions: Versions,
  ) {
    this.statements = playlistStatements(db);
  }

  get(id: string): Playlist | null {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const row = this.statements.playlist.get(id) as any;
    if (!row) return null;
    const current = this.statements.version.get(id, row.version) as { entries: Buffer };
    const playlist = withLazyEntries(
      {
        id,
        ownerId: row.owner_id,
        name: row.name,
        description: row.description,
        isPublic: row.public === 1,
        collaborative: row.collaborative === 1,
        imagesJson: row.images,
        version: row.version,
        snapshotId: row.snapshot_id,
        order: decodeOrder(current.entries),
      },
      () => this.readEntries(id),
    );
    this.cache.set(id, playlist);
    return playlist;
  }

  private readEntries(id: string): Map<number, PlaylistEntry> {
    const entries = new Map<number, PlaylistEntry>();
    for (const raw of this.statements.entries.all(id) as any[]) {
      entries.set(raw.entry_id, {
        entryId: raw.entry_id,
        type: raw.item_type,
        itemId: raw.item_id,
        addedAt: raw.added_at,
        addedBy: raw.added_by,
      });
    }
    return entries;
  }

  /** The ids of the playlists a user lists (own first, then followed), in order. */
  listedBy(userId: string): string[] {
    return (this.statements.listed.all(userId) as { playlist_id: string }[]).map((row) => row.playlist_id);
  }

  /** The order of a version the playlist still keeps, or null (a snapshot never made, or pruned). */
  private orderAt(id: string, snapshotId: string): Int32Array | null {
    const row = this.statements.versionBySnapshot.get(id, snapshotId) as { entries: Buffer } | undefined;
    return row ? decodeOrder(row.entries) : null;
  }

  /**
   * Moves a range (decisions §7). Positions refer to the version named by `snapshotId` (current when
   * absent); a stale version is merged into the current one by entry identity.
   */
  reorder(id: string, request: ReorderRequest): WriteResult {
    const playlist = this.get(id)!;
    const current = Array.from(playlist.order);
    let base = current;
    if (request.snapshotId !== undefined && request.snapshotId !== playlist.snapshotId) {
      const stale = this.orderAt(id, request.snapshotId);
      if (!stale) return SNAPSHOT_NOT_FOUND;
      base = Array.from(stale);
    }
    const { rangeStart, insertBefore, rangeLength } = request;
    const invalid = reorderError(base.length, rangeStart, insertBefore, rangeLength);
    if (invalid) return { ok: false, status: 400, message: invalid };
    const next =
      base === current
        ? applyReorder(current, rangeStart, insertBefore, rangeLength)
        : mergeStaleReorder(base, current, rangeStart, insertBefore, rangeLength);
    const changed = !sameOrder(next, current);
    // On an older snapshot even a move that changes nothing makes a version: its answer must not name one another client made (§17).
    if (!changed && base === current) return { ok: true, snapshotId: playlist.snapshotId, changed: false };
    return { ok: true, snapshotId: this.commit(playlist, { order: changed ? Int32Array.from(next) : playlist.order, entries: playlist.entries }), changed };
  }

  /** Replaces every item (an empty list clears); new entries are added now by `userId`. */
  replace(id: string, items: readonly ItemRef[], userId: string, now: Date): WriteResult {
    const playlist = this.get(id)!;
    // Its entries are about to be deleted: read them now for whoever still holds this version (playback does).
    void playlist.entries;
    const entries = new Map<number, PlaylistEntry>();
    const order = new Int32Array(items.length);
    const snapshotId = this.commit(playlist, { order, entries }, () => {
      this.statements.deleteEntries.run(id);
      this.insertEntries(id, items, userId, now).forEach((entry, index) => {
        entries.set(entry.entryId, entry);
        order[index] = entry.entryId;
      });
    });
    return { ok: true, snapshotId, changed: true };
  }

  /**
   * Adds items before `position` of the current version (null: at the end), added now by `userId`; 400 for a
   * position past the end. Adds need no snapshot: positions are those of the version they land on.
   */
  add(id: string, items: readonly ItemRef[], position: number | null, userId: string, now: Date): WriteResult {
    const playlist = this.get(id)!;
    const length = playlist.order.length;
    const at = position ?? length;
    if (!Number.isSafeInteger(at) || at < 0 || at > length) {
      return { ok: false, status: 400, message: `Invalid position: must be from 0 to ${length}` };
    }
    // Shared with the versions before: they never look up the entries they do not order (see Playlist).
    const entries = playlist.entries as Map<number, PlaylistEntry>;
    let added: PlaylistEntry[] = [];
    const addedIds = new Int32Array(items.length);
    const order = new Int32Array(length + items.length);
    const snapshotId = this.commit(playlist, { order, entries }, () => {
      added = this.insertEntries(id, items, userId, now);
      added.forEach((entry, index) => (addedIds[index] = entry.entryId));
      order.set(insertAt(playlist.order, addedIds, at));
    });
    for (const entry of added) entries.set(entry.entryId, entry);
    return { ok: true, snapshotId, changed: true };
  }

  /**
   * Removes every entry of each item from the current version (decisions §7). On an older `snapshotId` the
   * playlist still keeps, only the entries that version held go: a copy added since stays (§17), and the
   * removal makes a new version even when nothing was left to remove. One it does not keep is a 409, as for a
   * move. On the current version (or none named), nothing to remove changes nothing and answers the current
   * snapshot.
   */
  remove(id: string, items: readonly ItemRef[], snapshotId?: string): WriteResult {
    const playlist = this.get(id)!;
    const isStale = snapshotId !== undefined && snapshotId !== playlist.snapshotId;
    const held = isStale ? this.orderAt(id, snapshotId) : null;
    if (isStale && held === null) return SNAPSHOT_NOT_FOUND;
    const { order, removed } = withoutItems(playlist.order, playlist.entries.values(), items, held === null ? undefined : new Set(held));
    if (removed.length === 0 && !isStale) return { ok: true, snapshotId: playlist.snapshotId, changed: false };
    const next = this.commit(playlist, { order, entries: compacted(playlist.entries, order) }, () => {
      for (const entryId of removed) this.statements.deleteEntry.run(entryId);
    });
    return { ok: true, snapshotId: next, changed: removed.length > 0 };
  }

  /** Changes the name, description, visibility or collaboration: a new version with the same items. */
  changeDetails(id: string, details: PlaylistDetails): string {
    const playlist = this.get(id)!;
    return this.commit(playlist, { order: playlist.order, entries: playlist.entries, details }, () => {
      this.statements.setDetails.run({ id, ...detailsRow(details) });
    });
  }

  /** A new empty playlist of `ownerId`, first in their list. */
  create(ownerId: string, details: PlaylistDetails): Playlist {
    const id = newPlaylistId();
    const snapshotId = newSnapshotId(1);
    this.db.transaction(() => {
      this.statements.insertPlaylist.run({ id, owner_id: ownerId, ...detailsRow(details), images: '[]', version: 1, snapshot_id: snapshotId });
      this.statements.insertVersion.run(id, 1, snapshotId, encodeOrder([]));
      this.statements.listFirst.run({ user_id: ownerId, playlist_id: id });
    })();
    const playlist: Playlist = { id, ownerId, ...details, imagesJson: '[]', version: 1, snapshotId, order: new Int32Array(0), entries: new Map() };
    this.cache.set(id, playlist);
    this.versions.bump('playlists');
    return playlist;
  }

  /** Inserts one entry per item, added at `now` by `userId` (inside a write's transaction). */
  private insertEntries(id: string, items: readonly ItemRef[], userId: string, now: Date): PlaylistEntry[] {
    const addedAt = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
    return items.map((item) => {
      const entryId = Number(this.statements.insertEntry.run(id, item.type, item.id, addedAt, userId).lastInsertRowid);
      return { entryId, type: item.type, itemId: item.id, addedAt, addedBy: userId };
    });
  }

  /**
   * Writes a new version (after `write`, in the same transaction; `next.order` may be filled in by it) and
   * caches it once committed. Versions older than the last KEPT_VERSIONS are dropped.
   */
  private commit(playlist: Playlist, next: Pick<Playlist, 'order' | 'entries'> & { details?: PlaylistDetails }, write?: () => void): string {
    const version = playlist.version + 1;
    const snapshotId = newSnapshotId(version);
    this.db.transaction(() => {
      write?.();
      this.statements.insertVersion.run(playlist.id, version, snapshotId, encodeOrder(next.order));
      this.statements.setVersion.run(version, snapshotId, playlist.id);
      this.statements.pruneVersions.run(playlist.id, version - KEPT_VERSIONS);
    })();
    const { id, ownerId, name, description, isPublic, collaborative, imagesJson } = playlist;
    const details = next.details ?? { name, description, isPublic, collaborative };
    this.cache.set(id, { id, ownerId, ...details, imagesJson, version, snapshotId, order: next.order, entries: next.entries });
    this.versions.bump('playlists');
    return snapshotId;
  }
}

/**
 * The entries a version after a removal keeps: the shared map while the entries removed from it stay few (an
 * eighth of those kept, or 256), else a map of `order`'s alone (the versions before keep theirs), so that adds
 * and removals in turn neither grow it without end nor slow the next removal's scan (~1 ms a 10,000 entries).
 */
function compacted(entries: ReadonlyMap<number, PlaylistEntry>, order: Int32Array): ReadonlyMap<number, PlaylistEntry> {
  if (entries.size - order.length <= Math.max(256, order.length >> 3)) return entries;
  const kept = new Map<number, PlaylistEntry>();
  for (const entryId of order) kept.set(entryId, entries.get(entryId)!);
  return kept;
}

function detailsRow(details: PlaylistDetails) {
  const { name, description, isPublic, collaborative } = details;
  return { name, description, public: isPublic ? 1 : 0, collaborative: collaborative ? 1 : 0 };
}

/**
 * The playlist with its entries read on first use: listing playlists needs only their order, and reading the
 * 10,000 entries of the largest demo playlist took ~35 ms of the dashboard's first GET /me/playlists.
 * Rows are deleted only by `replace` and `remove`, which read the entries first.
 */
function withLazyEntries(fields: Omit<Playlist, 'entries'>, read: () => ReadonlyMap<number, PlaylistEntry>): Playlist {
  let entries: ReadonlyMap<number, PlaylistEntry> | undefined;
  return {
    ...fields,
    get entries() {
      entries ??= read();
      return entries;
    },
  };
}
