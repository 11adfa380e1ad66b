import type { Database, Statement } from 'better-sqlite3';
import type { PageParams } from '../params.js';
import { searchWords as searchWordsOf } from '../search-text.js';
import { ftsTable, INDEXED, type IndexedType } from './search-index.js';

/** Search counts and pages through the first 1,000 results of each kind, as far as `offset` reaches. */
export const MAX_RESULTS = 1_000;
/** Exact names past this many are ranked with the whole-word results. */
const MAX_EXACT = 200;

export interface Found {
  total: number;
  /** The page's ids, in the order they are shown. */
  ids: string[];
}

/**
 * Search over the full-text index (search-index.ts). Results come in tiers, each in rank order (most popular
 * first): the exact name (those in the user's library first), every word whole in the name, the last word
 * as a prefix of one in the name (as you type), then the words anywhere (artist, album, publisher…).
 * Everything the effective market does not sell is left out (decisions §14). A tier stops reading at the
 * page's end, so a query costs the page, not its matches.
 */
export class SearchStore {
  private readonly exact: Statement;
  private readonly genres: Statement;
  private readonly playlists: Statement;
  private readonly tiers = new Map<IndexedType, { match: Statement; count: Statement }>();

  constructor(db: Database) {
    const sold = '(e.market_set IS NULL OR e.market_set IN (SELECT id FROM market_sets WHERE instr(\',\' || markets || \',\', @market) > 0))';
    // By the name's key, in rank order: the key's index holds the rank after it (the table's own key), which the
    // planner would otherwise read whole to avoid a sort.
    this.exact = db
      .prepare(`SELECT id FROM search_entries e INDEXED BY search_entries_by_name WHERE type = @type AND name_key = @key AND ${sold} ORDER BY rank LIMIT ${MAX_EXACT}`)
      .pluck();
    this.playlists = db.prepare('SELECT id FROM playlists ORDER BY rowid').pluck();
    this.genres = db.prepare(`SELECT e.id FROM search_artists s JOIN search_entries e ON e.type = 'artist' AND e.rank = s.rowid WHERE search_artists MATCH ? ORDER BY s.rowid LIMIT ?`).pluck();
    for (const type of Object.keys(INDEXED) as IndexedType[]) {
      const from = `${ftsTable(type)} s JOIN search_entries e ON e.type = '${type}' AND e.rank = s.rowid WHERE ${ftsTable(type)} MATCH @query AND ${sold}`;
      this.tiers.set(type, {
        match: db.prepare(`SELECT e.id FROM ${from} ORDER BY s.rowid LIMIT @limit`).pluck(),
        count: db.prepare(`SELECT count(*) FROM (SELECT 1 FROM ${from} LIMIT ${MAX_RESULTS})`).pluck(),
      });
    }
  }

  /**
   * A page of `type`'s results for `words` (folded: search-text.ts), sold in `market` (none: only what no
   * market binds). `saved` tells an item of the user's library, put first among the exact names.
   */
  search(type: IndexedType, words: readonly string[], market: string | null, page: PageParams, saved: (id: string) => boolean): Found {
    if (words.length === 0) return { total: 0, ids: [] };
    const { match, count } = this.tiers.get(type)!;
    const marketKey = `,${market ?? ''},`;
    const need = page.offset + page.limit;
    const ordered: string[] = [];
    const seen = new Set<string>();
    const take = (ids: readonly string[]) => {
      for (const id of ids) {
        if (seen.has(id)) continue;
        seen.add(id);
        ordered.push(id);
      }
    };
    const exact = this.exact.all({ type, key: words.join(' '), market: marketKey }) as string[];
    take([...exact.filter(saved), ...exact.filter((id) => !saved(id))]);
    const name = INDEXED[type][0];
    const anywhere = phrases(words, true);
    // The last tier holds every match: read to its end, it counts them all, and no count is asked.
    let counted: number | null = null;
    for (const query of [`${name} : (${phrases(words, false)})`, `${name} : (${phrases(words, true)})`, anywhere]) {
      if (ordered.length >= need) break;
      const limit = need + ordered.length;
      const ids = match.all({ query, market: marketKey, limit }) as string[];
      take(ids);
      if (query === anywhere && ids.length < limit) counted = ordered.length;
    }
    const total = Math.min(MAX_RESULTS, counted ?? Math.max(ordered.length, count.get({ query: anywhere, market: marketKey }) as number));
    return { total, ids: ordered.slice(page.offset, need) };
  }

  /** Every playlist's id (playlists are searched as they are: search-playlists.ts). */
  playlistIds(): string[] {
    return this.playlists.all() as string[];
  }

  /** Artists of any of `genres` (each a phrase), most popular first. */
  byGenres(genres: readonly string[], limit: number): string[] {
    const wanted = genres.map((genre) => searchWordsOf(genre)).filter((words) => words.length > 0);
    if (wanted.length === 0) return [];
    return this.genres.all(`genres : (${wanted.map((words) => `"${words.join(' ')}"`).join(' OR ')})`, limit) as string[];
  }
}

/** The words as an FTS5 query of quoted phrases, all required; the last a prefix when `typing`. */
function phrases(words: readonly string[], typing: boolean): string {
  return words.map((word, place) => `"${word.replaceAll('"', '""')}"${typing && place === words.length - 1 ? '*' : ''}`).join(' ');
}
