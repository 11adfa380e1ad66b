import type { Database, Statement } from 'better-sqlite3';
import { foldText } from '../search-text.js';
import { ALBUM_GROUPS } from '../store/discography.js';
import { ftsTable, INDEXED, type IndexedType } from '../store/search-index.js';
import { isoTimestamp } from '../seed/text.js';
import { albumRows, audiobookRows, showRows, type FileRow, type ItemFile, type Searched } from './containers.js';
import type { FileTags } from './file-tags.js';
import { LOCAL_USER_ID } from './ids.js';
import { placeOf, type FileKind, type RootName } from './placement.js';

/**
 * Writes what a scan found into the catalog's tables, a batch at a time in one transaction: the files, then
 * every album, show and audiobook they changed made again whole (containers.ts), the artists no album names
 * any more removed, the search index kept with them. What is seen for the first time joins the local user's
 * library (an album saved, its artists followed, a show or audiobook saved); what they unsaved stays unsaved.
 * Runs on the scan's own connection, in its worker thread (scan-thread.ts).
 */

export interface ReadFile {
  root: RootName;
  path: string;
  size: number;
  mtimeMs: number;
  tags: FileTags;
}

export interface Batch {
  removed: { root: RootName; path: string }[];
  read: ReadFile[];
}

interface StoredFile {
  root: RootName;
  path: string;
  mtime_ms: number;
  kind: FileKind;
  container_id: string;
  item_key: string;
  tags: string;
}

export class CatalogWriter {
  private readonly s: Record<string, Statement>;
  private readonly ranks = new Map<IndexedType, number>();
  private readonly fts = new Map<IndexedType, { insert: Statement; remove: Statement }>();

