import type { Statement } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../../src/service/store/db.js';
import { Versions } from '../../../src/service/render/cache.js';
import { PlaylistStore } from '../../../src/service/store/playlists.js';
import { BIG_PLAYLIST_LENGTH, fixtureCatalog, ids } from '../../helpers/catalog-fixture.js';

let db: Database;
let store: PlaylistStore;
beforeEach(() => {
  db = openDatabase({ path: ':memory:', catalog: fixtureCatalog });
  store = new PlaylistStore(db, new Versions());
});
afterEach(() => {
  vi.restoreAllMocks();
  db.close();
});

/** Counts the reads of playlist_entries from here on. */
function countEntryReads(): () => number {
  const prototype = Object.getPrototypeOf(db.prepare('SELECT 1')) as Statement;
  const all = vi.spyOn(prototype, 'all');
  return () => all.mock.contexts.filter((statement) => (statement as Statement).source.includes('FROM playlist_entries')).length;
}

const itemIdsOf = (playlist: { order: Int32Array; entries: ReadonlyMap<number, { itemId: string }> }) =>
  Array.from(playlist.order, (entryId) => playlist.entries.get(entryId)?.itemId);

describe('PlaylistStore entries', () => {
  it('are read on first use, once: a listing needs only the order', () => {
    const entryReads = countEntryReads();
    const playlist = store.get(ids.bigPlaylist)!;
    expect(playlist.order).toHaveLength(BIG_PLAYLIST_LENGTH);
    expect(entryReads()).toBe(0);

    expect(playlist.entries.get(playlist.order[0]!)?.itemId).toBe(ids.track(1));
    expect(playlist.entries.size).toBe(BIG_PLAYLIST_LENGTH);
    expect(entryReads()).toBe(1);
  });

  it('stay those of the version held when a replace deletes them', () => {
    const before = store.get(ids.firstPlaylist)!;
    const result = store.replace(ids.firstPlaylist, [{ type: 'track', id: ids.track(30) }], ids.demo, new Date());
    expect(result).toMatchObject({ ok: true, changed: true });

    const itemIds = Array.from(before.order, (entryId) => before.entries.get(entryId)?.itemId);
    expect(itemIds).toEqual([1, 2, 3, 4, 5].map((n) => ids.track(n)).concat(ids.usOnlyTrack, ids.relinkedTrack));
    const after = store.get(ids.firstPlaylist)!;
    expect(Array.from(after.order, (entryId) => after.entries.get(entryId)?.itemId)).toEqual([ids.track(30)]);
  });

  it('move with their items on a reorder, read or not before it', () => {
    const result = store.reorder(ids.firstPlaylist, { rangeStart: 0, insertBefore: 2, rangeLength: 1 });
    expect(result).toMatchObject({ ok: true, changed: true });
    const after = store.get(ids.firstPlaylist)!;
    expect(Array.from(after.order.slice(0, 3), (entryId) => after.entries.get(entryId)?.itemId)).toEqual([
      ids.track(2),
      ids.track(1),
      ids.track(3),
    ]);
  });

  const rowsOf = (playlistId: string) => (db.prepare('SELECT COUNT(*) AS n FROM playlist_entries WHERE playlist_id = ?').get(playlistId) as { n: number }).n;

  it('an add leaves the version before whole, and the new one finds its new entries', () => {
    const before = store.get(ids.firstPlaylist)!;
    const seeded = itemIdsOf(before);
    const result = store.add(ids.firstPlaylist, [{ type: 'track', id: ids.track(30) }], 1, ids.demo, new Date());
    expect(result).toMatchObject({ ok: true, changed: true });
    expect(itemIdsOf(before)).toEqual(seeded);
    expect(itemIdsOf(store.get(ids.firstPlaylist)!)).toEqual([seeded[0], ids.track(30), ...seeded.slice(1)]);
  });

  it('a removal deletes the rows it took out; the version before, held elsewhere, still finds them', () => {
    const before = store.get(ids.firstPlaylist)!;
    const seeded = itemIdsOf(before);
    const result = store.remove(ids.firstPlaylist, [{ type: 'track', id: ids.track(2) }, { type: 'track', id: ids.track(4) }]);
    expect(result).toMatchObject({ ok: true, changed: true });
    expect(rowsOf(ids.firstPlaylist)).toBe(seeded.length - 2);
    expect(itemIdsOf(before)).toEqual(seeded);
    expect(itemIdsOf(store.get(ids.firstPlaylist)!)).toEqual(seeded.filter((id) => id !== ids.track(2) && id !== ids.track(4)));
    // A store opened afresh on the database finds what this one says.
    const fresh = new PlaylistStore(db, new Versions()).get(ids.firstPlaylist)!;
    expect(itemIdsOf(fresh)).toEqual(itemIdsOf(store.get(ids.firstPlaylist)!));
  });

  it('a created playlist is empty, listed first by its owner, and read back alike by a fresh store', () => {
    const created = store.create(ids.demo, { name: 'New', description: '', isPublic: false, collaborative: false });
    expect(store.listedBy(ids.demo)[0]).toBe(created.id);
    const fresh = new PlaylistStore(db, new Versions()).get(created.id)!;
    expect({ ...fresh, entries: [...fresh.entries] }).toEqual({ ...created, entries: [] });
  });

  it('new details are a new version with the same order, on disk', () => {
    const before = store.get(ids.firstPlaylist)!;
    const details = { name: 'Renamed', description: 'Words', isPublic: false, collaborative: true };
    const snapshotId = store.changeDetails(ids.firstPlaylist, details);
    const fresh = new PlaylistStore(db, new Versions()).get(ids.firstPlaylist)!;
    expect(fresh).toMatchObject({ ...details, snapshotId, version: before.version + 1 });
    expect(Array.from(fresh.order)).toEqual(Array.from(before.order));
  });

  it('adds and removals in turn keep the entries in memory bounded; a version held from before still finds its own', () => {
    const held = store.get(ids.firstPlaylist)!;
    const seeded = itemIdsOf(held);
    const added = [30, 31, 32, 33, 34].map((n) => ({ type: 'track' as const, id: ids.track(n) }));
    for (let round = 0; round < 300; round++) {
      store.add(ids.firstPlaylist, added, 0, ids.demo, new Date());
      store.remove(ids.firstPlaylist, added);
    }
    const current = store.get(ids.firstPlaylist)!;
    expect(current.entries.size).toBeLessThan(seeded.length + 256 + added.length);
    expect(itemIdsOf(current)).toEqual(seeded);
    expect(itemIdsOf(held)).toEqual(seeded);
    expect(rowsOf(ids.firstPlaylist)).toBe(seeded.length);
  });

  it('never gives a removed entry\'s id to an entry added later, so a version kept from before still names what it held', () => {
    const { id } = store.create(ids.demo, { name: 'Ids', description: '', isPublic: true, collaborative: false });
    store.add(id, [{ type: 'track', id: ids.track(30) }], null, ids.demo, new Date());
    const [removed] = store.get(id)!.order;
    store.remove(id, [{ type: 'track', id: ids.track(30) }]);
    store.add(id, [{ type: 'track', id: ids.track(31) }], null, ids.demo, new Date());
    expect(store.get(id)!.order[0]).toBeGreaterThan(removed!);
  });
});

