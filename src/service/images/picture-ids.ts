import type { Database } from 'better-sqlite3';

/**
 * The ids the catalog's pictures are made for: every object that lists `images` (shows, episodes, audiobooks,
 * chapters, playlists, and the albums and artists inside tracks). The catalog is seeded once and never grows,
 * so the set is read once, at the first picture asked for. Pictures of other ids are not made: anyone who
 * reaches the port could otherwise keep the service drawing pictures of made-up ids.
 */
const PICTURE_IDS = `
  SELECT id FROM shows UNION SELECT id FROM episodes UNION SELECT id FROM audiobooks
  UNION SELECT id FROM chapters UNION SELECT id FROM playlists
  UNION SELECT doc ->> '$.album.id' FROM tracks
  UNION SELECT artist.value ->> '$.id' FROM tracks, json_each(tracks.doc, '$.artists') AS artist
  UNION SELECT artist.value ->> '$.id' FROM tracks, json_each(tracks.doc, '$.album.artists') AS artist`;

export function readPictureIds(db: Database): ReadonlySet<string> {
  const ids = db.prepare(PICTURE_IDS).pluck().all() as (string | null)[];
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}
