import type { Database } from 'better-sqlite3';
import type { SeedCatalog } from '../seed/types.js';
import { insertInto } from './load-seed.js';

/**
 * The collection's step of the migrations (schema.ts): what users saved besides shows and audiobooks (liked
 * tracks, albums, followed artists, episodes, users), and what they played, with the demo user's seeded.
 */
export function createCollectionTables(db: Database): void {
  db.exec(`
    -- seq orders items saved in the same second: the last saved first.
    CREATE TABLE saved_items (
      seq INTEGER PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id),
      type TEXT NOT NULL,
      item_id TEXT NOT NULL,
      added_at TEXT NOT NULL,
      UNIQUE (user_id, type, item_id)
    );
    CREATE INDEX saved_items_by_date ON saved_items(user_id, type, added_at, seq);
    -- The tracks each user played (recently played), played_at in epoch ms.
    CREATE TABLE play_history (
      user_id TEXT NOT NULL REFERENCES users(id),
      played_at INTEGER NOT NULL,
      track_id TEXT NOT NULL,
      context_uri TEXT,
      PRIMARY KEY (user_id, played_at, track_id)
    ) WITHOUT ROWID;
  `);
}

export function loadCollection(db: Database, catalog: SeedCatalog): void {
  const { liked_tracks, saved_albums, followed_artists, plays } = catalog.collection;
  const insertSaved = insertInto(db, 'saved_items', ['user_id', 'type', 'item_id', 'added_at']);
  // Oldest first, so that the newest has the highest seq, as if saved one after the other.
  const save = (type: string, items: SeedCatalog['collection']['liked_tracks']) => {
    for (let place = items.length - 1; place >= 0; place--) {
      const { user_id, item_id, added_at } = items[place]!;
      insertSaved({ user_id, type, item_id, added_at });
    }
  };
  save('track', liked_tracks);
  save('album', saved_albums);
  save('artist', followed_artists);
  const liked = liked_tracks.filter((saved) => saved.user_id === catalog.demo_user_id).length;
  insertInto(db, 'meta', ['key', 'value'])({ key: 'liked_songs', value: String(liked) });
  const insertPlay = insertInto(db, 'play_history', ['user_id', 'played_at', 'track_id', 'context_uri']);
  for (const play of plays) insertPlay({ user_id: play.user_id, played_at: Date.parse(play.played_at), track_id: play.track_id, context_uri: play.context_uri });
}
