import type { Database } from 'better-sqlite3';
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

function byId<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/** Loads a generated catalog into an empty, migrated database. The caller wraps it in one transaction. */
export function loadSeed(db: Database, catalog: SeedCatalog): void {
  const index: CatalogIndex = {
    artists: byId(catalog.artists),
    albums: byId(catalog.albums),
    shows: byId(catalog.shows),
    audiobooks: byId(catalog.audiobooks),
    episodeCounts: countBy(catalog.episodes, (episode) => episode.show_id),
    chapterCounts: countBy(catalog.chapters, (chapter) => chapter.audiobook_id),
  };

  const insertUser = db.prepare('INSERT INTO users VALUES (?, ?, ?, ?, ?)');
  for (const user of catalog.users) insertUser.run(user.id, user.display_name, user.country, user.product, user.email);

  const insertTrack = db.prepare('INSERT INTO tracks VALUES (?, ?, ?, ?, ?)');
  for (const track of catalog.tracks) {
    const markets = track.available_markets.join(',');
    insertTrack.run(track.id, markets, track.relinked_to, track.duration_ms, trackDocument(track, index));
  }

  const insertShow = db.prepare('INSERT INTO shows VALUES (?, ?, ?)');
  const showDocs = new Map<string, string>();
  for (const show of catalog.shows) {
    const doc = showDocument(show, index);
    showDocs.set(show.id, doc);
    insertShow.run(show.id, show.available_markets.join(','), doc);
  }

  const insertEpisode = db.prepare('INSERT INTO episodes VALUES (?, ?, ?, ?)');
  for (const episode of catalog.episodes) {
    const showDoc = showDocs.get(episode.show_id);
    if (!showDoc) throw new Error(`Episode ${episode.id} names unknown show ${episode.show_id}`);
    insertEpisode.run(episode.id, episode.show_id, episode.duration_ms, episodeDocument(episode, showDoc));
  }

  const insertAudiobook = db.prepare('INSERT INTO audiobooks VALUES (?, ?, ?)');
  for (const audiobook of catalog.audiobooks) {
    insertAudiobook.run(audiobook.id, audiobook.available_markets.join(','), audiobookDocument(audiobook, index));
  }

  const insertChapter = db.prepare('INSERT INTO chapters VALUES (?, ?, ?, ?, ?)');
  for (const chapter of catalog.chapters) {
    const audiobook = index.audiobooks.get(chapter.audiobook_id);
    if (!audiobook) throw new Error(`Chapter ${chapter.id} names unknown audiobook ${chapter.audiobook_id}`);
    const doc = chapterDocument(chapter, audiobook);
    insertChapter.run(chapter.id, chapter.audiobook_id, chapter.chapter_number, chapter.duration_ms, doc);
  }

  const insertSavedShow = db.prepare('INSERT INTO saved_shows VALUES (?, ?, ?, ?)');
  catalog.saved_shows.forEach((saved, position) =>
    insertSavedShow.run(saved.user_id, saved.show_id, saved.added_at, position),
  );
  const insertSavedAudiobook = db.prepare('INSERT INTO saved_audiobooks VALUES (?, ?, ?, ?)');
  catalog.saved_audiobooks.forEach((saved, position) =>
    insertSavedAudiobook.run(saved.user_id, saved.audiobook_id, saved.added_at, position),
  );
  const insertResume = db.prepare(
    'INSERT INTO resume_points (user_id, item_id, fully_played, resume_position_ms, played_at) VALUES (?, ?, ?, ?, ?)',
  );
  for (const point of catalog.resume_points) {
    const playedAt = Date.parse(point.played_at);
    insertResume.run(point.user_id, point.item_id, point.fully_played ? 1 : 0, point.resume_position_ms, playedAt);
  }

  loadPlaylists(db, catalog);
  db.prepare("INSERT INTO meta VALUES ('demo_user_id', ?)").run(catalog.demo_user_id);
}

function loadPlaylists(db: Database, catalog: SeedCatalog): void {
  const insertPlaylist = db.prepare('INSERT INTO playlists VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)');
  const insertEntry = db.prepare(
    'INSERT INTO playlist_entries (playlist_id, item_type, item_id, added_at, added_by) VALUES (?, ?, ?, ?, ?)',
  );
  const insertVersion = db.prepare('INSERT INTO playlist_versions VALUES (?, 1, ?, ?)');
  const insertListing = db.prepare('INSERT INTO user_playlists VALUES (?, ?, ?)');
  const listed = new Map<string, number>();
  const list = (userId: string, playlistId: string) => {
    const position = listed.get(userId) ?? 0;
    insertListing.run(userId, playlistId, position);
    listed.set(userId, position + 1);
  };

  for (const playlist of catalog.playlists) {
    const snapshotId = newSnapshotId(1);
    insertPlaylist.run(
      playlist.id,
      playlist.owner_id,
      playlist.name,
      playlist.description,
      playlist.public ? 1 : 0,
      playlist.collaborative ? 1 : 0,
      JSON.stringify(playlist.images),
      snapshotId,
    );
    const entryIds = playlist.items.map(
      (item) => Number(insertEntry.run(playlist.id, item.type, item.id, item.added_at, item.added_by).lastInsertRowid),
    );
    insertVersion.run(playlist.id, snapshotId, encodeOrder(entryIds));
    list(playlist.owner_id, playlist.id);
  }
  for (const playlistId of catalog.followed_playlist_ids) list(catalog.demo_user_id, playlistId);
}
