import type { Database, Statement } from 'better-sqlite3';

export interface SavedItem {
  id: string;
  addedAt: string;
}

/** The shows and audiobooks saved in each user's library, in the order they are listed. */
export class LibraryStore {
  private readonly shows: Statement;
  private readonly audiobooks: Statement;

  constructor(db: Database) {
    this.shows = db.prepare('SELECT show_id AS id, added_at AS addedAt FROM saved_shows WHERE user_id = ? ORDER BY position');
    this.audiobooks = db.prepare(
      'SELECT audiobook_id AS id, added_at AS addedAt FROM saved_audiobooks WHERE user_id = ? ORDER BY position',
    );
  }

  savedShows(userId: string): SavedItem[] {
    return this.shows.all(userId) as SavedItem[];
  }

  savedAudiobooks(userId: string): SavedItem[] {
    return this.audiobooks.all(userId) as SavedItem[];
  }
}
