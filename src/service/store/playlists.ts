import type { Database, Statement } from 'better-sqlite3';
import type { Versions } from '../render/cache.js';
import { applyReorder, mergeStaleReorder, reorderError } from '../reorder.js';
import { decodeOrder, encodeOrder, newSnapshotId } from './order.js';

/** How many versions of each playlist are kept for stale-snapshot merges (decisions §7: at least 100). */
export const KEPT_VERSIONS = 100;

export interface PlaylistEntry {
  entryId: number;
  type: 'track' | 'episode';
  itemId: string;
  addedAt: string;
  addedBy: string;
}

/** A playlist as cached in memory; replaced (never mutated) on each write. */
export interface Playlist {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  isPublic: boolean;
  collaborative: boolean;
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

/** The playlists and their versions. Every committed write bumps the `playlists` version (render/cache.ts). */
export class PlaylistStore {
  private readonly cache = new Map<string, Playlist>();
  private readonly statements: Record<string, Statement>;

  constructor(
    private readonly db: Database,
    private readonly versions: Versions,
  ) {
    this.statements = {
      playlist: db.prepare('SELECT * FROM playlists WHERE id = ?'),
      entries: db.prepare('SELECT * FROM playlist_entries WHERE playlist_id = ?'),
      version: db.prepare('SELECT entries FROM playlist_versions WHERE playlist_id = ? AND version = ?'),
      versionBySnapshot: db.prepare('SELECT entries FROM playlist_versions WHERE playlist_id = ? AND snapshot_id = ?'),
      insertVersion: db.prepare('INSERT INTO playlist_versions (playlist_id, version, snapshot_id, entries) VALUES (?, ?, ?, ?)'),
      pruneVersions: db.prepare('DELETE FROM playlist_versions WHERE playlist_id = ? AND version <= ?'),
      setVersion: db.prepare('UPDATE playlists SET version = ?, snapshot_id = ? WHERE id = ?'),
      deleteEntries: db.prepare('DELETE FROM playlist_entries WHERE playlist_id = ?'),
      insertEntry: db.prepare(
        'INSERT INTO playlist_entries (playlist_id, item_type, item_id, added_at, added_by) VALUES (?, ?, ?, ?, ?)',
      ),
      listed: db.prepare('SELECT playlist_id FROM user_playlists WHERE user_id = ? ORDER BY position'),
    };
  }

  get(id: string): Playlist | null {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const row = this.statements.playlist!.get(id) as any;
    if (!row) return null;
    const current = this.statements.version!.get(id, row.version) as { entries: Buffer };
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
    for (const raw of this.statements.entries!.all(id) as any[]) {
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
    return (this.statements.listed!.all(userId) as { playlist_id: string }[]).map((row) => row.playlist_id);
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
      const row = this.statements.versionBySnapshot!.get(id, request.snapshotId) as { entries: Buffer } | undefined;
      if (!row) return { ok: false, status: 409, message: 'Snapshot not found' };
      base = Array.from(decodeOrder(row.entries));
    }
    const { rangeStart, insertBefore, rangeLength } = request;
    const invalid = reorderError(base.length, rangeStart, insertBefore, rangeLength);
    if (invalid) return { ok: false, status: 400, message: invalid };
    const next =
      base === current
        ? applyReorder(current, rangeStart, insertBefore, rangeLength)
        : mergeStaleReorder(base, current, rangeStart, insertBefore, rangeLength);
    if (sameOrder(next, current)) return { ok: true, snapshotId: playlist.snapshotId, changed: false };
    return { ok: true, snapshotId: this.commit(playlist, Int32Array.from(next), playlist.entries), changed: true };
  }

  /** Replaces every item (an empty list clears); new entries are added now by `userId`. */
  replace(id: string, items: readonly { type: 'track' | 'episode'; id: string }[], userId: string, now: Date): WriteResult {
    const playlist = this.get(id)!;
    // Its entries are about to be deleted: read them now for whoever still holds this version (playback does).
    void playlist.entries;
    const addedAt = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const entries = new Map<number, PlaylistEntry>();
    const order = new Int32Array(items.length);
    const snapshotId = this.commit(playlist, order, entries, () => {
      this.statements.deleteEntries!.run(id);
      items.forEach((item, index) => {
        const entryId = Number(this.statements.insertEntry!.run(id, item.type, item.id, addedAt, userId).lastInsertRowid);
        entries.set(entryId, { entryId, type: item.type, itemId: item.id, addedAt, addedBy: userId });
        order[index] = entryId;
      });
    });
    return { ok: true, snapshotId, changed: true };
  }

  /**
   * Writes a new version (after `writeEntries`, in the same transaction) and caches it once committed.
   * Versions older than the last KEPT_VERSIONS are dropped.
   */
  private commit(
    playlist: Playlist,
    order: Int32Array,
    entries: ReadonlyMap<number, PlaylistEntry>,
    writeEntries?: () => void,
  ): string {
    const version = playlist.version + 1;
    const snapshotId = newSnapshotId(version);
    this.db.transaction(() => {
      writeEntries?.();
      this.statements.insertVersion!.run(playlist.id, version, snapshotId, encodeOrder(order));
      this.statements.setVersion!.run(version, snapshotId, playlist.id);
      this.statements.pruneVersions!.run(playlist.id, version - KEPT_VERSIONS);
    })();
    const { id, ownerId, name, description, isPublic, collaborative, imagesJson } = playlist;
    this.cache.set(id, { id, ownerId, name, description, isPublic, collaborative, imagesJson, version, snapshotId, order, entries });
    this.versions.bump('playlists');
    return snapshotId;
  }
}

/**
 * The playlist with its entries read on first use: listing playlists needs only their order, and reading the
 * 10,000 entries of the largest demo playlist took ~35 ms of the dashboard's first GET /me/playlists.
 * Entries are only ever added, except by `replace`, which reads them first.
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

function sameOrder(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
