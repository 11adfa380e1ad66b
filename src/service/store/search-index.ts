import type { Database } from 'better-sqlite3';
import type { SeedCatalog } from '../seed/types.js';
import { foldText } from '../search-text.js';
import { insertInto } from './load-seed.js';

/**
 * The search index's step of the migrations (schema.ts): one full-text table per kind of the catalog
 * (SQLite's FTS5, built in bulk), whose row ids are the entries' ranks, most popular first, so that a
 * match read in row-id order is already in the order results are shown and stops at the page. Beside
 * them, each entry's id, the key of its whole name (for the exact-name results that come first) and the
 * markets it is sold in. Playlists change; they are searched as they are (store/search.ts).
 */

/** The kinds the index holds and the columns each is searched by; the first column is the name. */
export const INDEXED = {
  track: ['name', 'artists', 'album'],
  album: ['name', 'artists'],
  artist: ['name', 'genres'],
  show: ['name', 'publisher'],
  episode: ['name', 'show'],
  audiobook: ['name', 'authors', 'narrators'],
} as const;

export type IndexedType = keyof typeof INDEXED;

export const ftsTable = (type: IndexedType) => `search_${type}s`;

export function createSearchTables(db: Database): void {
  db.exec(`
    -- The sets of markets content is sold in: entries name one (null: sold everywhere, as artists).
    CREATE TABLE market_sets (id INTEGER PRIMARY KEY, markets TEXT NOT NULL UNIQUE);
    CREATE TABLE search_entries (
      type TEXT NOT NULL,
      rank INTEGER NOT NULL,
      id TEXT NOT NULL,
      name_key TEXT NOT NULL,
      market_set INTEGER,
      PRIMARY KEY (type, rank)
    ) WITHOUT ROWID;
    CREATE INDEX search_entries_by_name ON search_entries(type, name_key);
  `);
}

/**
 * Past this many entries of a kind, its index keeps the words' first one, two and three letters too: a
 * query being typed ("the s") then reads one list instead of merging those of every word it begins (90 ms
 * over a million tracks, 0.1 ms with them). Below, the merge is cheap and the lists would only slow the
 * first start (by ~70 ms for the default catalog).
 */
export const PREFIX_INDEX_FROM = 100_000;

/** A kind's full-text table, made with its entries (its shape follows their number). */
function createIndex(db: Database, type: IndexedType, entries: number): void {
  // Contentless (the text is the catalog's) and no column sizes (no bm25: the rank is the row id).
  const prefix = entries >= PREFIX_INDEX_FROM ? ", prefix='1 2 3'" : '';
  db.exec(
    `CREATE VIRTUAL TABLE ${ftsTable(type)} USING fts5(${INDEXED[type].join(', ')}, content='', columnsize=0, ` +
      `tokenize='unicode61 remove_diacritics 2'${prefix})`,
  );
}

interface Entry {
  id: string;
  /** Most popular first; ties by id. */
  popularity: number;
  markets: readonly string[] | null;
  texts: string[];
}

export function loadSearchIndex(db: Database, catalog: SeedCatalog): void {
  const artists = new Map([...catalog.artists, ...catalog.discography.artists].map((artist) => [artist.id, artist]));
  const albums = new Map([...catalog.albums, ...catalog.discography.albums].map((album) => [album.id, album]));
  const details = new Map(catalog.discography.album_details.map((entry) => [entry.album_id, entry]));
  const shows = new Map(catalog.shows.map((show) => [show.id, show]));
  const names = (ids: readonly string[]) => ids.map((id) => artists.get(id)?.name ?? '').join(' ');
  const seedOrder = (count: number, place: number) => count - place;

  const marketSets = new Map<string, number>();
  // The discography's tracks share their album's array: most lookups are by the array itself.
  const byArray = new WeakMap<readonly string[], number>();
  const insertSet = insertInto(db, 'market_sets', ['id', 'markets']);
  const marketSet = (markets: readonly string[] | null): number | null => {
    if (markets === null) return null;
    const known = byArray.get(markets);
    if (known !== undefined) return known;
    const key = markets.join(',');
    let id = marketSets.get(key);
    if (id === undefined) {
      id = marketSets.size + 1;
      marketSets.set(key, id);
      insertSet({ id, markets: key });
    }
    byArray.set(markets, id);
    return id;
  };

  const load = (type: IndexedType, entries: Entry[]) => {
    createIndex(db, type, entries.length);
    entries.sort((one, other) => other.popularity - one.popularity || (one.id < other.id ? -1 : one.id > other.id ? 1 : 0));
    const columns = INDEXED[type];
    const insertText = db.prepare(`INSERT INTO ${ftsTable(type)} (rowid, ${columns.join(', ')}) VALUES (?${', ?'.repeat(columns.length)})`);
    const insertEntry = insertInto(db, 'search_entries', ['type', 'rank', 'id', 'name_key', 'market_set']);
    entries.forEach((entry, place) => {
      const rank = place + 1;
      insertEntry({ type, rank, id: entry.id, name_key: foldText(entry.texts[0]!), market_set: marketSet(entry.markets) });
      insertText.run(rank, ...entry.texts);
    });
    // One segment: queries read one b-tree per word instead of one per batch of inserts.
    db.prepare(`INSERT INTO ${ftsTable(type)} (${ftsTable(type)}) VALUES ('optimize')`).run();
  };

  const tracks = [...catalog.tracks, ...catalog.discography.tracks];
  load('track', tracks.map((track) => {
    const album = albums.get(track.album_id);
    return { id: track.id, popularity: track.popularity, markets: track.available_markets, texts: [track.name, names(track.artist_ids), album?.name ?? ''] };
  }));
  load('album', [...albums.values()].map((album) => ({
    id: album.id,
    popularity: details.get(album.id)?.popularity ?? 0,
    markets: album.available_markets,
    texts: [album.name, names(album.artist_ids)],
  })));
  load('artist', [...artists.values()].map((artist) => ({ id: artist.id, popularity: artist.popularity, markets: null, texts: [artist.name, artist.genres.join(' ')] })));
  load('show', catalog.shows.map((show, place) => ({ id: show.id, popularity: seedOrder(catalog.shows.length, place), markets: show.available_markets, texts: [show.name, show.publisher] })));
  // Episodes: the newest first.
  load('episode', catalog.episodes.map((episode) => {
    const show = shows.get(episode.show_id);
    return { id: episode.id, popularity: Date.parse(episode.release_date) / 86_400_000, markets: show?.available_markets ?? [], texts: [episode.name, show?.name ?? ''] };
  }));
  load('audiobook', catalog.audiobooks.map((audiobook, place) => ({
    id: audiobook.id,
    popularity: seedOrder(catalog.audiobooks.length, place),
    markets: audiobook.available_markets,
    texts: [audiobook.name, audiobook.authors.join(' '), audiobook.narrators.join(' ')],
  })));
}