  constructor(
    private readonly db: Database,
    /** The names of the folders, for what has no name of its own (tagless files at the top). */
    private readonly names: { music: string; podcasts: string },
  ) {
    const prepare = (sql: string) => db.prepare(sql);
    this.s = {
      fileOf: prepare('SELECT kind, container_id FROM music_files WHERE root = ? AND path = ?'),
      removeFile: prepare('DELETE FROM music_files WHERE root = ? AND path = ?'),
      putFile: prepare(
        'INSERT INTO music_files (root, path, size, mtime_ms, kind, container_id, item_key, item_id, tags) VALUES (@root, @path, @size, @mtime_ms, @kind, @container_id, @item_key, NULL, @tags) ' +
          'ON CONFLICT (root, path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, kind = excluded.kind, container_id = excluded.container_id, item_key = excluded.item_key, item_id = NULL, tags = excluded.tags',
      ),
      filesOf: prepare('SELECT root, path, mtime_ms, kind, container_id, item_key, tags FROM music_files WHERE container_id = ? AND kind = ?'),
      setItemId: prepare('UPDATE music_files SET item_id = ? WHERE root = ? AND path = ?'),
      putItem: prepare('INSERT OR REPLACE INTO music_items (id, root, path, start_ms, end_ms) VALUES (@id, @root, @path, @startMs, @endMs)'),
      removeItem: prepare('DELETE FROM music_items WHERE id = ?'),
      albumTrackIds: prepare('SELECT id FROM catalog_tracks WHERE album_id = ?').pluck(),
      albumArtistIds: prepare('SELECT artist_id FROM artist_albums WHERE album_id = ?').pluck(),
      removeTracks: prepare('DELETE FROM catalog_tracks WHERE album_id = ?'),
      removePlaces: prepare('DELETE FROM artist_albums WHERE album_id = ?'),
      removeAlbum: prepare('DELETE FROM albums WHERE id = ?'),
      putAlbum: prepare('INSERT OR REPLACE INTO albums (id, markets, total_tracks, doc, details) VALUES (@id, @markets, @total_tracks, @doc, @details)'),
      putTrack: prepare(
        'INSERT OR REPLACE INTO catalog_tracks (id, album_id, disc_number, track_number, artist_ids, name, duration_ms, explicit, popularity, isrc) ' +
          'VALUES (@id, @album_id, @disc_number, @track_number, @artist_ids, @name, @duration_ms, @explicit, @popularity, @isrc)',
      ),
      putPlace: prepare('INSERT OR IGNORE INTO artist_albums (artist_id, group_order, release_date, album_id) VALUES (?, ?, ?, ?)'),
      hasArtist: prepare('SELECT 1 FROM artists WHERE id = ?').pluck(),
      putArtist: prepare('INSERT INTO artists (id, name, doc) VALUES (@id, @name, @doc)'),
      artistPlaced: prepare('SELECT 1 FROM artist_albums WHERE artist_id = ? LIMIT 1').pluck(),
      removeArtist: prepare('DELETE FROM artists WHERE id = ?'),
      episodeIds: prepare('SELECT id FROM episodes WHERE show_id = ?').pluck(),
      removeEpisodes: prepare('DELETE FROM episodes WHERE show_id = ?'),
      putShow: prepare('INSERT INTO shows (id, markets, doc) VALUES (@id, @markets, @doc) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc'),
      putEpisode: prepare('INSERT INTO episodes (id, show_id, duration_ms, doc) VALUES (@id, @show_id, @duration_ms, @doc)'),
      removeShow: prepare('DELETE FROM shows WHERE id = ?'),
      unsaveShow: prepare('DELETE FROM saved_shows WHERE show_id = ?'),
      chapterIds: prepare('SELECT id FROM chapters WHERE audiobook_id = ?').pluck(),
      removeChapters: prepare('DELETE FROM chapters WHERE audiobook_id = ?'),
      putAudiobook: prepare('INSERT INTO audiobooks (id, markets, doc) VALUES (@id, @markets, @doc) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc'),
      putChapter: prepare('INSERT INTO chapters (id, audiobook_id, chapter_number, duration_ms, doc) VALUES (@id, @audiobook_id, @chapter_number, @duration_ms, @doc)'),
      removeAudiobook: prepare('DELETE FROM audiobooks WHERE id = ?'),
      unsaveAudiobook: prepare('DELETE FROM saved_audiobooks WHERE audiobook_id = ?'),
      seen: prepare('INSERT OR IGNORE INTO music_seen (type, id) VALUES (?, ?)'),
      forgetSeen: prepare('DELETE FROM music_seen WHERE type = ? AND id = ?'),
      saveItem: prepare('INSERT OR IGNORE INTO saved_items (user_id, type, item_id, added_at) VALUES (?, ?, ?, ?)'),
      unsaveItem: prepare('DELETE FROM saved_items WHERE user_id = ? AND type = ? AND item_id = ?'),
      saveShow: prepare(`INSERT OR IGNORE INTO saved_shows (user_id, show_id, added_at, position) VALUES (?, ?, ?, (SELECT coalesce(min(position), 0) - 1 FROM saved_shows WHERE user_id = ?))`),
      saveAudiobook: prepare(`INSERT OR IGNORE INTO saved_audiobooks (user_id, audiobook_id, added_at, position) VALUES (?, ?, ?, (SELECT coalesce(min(position), 0) - 1 FROM saved_audiobooks WHERE user_id = ?))`),
      entryRank: prepare('SELECT rank FROM search_entries WHERE type = ? AND id = ?').pluck(),
      removeEntry: prepare('DELETE FROM search_entries WHERE type = ? AND rank = ?'),
      putEntry: prepare('INSERT INTO search_entries (type, rank, id, name_key, market_set) VALUES (?, ?, ?, ?, NULL)'),
      topRank: prepare('SELECT coalesce(max(rank), 0) FROM search_entries WHERE type = ?').pluck(),
    };
    for (const type of Object.keys(INDEXED) as IndexedType[]) {
      const columns = INDEXED[type];
      this.fts.set(type, {
        insert: prepare(`INSERT INTO ${ftsTable(type)} (rowid, ${columns.join(', ')}) VALUES (?${', ?'.repeat(columns.length)})`),
        remove: prepare(`DELETE FROM ${ftsTable(type)} WHERE rowid = ?`),
      });
      this.ranks.set(type, this.s.topRank!.get(type) as number);
    }
  }

