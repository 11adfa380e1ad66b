import type { Database } from 'better-sqlite3';
import type { Versions } from '../render/cache.js';
import { applyReorder, mergeStaleReorder, reorderError } from '../reorder.js';
import { decodeOrder, encodeOrder, newPlaylistId, newSnapshotId } from './order.js';
import { insertAt, sameOrder, withoutItems, type ItemRef } from './playlist-edits.js';
import { compacted, detailsRow, withLazyEntries } from './playlist-memory.js';
import type { ArrangedEntry, Playlist, PlaylistDetails, PlaylistEntry, PlaylistObserver, ReorderRequest, WriteResult } from './playlist-types.js';
import { playlistStatements, type PlaylistStatements } from './playlist-statements.js';

/** How many versions of each playlist are kept for stale-snapshot merges (decisions §7: at least 100). */
export const KEPT_VERSIONS = 100;

export type { ArrangedEntry, Playlist, PlaylistDetails, PlaylistEntry, PlaylistObserver, ReorderRequest, WriteResult } from './playlist-types.js';


const SNAPSHOT_NOT_FOUND: WriteResult = { ok: false, status: 409, message: 'Snapshot not found' };

/** The playlists and their versions. Every committed write bumps the `playlists` version (render/cache.ts). */
export class PlaylistStore {
  private readonly cache = new Map<string, Playlist>();
  private readonly statements: PlaylistStatements;
  /** The playlists kept as files (decisions §21) write each version back to its file. */
  observer: PlaylistObserver | null = null;

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
    const snapshotId = this.commit(
      playlist,
      { order, entries },
      () => {
        added = this.insertEntries(id, items, userId, now);
        added.forEach((entry, index) => (addedIds[index] = entry.entryId));
        order.set(insertAt(playlist.order, addedIds, at));
      },
      () => {
        for (const entry of added) entries.set(entry.entryId, entry);
      },
    );
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

  /**
   * A new version in the order of `next` (a playlist file read again, decisions §21): entries of the current
   * version named by id are kept (their added_at too), new ones inserted as given, the others removed. The
   * same order as now makes no version.
   */
  arrange(id: string, next: readonly ArrangedEntry[]): Playlist {
    const playlist = this.get(id)!;
    const current = playlist.entries;
    const isSame = next.length === playlist.order.length && next.every((entry, index) => 'entryId' in entry && entry.entryId === playlist.order[index]);
    if (isSame) return playlist;
    const kept = new Set(next.flatMap((entry) => ('entryId' in entry ? [entry.entryId] : [])));
    const entries = new Map<number, PlaylistEntry>();
    const order = new Int32Array(next.length);
    this.commit(playlist, { order, entries }, () => {
      for (const entryId of playlist.order) if (!kept.has(entryId)) this.statements.deleteEntry.run(entryId);
      next.forEach((wanted, index) => {
        let entry: PlaylistEntry;
        if ('entryId' in wanted) entry = current.get(wanted.entryId)!;
        else {
          const { type, id: itemId, addedAt, addedBy } = wanted;
          const entryId = Number(this.statements.insertEntry.run(id, type, itemId, addedAt, addedBy).lastInsertRowid);
          entry = { entryId, type, itemId, addedAt, addedBy };
        }
        entries.set(entry.entryId, entry);
        order[index] = entry.entryId;
      });
    });
    return this.get(id)!;
  }

  /** A new empty playlist of `ownerId`, first in their list; `id` for one named by its file (decisions §21). */
  create(ownerId: string, details: PlaylistDetails, id = newPlaylistId()): Playlist {
    const snapshotId = newSnapshotId(1);
    this.db.transaction(() => {
      this.statements.insertPlaylist.run({ id, owner_id: ownerId, ...detailsRow(details), images: '[]', version: 1, snapshot_id: snapshotId });
      this.statements.insertVersion.run(id, 1, snapshotId, encodeOrder([]));
      this.statements.listFirst.run({ user_id: ownerId, playlist_id: id });
    }).immediate();
    const playlist: Playlist = { id, ownerId, ...details, imagesJson: '[]', version: 1, snapshotId, order: new Int32Array(0), entries: new Map() };
    this.cache.set(id, playlist);
    this.versions.bump('playlists');
    this.observer?.committed(null, playlist);
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
   * caches it once committed (`committed` first completes what it holds), then tells the observer. Versions
   * older than the last KEPT_VERSIONS are dropped.
   */
  private commit(
    playlist: Playlist,
    next: Pick<Playlist, 'order' | 'entries'> & { details?: PlaylistDetails },
    write?: () => void,
    committed?: () => void,
  ): string {
    const version = playlist.version + 1;
    const snapshotId = newSnapshotId(version);
    this.db.transaction(() => {
      write?.();
      this.statements.insertVersion.run(playlist.id, version, snapshotId, encodeOrder(next.order));
      this.statements.setVersion.run(version, snapshotId, playlist.id);
      this.statements.pruneVersions.run(playlist.id, version - KEPT_VERSIONS);
    }).immediate();
    committed?.();
    const { id, ownerId, name, description, isPublic, collaborative, imagesJson } = playlist;
    const details = next.details ?? { name, description, isPublic, collaborative };
    const after: Playlist = { id, ownerId, ...details, imagesJson, version, snapshotId, order: next.order, entries: next.entries };
    this.cache.set(id, after);
    this.versions.bump('playlists');
    this.observer?.committed(playlist, after);
    return snapshotId;
  }
}