describe('PlaylistStore snapshots (decisions §17)', () => {
  const versionOf = (snapshotId: string): number => Number(/^v(\d+)\.[0-9A-Za-z]{16}$/.exec(snapshotId)?.[1]);

  it('each names its version: v<version>.<16 letters and digits>, one more with every write', () => {
    const first = store.get(ids.firstPlaylist)!;
    expect(versionOf(first.snapshotId)).toBe(first.version);
    const moved = store.reorder(ids.firstPlaylist, { rangeStart: 0, insertBefore: 2, rangeLength: 1, snapshotId: first.snapshotId });
    expect(moved.ok && versionOf(moved.snapshotId)).toBe(first.version + 1);
    const added = store.add(ids.firstPlaylist, [{ type: 'track', id: ids.track(30) }], null, ids.demo, new Date());
    expect(added.ok && versionOf(added.snapshotId)).toBe(first.version + 2);
    const created = store.create(ids.demo, { name: 'New', description: '', isPublic: true, collaborative: false });
    expect(versionOf(created.snapshotId)).toBe(1);
  });

  it('a move on an older snapshot that changes nothing still makes a version: the answer never names a version someone else made', () => {
    const base = store.get(ids.firstPlaylist)!;
    // Someone else moves the first entry after the second.
    const theirs = store.reorder(ids.firstPlaylist, { rangeStart: 0, insertBefore: 2, rangeLength: 1 });
    // Ours, on the base: the second entry before the first. Already so now: nothing to change.
    const ours = store.reorder(ids.firstPlaylist, { rangeStart: 1, insertBefore: 0, rangeLength: 1, snapshotId: base.snapshotId });
    expect(theirs.ok && ours.ok && ours.changed).toBe(false);
    expect(ours.ok && versionOf(ours.snapshotId)).toBe(base.version + 2);
    expect(itemIdsOf(store.get(ids.firstPlaylist)!).slice(0, 2)).toEqual([ids.track(2), ids.track(1)]);
    // On the current snapshot a move that changes nothing answers it as it is.
    const current = store.get(ids.firstPlaylist)!.snapshotId;
    expect(store.reorder(ids.firstPlaylist, { rangeStart: 0, insertBefore: 1, rangeLength: 1, snapshotId: current })).toEqual({ ok: true, snapshotId: current, changed: false });
  });

  it('a removal on an older snapshot takes only the entries that version held', () => {
    const base = store.get(ids.firstPlaylist)!;
    store.add(ids.firstPlaylist, [{ type: 'track', id: ids.track(1) }], 0, ids.demo, new Date());
    const result = store.remove(ids.firstPlaylist, [{ type: 'track', id: ids.track(1) }], base.snapshotId);
    expect(result).toMatchObject({ ok: true, changed: true });
    const after = store.get(ids.firstPlaylist)!;
    expect(itemIdsOf(after)).toEqual([ids.track(1), ...itemIdsOf(base).slice(1)]);
    expect(after.entries.get(after.order[0]!)?.entryId).not.toBe(base.order[0]);
  });
});
