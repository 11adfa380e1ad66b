import type { Database } from 'better-sqlite3';
import type { SeedCatalog } from '../seed/types.js';
import { DatabaseFault, demoUserId } from '../store/db.js';
import { LOCAL_USER_ID } from './ids.js';

/**
 * A music folder's database (decisions §19): the same tables as the demo's, seeded with its one user and no
 * catalog (the scan writes that); told apart by that user, so that a demo database is never filled with a
 * folder, nor a folder's served as the demo.
 */
export function localCatalog(): SeedCatalog {
  return {
    artists: [], albums: [], tracks: [], shows: [], episodes: [], audiobooks: [], chapters: [],
    users: [{ id: LOCAL_USER_ID, display_name: 'You', country: null, product: 'premium', email: 'you@localhost' }],
    demo_user_id: LOCAL_USER_ID,
    playlists: [], followed_playlist_ids: [], saved_shows: [], saved_audiobooks: [], resume_points: [],
    discography: { artists: [], albums: [], tracks: [], album_details: [] },
    collection: { liked_tracks: [], saved_albums: [], followed_artists: [], plays: [] },
  };
}

export const isMusicDatabase = (db: Database): boolean => demoUserId(db) === LOCAL_USER_ID;

/** Null when the database is of the kind the start asks for; else the one line that says so. */
export function kindMismatch(db: Database, path: string, isMusic: boolean): DatabaseFault | null {
  if (isMusicDatabase(db) === isMusic) return null;
  return new DatabaseFault(
    isMusic
      ? `${path} holds the demo catalog, not a music folder's: start with another --db (the default for --music is music.db beside playdeck.db)`
      : `${path} holds a music folder's catalog: start with --music DIR (or [music] folder in the config), or --db another path`,
  );
}
