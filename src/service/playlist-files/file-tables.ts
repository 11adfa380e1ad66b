import type { Database } from 'better-sqlite3';
import type { TextEncodingName } from './file-text.js';

/**
 * What the database keeps of each playlist file (decisions §21), so that the content each version of the
 * playlist gives its file is known from the database alone: the file's header and trailer and how it is
 * written, each entry's lines, and the sha-256 of the bytes the file held when last written or read.
 */
export function createPlaylistFileTables(db: Database): void {
  db.exec(`
    CREATE TABLE playlist_files (
      playlist_id TEXT PRIMARY KEY REFERENCES playlists(id),
      path TEXT NOT NULL UNIQUE,
      header TEXT NOT NULL,
      trailer TEXT NOT NULL,
      eol TEXT NOT NULL,
      final_eol INTEGER NOT NULL,
      encoding TEXT NOT NULL,
      bom INTEGER NOT NULL,
      written_hash TEXT NOT NULL,
      present INTEGER NOT NULL
    );
    -- The lines of each entry as its file has them (JSON), the item's line last; they go with the entry.
    CREATE TABLE playlist_file_lines (
      entry_id INTEGER PRIMARY KEY REFERENCES playlist_entries(entry_id) ON DELETE CASCADE,
      playlist_id TEXT NOT NULL,
      lines TEXT NOT NULL
    );
    CREATE INDEX playlist_file_lines_by_playlist ON playlist_file_lines(playlist_id);
  `);
}

/** A playlist file as the database keeps it. */
export interface FileRow {
  playlistId: string;
  /** Inside the music folder, `/` between names. */
  path: string;
  header: string[];
  trailer: string[];
  eol: string;
  finalEol: boolean;
  encoding: TextEncodingName;
  bom: boolean;
  writtenHash: string;
  /** False once the file is gone: the playlist is unlisted, its id kept for the file's return. */
  present: boolean;
}

/** The statements of the playlist files' tables, prepared once. */
export class FileTables {
  private readonly statements;

  constructor(private readonly db: Database) {
    const prepare = (sql: string) => db.prepare(sql);
    this.statements = {
      all: prepare('SELECT * FROM playlist_files'),
      lines: prepare('SELECT entry_id, lines FROM playlist_file_lines WHERE playlist_id = ?'),
      save: prepare(
        'INSERT OR REPLACE INTO playlist_files (playlist_id, path, header, trailer, eol, final_eol, encoding, bom, written_hash, present) ' +
          'VALUES (@playlistId, @path, @header, @trailer, @eol, @finalEol, @encoding, @bom, @writtenHash, @present)',
      ),
      saveLines: prepare('INSERT OR REPLACE INTO playlist_file_lines (entry_id, playlist_id, lines) VALUES (?, ?, ?)'),
      deleteLines: prepare('DELETE FROM playlist_file_lines WHERE entry_id = ?'),
      listFirst: prepare(
        'INSERT OR IGNORE INTO user_playlists (user_id, playlist_id, position) ' +
          'SELECT @userId, @playlistId, COALESCE(MIN(position), 1) - 1 FROM user_playlists WHERE user_id = @userId',
      ),
      unlist: prepare('DELETE FROM user_playlists WHERE user_id = ? AND playlist_id = ?'),
    };
  }

  all(): FileRow[] {
    return (this.statements.all.all() as any[]).map((row) => ({
      playlistId: row.playlist_id,
      path: row.path,
      header: JSON.parse(row.header),
      trailer: JSON.parse(row.trailer),
      eol: row.eol,
      finalEol: row.final_eol === 1,
      encoding: row.encoding,
      bom: row.bom === 1,
      writtenHash: row.written_hash,
      present: row.present === 1,
    }));
  }

  /** Each entry's lines, by entry id. */
  linesOf(playlistId: string): Map<number, string[]> {
    const rows = this.statements.lines.all(playlistId) as { entry_id: number; lines: string }[];
    return new Map(rows.map((row) => [row.entry_id, JSON.parse(row.lines) as string[]]));
  }

  save(row: FileRow): void {
    this.statements.save.run({
      ...row,
      header: JSON.stringify(row.header),
      trailer: JSON.stringify(row.trailer),
      finalEol: row.finalEol ? 1 : 0,
      bom: row.bom ? 1 : 0,
      present: row.present ? 1 : 0,
    });
  }

  /** Sets entries' lines (null: forgets them), in one transaction. */
  saveLines(playlistId: string, changes: Iterable<[entryId: number, lines: string[] | null]>): void {
    this.db.transaction(() => {
      for (const [entryId, lines] of changes) {
        if (lines === null) this.statements.deleteLines.run(entryId);
        else this.statements.saveLines.run(entryId, playlistId, JSON.stringify(lines));
      }
    }).immediate();
  }

  /** Lists the playlist first among the user's (nothing when listed already) or unlists it. */
  setListed(userId: string, playlistId: string, isListed: boolean): void {
    if (isListed) this.statements.listFirst.run({ userId, playlistId });
    else this.statements.unlist.run(userId, playlistId);
  }
}
