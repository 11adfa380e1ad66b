import type { Database, RunResult } from 'better-sqlite3';
import type { SeedCatalog } from '../seed/types.js';
import {
  audiobookDocument,
  chapterDocument,
  episodeDocument,
  showDocument,
  trackDocument,
  type CatalogIndex,
} from './documents.js';
import { encodeOrder, newSnapshotId } from './order.js';

/**
 * The seed steps of the migrations (schema.ts): each loads its part of a generated catalog into a database,
 * new or seeded before the step. A step writes only the columns its table had when it was added; a later
 * column is filled by a later step, so a new database and an old one end with the same rows.
 */

/**
 * An INSERT that names its columns and takes each value by its column's name. The values go to SQLite in
 * the columns' order (a reused array: binding by name costs a quarter more over a first start's rows).
 */
export function insertInto<Column extends string>(db: Database, table: string, columns: readonly Column[]): (row: Record<Column, unknown>) => RunResult {
  const statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  const values: unknown[] = new Array<unknown>(columns.length);
  return (row) => {
    for (let place = 0; place < columns.length; place++) values[place] = row[columns[place]!];
    return statement.run(values);
  };
}

function byId<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/** The first seed: users, the catalog, the demo user's library and playlists (played_at came later). */
export function loadCatalog(db: Database, catalog: SeedCatalog): void {
  const index: CatalogIndex = {
    artists: byId(catalog.artists),
    albums: byId(catalog.albums),
    shows: byId(catalog.shows),
    audiobooks: byId(catalog.audiobooks),
    episodeCounts: countBy(catalog.episodes, (episode) => episode.show_id),
    chapterCounts: countBy(catalog.chapters, (chapter) => chapter.audiobook_id),
  };

  const insertUser = insertInto(db, 'users', ['id', 'display_name', 'country', 'product', 'email']);
  for (const { id, display_name, country, product, email } of catalog.users) insertUser({ id, display_name, country, product, email });

  const insertTrack = insertInto(db, 'tracks', ['id', 'markets', 'relinked_to', 'duration_ms', 'doc']);
  for (const track of catalog.tracks) {
    const markets = track.available_markets.join(',');
    insertTrack({ id: track.id, markets, relinked_to: track.relinked_to, duration_ms: track.duration_ms, doc: trackDocument(track, index) });
  }

  const insertShow = insertInto(db, 'shows', ['id', 'markets', 'doc']);
  const showDocs = new Map<string, string>();
  for (const show of catalog.shows) {
    const doc = showDocument(show, index);
    showDocs.set(show.id, doc);
    insertShow({ id: show.id, markets: show.available_markets.join(','), doc });
  }

  const insertEpisode = insertInto(db, 'episodes', ['id', 'show_id', 'duration_ms', 'doc']);
  for (const episode of catalog.episodes) {
    const showDoc = showDocs.get(episode.show_id);
    if (!showDoc) throw new Error(`Episode ${episode.id} names unknown show ${episode.show_id}`);
    insertEpisode({ id: episode.id, show_id: episode.show_id, duration_ms: episode.duration_ms, doc: episodeDocument(episode, showDoc) });
  }

  const insertAudiobook = insertInto(db, 'audiobooks', ['id', 'markets', 'doc']);
  for (const audiobook of catalog.audiobooks) {
    insertAudiobook({ id: audiobook.id, markets: audiobook.available_markets.join(','), doc: audiobookDocument(audiobook, index) });
  }

  const insertChapter = insertInto(db, 'chapters', ['id', 'audiobook_id', 'chapter_number', 'duration_ms', 'doc']);
  for (const chapter of catalog.chapters) {
    const audiobook = index.audiobooks.get(chapter.audiobook_id);
    if (!audiobook) throw new Error(`Chapter ${chapter.id} names unknown audiobook ${chapter.audiobook_id}`);
    const { id, audiobook_id, chapter_number, duration_ms } = chapter;
    insertChapter({ id, audiobook_id, chapter_number, duration_ms, doc: chapterDocument(chapter, audiobook) });
  }

  const insertSavedShow = insertInto(db, 'saved_shows', ['user_id', 'show_id', 'added_at', 'position']);
  catalog.saved_shows.forEach(({ user_id, show_id, added_at }, position) => insertSavedShow({ user_id, show_id, added_at, position }));
  const insertSavedAudiobook = insertInto(db, 'saved_audiobooks', ['user_id', 'audiobook_id', 'added_at', 'position']);
  catalog.saved_audiobooks.forEach(({ user_id, audiobook_id, added_at }, position) => insertSavedAudiobook({ user_id, audiobook_id, added_at, position }));
  const insertResume = insertInto(db, 'resume_points', ['user_id', 'item_id', 'fully_played', 'resume_position_ms']);
  for (const point of catalog.resume_points) {
    insertResume({ user_id: point.user_id, item_id: point.item_id, fully_played: point.fully_played ? 1 : 0, resume_position_ms: point.resume_position_ms });
  }

  loadPlaylists(db, catalog);
  insertInto(db, 'meta', ['key', 'value'])({ key: 'demo_user_id', value: catalog.demo_user_id });
}

function loadPlaylists(db: Database, catalog: SeedCatalog): void {
  const insertPlaylist = insertInto(db, 'playlists', ['id', 'owner_id', 'name', 'description', 'public', 'collaborative', 'images', 'version', 'snapshot_id']);
  const insertEntry = insertInto(db, 'playlist_entries', ['playlist_id', 'item_type', 'item_id', 'added_at', 'added_by']);
  const insertVersion = insertInto(db, 'playlist_versions', ['playlist_id', 'version', 'snapshot_id', 'entries']);
  const insertListing = insertInto(db, 'user_playlists', ['user_id', 'playlist_id', 'position']);
  const listed = new Map<string, number>();
  const list = (userId: string, playlistId: string) => {
    const position = listed.get(userId) ?? 0;
    insertListing({ user_id: userId, playlist_id: playlistId, position });
    listed.set(userId, position + 1);
  };

  for (const playlist of catalog.playlists) {
    const snapshotId = newSnapshotId(1);
    insertPlaylist({
      id: playlist.id,
      owner_id: playlist.owner_id,
      name: playlist.name,
      description: playlist.description,
      public: playlist.public ? 1 : 0,
      collaborative: playlist.collaborative ? 1 : 0,
      images: JSON.stringify(playlist.images),
      version: 1,
      snapshot_id: snapshotId,
    });
    const entryIds = playlist.items.map((item) => {
      const entry = { playlist_id: playlist.id, item_type: item.type, item_id: item.id, added_at: item.added_at, added_by: item.added_by };
      return Number(insertEntry(entry).lastInsertRowid);
    });
    insertVersion({ playlist_id: playlist.id, version: 1, snapshot_id: snapshotId, entries: encodeOrder(entryIds) });
    list(playlist.owner_id, playlist.id);
  }
  for (const playlistId of catalog.followed_playlist_ids) list(catalog.demo_user_id, playlistId);
}

/**
 * When the demo user last played each seeded item, for databases seeded before plays were dated; a point
 * played since keeps its own date.
 */
export function loadPlayedAt(db: Database, catalog: SeedCatalog): void {
  const update = db.prepare('UPDATE resume_points SET played_at = @played_at WHERE user_id = @user_id AND item_id = @item_id AND played_at IS NULL');
  for (const point of catalog.resume_points) update.run({ played_at: Date.parse(point.played_at), user_id: point.user_id, item_id: point.item_id });
}
