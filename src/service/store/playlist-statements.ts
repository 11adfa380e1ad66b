import type { Database, Statement } from 'better-sqlite3';

/** The statements of the playlist store (playlists.ts), prepared once per database. */
export function playlistStatements(db: Database) {
  const prepare = (sql: string): Statement => db.prepare(sql);
  return {
    playlist: prepare('SELECT * FROM playlists WHERE id = ?'),
    entries: prepare('SELECT * FROM playlist_entries WHERE playlist_id = ?'),
    version: prepare('SELECT entries FROM playlist_versions WHERE playlist_id = ? AND version = ?'),
    versionBySnapshot: prepare('SELECT entries FROM playlist_versions WHERE playlist_id = ? AND snapshot_id = ?'),
    insertVersion: prepare('INSERT INTO playlist_versions (playlist_id, version, snapshot_id, entries) VALUES (?, ?, ?, ?)'),
    pruneVersions: prepare('DELETE FROM playlist_versions WHERE playlist_id = ? AND version <= ?'),
    setVersion: prepare('UPDATE playlists SET version = ?, snapshot_id = ? WHERE id = ?'),
    setDetails: prepare(
      'UPDATE playlists SET name = @name, description = @description, public = @public, collaborative = @collaborative WHERE id = @id',
    ),
    insertPlaylist: prepare(
      'INSERT INTO playlists (id, owner_id, name, description, public, collaborative, images, version, snapshot_id) ' +
        'VALUES (@id, @owner_id, @name, @description, @public, @collaborative, @images, @version, @snapshot_id)',
    ),
    deleteEntries: prepare('DELETE FROM playlist_entries WHERE playlist_id = ?'),
    deleteEntry: prepare('DELETE FROM playlist_entries WHERE entry_id = ?'),
    insertEntry: prepare('INSERT INTO playlist_entries (playlist_id, item_type, item_id, added_at, added_by) VALUES (?, ?, ?, ?, ?)'),
    listed: prepare('SELECT playlist_id FROM user_playlists WHERE user_id = ? ORDER BY position'),
    // A new playlist goes first in its owner's list, where the real service shows it.
    listFirst: prepare(
      'INSERT INTO user_playlists (user_id, playlist_id, position) ' +
        'SELECT @user_id, @playlist_id, COALESCE(MIN(position), 1) - 1 FROM user_playlists WHERE user_id = @user_id',
    ),
  };
}

export type PlaylistStatements = ReturnType<typeof playlistStatements>;
