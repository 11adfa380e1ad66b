import type { Database, Statement } from 'better-sqlite3';
import type { Versions } from '../render/cache.js';
import type { PageParams } from '../params.js';

export interface SavedItem {
  id: string;
  addedAt: string;
}

/** The kinds `PUT /me/library` saves: an artist, a user or a playlist is followed. */
export type LibraryType = 'track' | 'album' | 'artist' | 'episode' | 'user' | 'show' | 'audiobook' | 'playlist';

/** Kept in saved_items; shows and audiobooks have tables of their own (in the order they were seeded in), playlists their listing. */
type ItemType = Exclude<LibraryType, ListedType>;
type ListedType = 'show' | 'audiobook' | 'playlist';
const LISTED_TABLES = { show: ['saved_shows', 'show_id'], audiobook: ['saved_audiobooks', 'audiobook_id'], playlist: ['user_playlists', 'playlist_id'] } as const;
const isListed = (type: LibraryType): type is ListedType => type in LISTED_TABLES;

/**
 * Each user's library: saved shows and audiobooks, liked tracks, saved albums and episodes, followed artists
 * and users, newest first. Every write bumps the `library` version (render/cache.ts).
 */
export class LibraryStore {
  private readonly shows: Statement;
  private readonly audiobooks: Statement;
  private readonly statements: Record<'page' | 'count' | 'contains' | 'insert' | 'remove', Statement>;
  private readonly listed: Record<ListedType, Record<'contains' | 'insert' | 'remove', Statement>>;

  constructor(
    private readonly db: Database,
    private readonly versions: Versions,
  ) {
    this.shows = db.prepare('SELECT show_id AS id, added_at AS addedAt FROM saved_shows WHERE user_id = ? ORDER BY position');
    this.audiobooks = db.prepare(
      'SELECT audiobook_id AS id, added_at AS addedAt FROM saved_audiobooks WHERE user_id = ? ORDER BY position',
    );
    this.statements = {
      page: db.prepare(
        'SELECT item_id AS id, added_at AS addedAt FROM saved_items WHERE user_id = ? AND type = ? ORDER BY added_at DESC, seq DESC LIMIT ? OFFSET ?',
      ),
      count: db.prepare('SELECT count(*) AS count FROM saved_items WHERE user_id = ? AND type = ?').pluck(),
      contains: db.prepare('SELECT 1 FROM saved_items WHERE user_id = ? AND type = ? AND item_id = ?').pluck(),
      insert: db.prepare(
        'INSERT INTO saved_items (user_id, type, item_id, added_at) VALUES (@user_id, @type, @item_id, @added_at) ON CONFLICT (user_id, type, item_id) DO NOTHING',
      ),
      remove: db.prepare('DELETE FROM saved_items WHERE user_id = ? AND type = ? AND item_id = ?'),
    };
    const listedStatements = ([table, column]: readonly [string, string]) => ({
      contains: db.prepare(`SELECT 1 FROM ${table} WHERE user_id = ? AND ${column} = ?`).pluck(),
      // The newest first: before every other.
      insert: db.prepare(
        `INSERT INTO ${table} (user_id, ${column}, added_at, position) ` +
          `VALUES (@user_id, @item_id, @added_at, (SELECT coalesce(min(position), 0) - 1 FROM ${table} WHERE user_id = @user_id)) ` +
          `ON CONFLICT (user_id, ${column}) DO NOTHING`,
      ),
      remove: db.prepare(`DELETE FROM ${table} WHERE user_id = ? AND ${column} = ?`),
    });
    this.listed = {
      show: listedStatements(LISTED_TABLES.show),
      audiobook: listedStatements(LISTED_TABLES.audiobook),
      // A playlist followed comes after those listed before it (own ones stay first).
      playlist: {
        contains: db.prepare('SELECT 1 FROM user_playlists WHERE user_id = ? AND playlist_id = ?').pluck(),
        insert: db.prepare(
          'INSERT INTO user_playlists (user_id, playlist_id, position) ' +
            'VALUES (@user_id, @item_id, (SELECT coalesce(max(position), -1) + 1 FROM user_playlists WHERE user_id = @user_id)) ' +
            'ON CONFLICT (user_id, playlist_id) DO NOTHING',
        ),
        remove: db.prepare('DELETE FROM user_playlists WHERE user_id = ? AND playlist_id = ?'),
      },
    };
  }

  savedShows(userId: string): SavedItem[] {
    return this.shows.all(userId) as SavedItem[];
  }

  savedAudiobooks(userId: string): SavedItem[] {
    return this.audiobooks.all(userId) as SavedItem[];
  }

  /** How many items of a kind the user saved. */
  count(userId: string, type: ItemType): number {
    return this.statements.count.get(userId, type) as number;
  }

  /** A page of a kind's items, newest first. */
  page(userId: string, type: ItemType, page: PageParams): SavedItem[] {
    return this.statements.page.all(userId, type, page.limit, page.offset) as SavedItem[];
  }

  /** Every item of a kind, newest first (followed artists are few; liked songs are read a page at a time). */
  all(userId: string, type: ItemType): SavedItem[] {
    return this.page(userId, type, { limit: -1, offset: 0 });
  }

  contains(userId: string, type: LibraryType, id: string): boolean {
    const found = isListed(type) ? this.listed[type].contains.get(userId, id) : this.statements.contains.get(userId, type, id);
    return found !== undefined;
  }

  /**
   * Saves items (checked to exist) at `addedAt`, in one transaction; one saved already keeps its date. The
   * last of the list is listed first, as if saved one after the other.
   */
  save(userId: string, items: readonly LibraryItem[], addedAt: string): void {
    this.write(items, (item) => {
      const row = { user_id: userId, type: item.type, item_id: item.id, added_at: addedAt };
      (isListed(item.type) ? this.listed[item.type].insert : this.statements.insert).run(row);
    });
  }

  remove(userId: string, items: readonly LibraryItem[]): void {
    this.write(items, (item) => {
      if (isListed(item.type)) this.listed[item.type].remove.run(userId, item.id);
      else this.statements.remove.run(userId, item.type, item.id);
    });
  }

  private write(items: readonly LibraryItem[], each: (item: LibraryItem) => void): void {
    this.db.transaction(() => items.forEach(each)).immediate();
    this.versions.bump('library');
    // Followed playlists are listed with the user's own (GET /me/playlists).
    if (items.some((item) => item.type === 'playlist')) this.versions.bump('playlists');
  }
}

export interface LibraryItem {
  type: LibraryType;
  id: string;
}
