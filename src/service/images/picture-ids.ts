import type { Database } from 'better-sqlite3';

/**
 * The ids the catalog's pictures are made for: every object that lists `images` (shows, episodes, audiobooks,
 * chapters, playlists, a music folder's albums, and the albums and artists inside tracks). Read at the first picture asked for,
 * and again once a music folder's catalog changed (routes/images.ts). Pictures of other ids are not made: anyone who
 * reaches the port could otherwise keep the service drawing pictures of made-up ids.
 */
const PICTURE_IDS = `
  SELECT id FROM shows UNION SELECT id FROM episodes UNION SELECT id FROM audiobooks
  UNION SELECT id FROM chapters UNION SELECT id FROM playlists
  UNION SELECT doc ->> '$.album.id' FROM tracks
  UNION SELECT artist.value ->> '$.id' FROM tracks, json_each(tracks.doc, '$.artists') AS artist
  UNION SELECT artist.value ->> '$.id' FROM tracks, json_each(tracks.doc, '$.album.artists') AS artist`;

/** `withAlbums`: every album too (a music folder's, whose tracks are not in `tracks`; the demo's discography has none drawn). */
export function readPictureIds(db: Database, withAlbums = false): ReadonlySet<string> {
  const ids = db.prepare(withAlbums ? `${PICTURE_IDS} UNION SELECT id FROM albums` : PICTURE_IDS).pluck().all() as (string | null)[];
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}