  /** Writes a batch in one transaction; whether the catalog changed. */
  apply(batch: Batch): boolean {
    if (batch.removed.length === 0 && batch.read.length === 0) return false;
    this.db.transaction(() => {
      const touched = new Map<string, FileKind>();
      for (const { root, path } of batch.removed) {
        const old = this.s.fileOf!.get(root, path) as { kind: FileKind; container_id: string } | undefined;
        if (old) touched.set(old.container_id, old.kind);
        this.s.removeFile!.run(root, path);
      }
      for (const file of batch.read) {
        const old = this.s.fileOf!.get(file.root, file.path) as { kind: FileKind; container_id: string } | undefined;
        if (old) touched.set(old.container_id, old.kind);
        const placement = placeOf(file.root, file.path, file.tags);
        touched.set(placement.containerId, placement.kind);
        this.s.putFile!.run({
          root: file.root, path: file.path, size: file.size, mtime_ms: file.mtimeMs, kind: placement.kind,
          container_id: placement.containerId, item_key: placement.itemKey, tags: JSON.stringify(file.tags),
        });
      }
      const artists = new Set<string>();
      for (const [containerId, kind] of touched) {
        if (kind === 'track') this.album(containerId, artists);
        else if (kind === 'episode') this.show(containerId);
        else this.audiobook(containerId);
      }
      for (const artistId of artists) {
        if (this.s.artistPlaced!.get(artistId) !== undefined) continue;
        this.s.removeArtist!.run(artistId);
        this.unindex('artist', artistId);
        this.forget('artist', artistId);
      }
    }).immediate();
    return true;
  }

  private filesOf(containerId: string, kind: FileKind): FileRow[] {
    return (this.s.filesOf!.all(containerId, kind) as StoredFile[]).map((row) => ({
      root: row.root, path: row.path, mtimeMs: row.mtime_ms, kind: row.kind, containerId: row.container_id, itemKey: row.item_key, tags: JSON.parse(row.tags) as FileTags,
    }));
  }

  private album(albumId: string, artists: Set<string>): void {
    for (const trackId of this.s.albumTrackIds!.all(albumId) as string[]) {
      this.s.removeItem!.run(trackId);
      this.unindex('track', trackId);
    }
    for (const artistId of this.s.albumArtistIds!.all(albumId) as string[]) artists.add(artistId);
    this.s.removeTracks!.run(albumId);
    this.s.removePlaces!.run(albumId);
    this.unindex('album', albumId);
    const files = this.filesOf(albumId, 'track');
    if (files.length === 0) {
      // Gone from the folder: gone from the library too (saved again should it come back).
      this.s.removeAlbum!.run(albumId);
      this.forget('album', albumId);
      return;
    }
    const rows = albumRows(albumId, files, this.names.music);
    for (const artist of rows.artists) {
      artists.add(artist.id);
      if (this.s.hasArtist!.get(artist.id) !== undefined) continue;
      this.s.putArtist!.run(artist);
      this.index('artist', { id: artist.id, texts: [artist.name, ''] });
    }
    this.s.putAlbum!.run(rows.album);
    for (const track of rows.tracks) this.s.putTrack!.run(track);
    for (const place of rows.places) this.s.putPlace!.run(place.artistId, ALBUM_GROUPS.indexOf(place.group), place.releaseDate, albumId);
    this.placeItems(rows.files);
    this.index('album', rows.search.album);
    for (const track of rows.search.tracks) this.index('track', track);
    const addedAt = isoTimestamp(rows.addedAt);
    if (this.firstSight('album', albumId)) this.s.saveItem!.run(LOCAL_USER_ID, 'album', albumId, addedAt);
    for (const artistId of rows.albumArtistIds) if (this.firstSight('artist', artistId)) this.s.saveItem!.run(LOCAL_USER_ID, 'artist', artistId, addedAt);
  }

