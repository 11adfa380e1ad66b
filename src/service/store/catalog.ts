import type { Database, Statement } from 'better-sqlite3';
import { DiscographyStore, type CatalogTrack } from './discography.js';

/**
 * Read access to the catalog. Rows of the first catalog are cached after their first read, up to
 * MAX_CACHED_ROWS of a kind: hot reads then cost one Map lookup. The demo's catalog never changes once seeded;
 * a music folder's does, and each change it commits empties every memo (`forget`). The discography's tracks (a
 * million in the bench's catalog) are read through its store's bounded memos, their documents composed
 * when asked for. Absent ids give null.
 */
export interface TrackRow {
  id: string;
  markets: string[];
  relinkedTo: string | null;
  durationMs: number;
  doc: string;
}

export interface EpisodeRow {
  id: string;
  showId: string;
  /** The show's markets: an episode is available where its show is. */
  markets: string[];
  durationMs: number;
  doc: string;
}

export interface ShowRow {
  id: string;
  markets: string[];
  doc: string;
}

export type AudiobookRow = ShowRow;

export interface ChapterRow {
  id: string;
  audiobookId: string;
  chapterNumber: number;
  markets: string[];
  durationMs: number;
  doc: string;
}

export interface UserRow {
  id: string;
  display_name: string;
  country: string | null;
  product: string;
  email: string;
}

const splitMarkets = (markets: string): string[] => (markets ? markets.split(',') : []);

/**
 * Rows of one kind kept at most. A row carries its whole document (~2.5 kB for a track): walking the 10,000-item
 * playlist read all 2,000 tracks of the first catalog, ~5 MB kept for good in the dashboard's process beside the
 * rendered documents (render/catalog.ts). A row read again past the bound is one indexed read (~5 µs).
 */
const MAX_CACHED_ROWS = 512;

function cachedLookup<R>(statement: Statement, toRow: (raw: any) => R, caches: Map<string, unknown>[]): (id: string) => R | null {
  const cache = new Map<string, R | null>();
  caches.push(cache);
  return (id) => {
    let row = cache.get(id);
    if (row === undefined) {
      const raw = statement.get(id);
      row = raw ? toRow(raw) : null;
      // Unknown ids are not cached: anyone can send millions of them. Emptied when full rather than tracking
      // recency, as the render caches are: the rows a page needs are read again in one go.
      if (row) {
        if (cache.size >= MAX_CACHED_ROWS) cache.clear();
        cache.set(id, row);
      }
    }
    return row;
  };
}

export class CatalogStore {
  readonly track: (id: string) => TrackRow | null;
  readonly discography: DiscographyStore;
  readonly episode: (id: string) => EpisodeRow | null;
  readonly show: (id: string) => ShowRow | null;
  readonly audiobook: (id: string) => AudiobookRow | null;
  readonly chapter: (id: string) => ChapterRow | null;
  readonly user: (id: string) => UserRow | null;
  private readonly chaptersOfStatement: Statement;
  private readonly episodesOfStatement: Statement;
  private readonly caches: Map<string, unknown>[] = [];

  constructor(db: Database) {
    this.discography = new DiscographyStore(db);
    const caches = this.caches;
    const seededTrack = cachedLookup(db.prepare('SELECT * FROM tracks WHERE id = ?'), (raw) => ({
      id: raw.id,
      markets: splitMarkets(raw.markets),
      relinkedTo: raw.relinked_to,
      durationMs: raw.duration_ms,
      doc: raw.doc,
    }), caches);
    this.track = (id) => {
      const seeded = seededTrack(id);
      if (seeded) return seeded;
      const track = this.discography.track(id);
      return track ? discographyTrackRow(track, this.discography) : null;
    };
    this.episode = cachedLookup(
      db.prepare('SELECT e.*, s.markets FROM episodes e JOIN shows s ON s.id = e.show_id WHERE e.id = ?'),
      (raw) => ({ id: raw.id, showId: raw.show_id, markets: splitMarkets(raw.markets), durationMs: raw.duration_ms, doc: raw.doc }),
      caches,
    );
    this.show = cachedLookup(db.prepare('SELECT * FROM shows WHERE id = ?'), (raw) => ({
      id: raw.id,
      markets: splitMarkets(raw.markets),
      doc: raw.doc,
    }), caches);
    this.audiobook = cachedLookup(db.prepare('SELECT * FROM audiobooks WHERE id = ?'), (raw) => ({
      id: raw.id,
      markets: splitMarkets(raw.markets),
      doc: raw.doc,
    }), caches);
    this.chapter = cachedLookup(
      db.prepare('SELECT c.*, a.markets FROM chapters c JOIN audiobooks a ON a.id = c.audiobook_id WHERE c.id = ?'),
      (raw) => ({
        id: raw.id,
        audiobookId: raw.audiobook_id,
        chapterNumber: raw.chapter_number,
        markets: splitMarkets(raw.markets),
        durationMs: raw.duration_ms,
        doc: raw.doc,
      }),
      caches,
    );
    this.user = cachedLookup(db.prepare('SELECT * FROM users WHERE id = ?'), (raw) => raw as UserRow, caches);
    this.chaptersOfStatement = db.prepare('SELECT id FROM chapters WHERE audiobook_id = ? ORDER BY chapter_number');
    // The seed inserts each show's episodes oldest first; shows list (and play) them newest first.
    this.episodesOfStatement = db.prepare('SELECT id FROM episodes WHERE show_id = ? ORDER BY rowid DESC');
  }

  /** Forgets every row read: the catalog changed (a music folder's scan committed a batch). */
  forget(): void {
    for (const cache of this.caches) cache.clear();
    this.discography.forget();
  }

  /** The show's episodes, newest first (the show must exist). */
  episodesOf(showId: string): EpisodeRow[] {
    const rows = this.episodesOfStatement.all(showId) as { id: string }[];
    return rows.map((row) => this.episode(row.id)!);
  }

  /** The audiobook's chapters in order (the audiobook must exist). */
  chaptersOf(audiobookId: string): ChapterRow[] {
    const rows = this.chaptersOfStatement.all(audiobookId) as { id: string }[];
    return rows.map((row) => this.chapter(row.id)!);
  }
}

/** A discography track as a row, its document composed on first use. */
function discographyTrackRow(track: CatalogTrack, discography: DiscographyStore): TrackRow {
  let doc: string | undefined;
  return {
    id: track.id,
    markets: track.album.markets,
    relinkedTo: null,
    durationMs: track.duration_ms,
    get doc() {
      return (doc ??= discography.trackDocument(track));
    },
  };
}