  private show(showId: string): void {
    for (const episodeId of this.s.episodeIds!.all(showId) as string[]) {
      this.s.removeItem!.run(episodeId);
      this.unindex('episode', episodeId);
    }
    this.s.removeEpisodes!.run(showId);
    this.unindex('show', showId);
    const files = this.filesOf(showId, 'episode');
    if (files.length === 0) {
      this.s.unsaveShow!.run(showId);
      this.s.removeShow!.run(showId);
      this.s.forgetSeen!.run('show', showId);
      return;
    }
    const rows = showRows(showId, files, this.names.podcasts);
    this.s.putShow!.run(rows.show);
    for (const episode of rows.episodes) this.s.putEpisode!.run(episode);
    this.placeItems(rows.files);
    this.index('show', rows.search.show);
    for (const episode of rows.search.episodes) this.index('episode', episode);
    if (this.firstSight('show', showId)) this.s.saveShow!.run(LOCAL_USER_ID, showId, isoTimestamp(rows.addedAt), LOCAL_USER_ID);
  }

  private audiobook(audiobookId: string): void {
    for (const chapterId of this.s.chapterIds!.all(audiobookId) as string[]) this.s.removeItem!.run(chapterId);
    this.s.removeChapters!.run(audiobookId);
    this.unindex('audiobook', audiobookId);
    const files = this.filesOf(audiobookId, 'audiobook');
    if (files.length === 0) {
      this.s.unsaveAudiobook!.run(audiobookId);
      this.s.removeAudiobook!.run(audiobookId);
      this.s.forgetSeen!.run('audiobook', audiobookId);
      return;
    }
    const rows = audiobookRows(audiobookId, files);
    this.s.putAudiobook!.run(rows.audiobook);
    for (const chapter of rows.chapters) this.s.putChapter!.run(chapter);
    this.placeItems(rows.files, false);
    this.index('audiobook', rows.search.audiobook);
    if (this.firstSight('audiobook', audiobookId)) this.s.saveAudiobook!.run(LOCAL_USER_ID, audiobookId, isoTimestamp(rows.addedAt), LOCAL_USER_ID);
  }

  /** Where each item's sound is; a track's or episode's id is its file's too (a chapter's is not: a file holds many). */
  private placeItems(files: readonly ItemFile[], isWholeFile = true): void {
    for (const file of files) {
      this.s.putItem!.run(file);
      if (isWholeFile) this.s.setItemId!.run(file.id, file.root, file.path);
    }
  }

  /** An album or artist no longer in the folder leaves the library, and will be saved again if it comes back. */
  private forget(type: 'album' | 'artist', id: string): void {
    this.s.unsaveItem!.run(LOCAL_USER_ID, type, id);
    this.s.forgetSeen!.run(type, id);
  }

  private firstSight(type: string, id: string): boolean {
    return this.s.seen!.run(type, id).changes > 0;
  }

  private index(type: IndexedType, entry: Searched): void {
    const rank = this.ranks.get(type)! + 1;
    this.ranks.set(type, rank);
    this.s.putEntry!.run(type, rank, entry.id, foldText(entry.texts[0] ?? ''));
    const texts = INDEXED[type].map((_column, place) => entry.texts[place] ?? '');
    this.fts.get(type)!.insert.run(rank, ...texts);
  }

  private unindex(type: IndexedType, id: string): void {
    const rank = this.s.entryRank!.get(type, id) as number | undefined;
    if (rank === undefined) return;
    this.s.removeEntry!.run(type, rank);
    this.fts.get(type)!.remove.run(rank);
  }
}
