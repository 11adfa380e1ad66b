import type { Database } from 'better-sqlite3';
import type { SeedAlbum, SeedCatalog, SeedTrack } from '../seed/types.js';
import { albumDetailsFields, albumDocument, artistDocument, trackColumns } from './discography-documents.js';
import { ALBUM_GROUPS, type AlbumGroup } from './discography.js';
import { insertInto } from './load-seed.js';

/**
 * The discography's step of the migrations (schema.ts): artists and albums as rows of their own, every track
 * as columns (the first catalog's too, whose documents stay in `tracks`), and which albums each artist's page
 * lists. A database seeded before the step gets the first catalog's albums and artists from the same seed.
 */
export function createDiscographyTables(db: Database): void {
  db.exec(`
    CREATE TABLE artists (id TEXT PRIMARY KEY, name TEXT NOT NULL, doc TEXT NOT NULL);
    -- doc: the simplified album as tracks embed it; details: the fields the full album adds.
    CREATE TABLE albums (
      id TEXT PRIMARY KEY,
      markets TEXT NOT NULL,
      total_tracks INTEGER NOT NULL,
      doc TEXT NOT NULL,
      details TEXT NOT NULL
    );
    -- Every track's own fields; its album, artists and markets are those rows'.
    CREATE TABLE catalog_tracks (
      id TEXT PRIMARY KEY,
      album_id TEXT NOT NULL,
      disc_number INTEGER NOT NULL,
      track_number INTEGER NOT NULL,
      artist_ids TEXT NOT NULL,
      name TEXT NOT NULL,
      duration_ms INTEGER NOT NULL,
      explicit INTEGER NOT NULL,
      popularity INTEGER NOT NULL,
      isrc TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX catalog_tracks_by_album ON catalog_tracks(album_id, disc_number, track_number);
    -- An artist's page: group_order is the place of album, single, compilation, appears_on.
    CREATE TABLE artist_albums (
      artist_id TEXT NOT NULL,
      group_order INTEGER NOT NULL,
      release_date TEXT NOT NULL,
      album_id TEXT NOT NULL,
      PRIMARY KEY (artist_id, group_order, release_date, album_id)
    ) WITHOUT ROWID;
  `);
}

/** Every artist, album and track of the catalog: the first catalog's and the discography's. */
export function loadDiscography(db: Database, catalog: SeedCatalog): void {
  const artists = [...catalog.artists, ...catalog.discography.artists];
  const albums = [...catalog.albums, ...catalog.discography.albums];
  const artistById = new Map(artists.map((artist) => [artist.id, artist]));
  const details = new Map(catalog.discography.album_details.map((entry) => [entry.album_id, entry]));

  const insertArtist = insertInto(db, 'artists', ['id', 'name', 'doc']);
  for (const artist of artists) insertArtist({ id: artist.id, name: artist.name, doc: artistDocument(artist) });

  const insertAlbum = insertInto(db, 'albums', ['id', 'markets', 'total_tracks', 'doc', 'details']);
  for (const album of albums) {
    const albumDetails = details.get(album.id);
    if (!albumDetails) throw new Error(`Album ${album.id} has no details`);
    insertAlbum({
      id: album.id,
      markets: album.available_markets.join(','),
      total_tracks: album.total_tracks,
      doc: albumDocument(album, artistById),
      details: albumDetailsFields(album, albumDetails),
    });
  }

  // In key order: each row lands at the end of its b-tree, no page split in the middle.
  const byKey = <T>(rows: T[], key: (row: T) => string) => rows.sort((one, other) => (key(one) < key(other) ? -1 : key(one) > key(other) ? 1 : 0));
  const insertTrack = insertInto(db, 'catalog_tracks', ['id', 'album_id', 'disc_number', 'track_number', 'artist_ids', 'name', 'duration_ms', 'explicit', 'popularity', 'isrc']);
  for (const track of byKey([...catalog.tracks, ...catalog.discography.tracks], (row) => row.id)) insertTrack(trackColumns(track));

  insertInto(db, 'meta', ['key', 'value'])({ key: 'catalog_tracks', value: String(catalog.tracks.length + catalog.discography.tracks.length) });

  const insertPlace = insertInto(db, 'artist_albums', ['artist_id', 'group_order', 'release_date', 'album_id']);
  for (const { artistId, group, album } of byKey(artistPages(albums, [catalog.tracks, catalog.discography.tracks]), (place) => place.artistId)) {
    insertPlace({ artist_id: artistId, group_order: ALBUM_GROUPS.indexOf(group), release_date: album.release_date, album_id: album.id });
  }
}

interface ArtistPlace {
  artistId: string;
  group: AlbumGroup;
  album: SeedAlbum;
}

/** Where each album shows on its artists' pages: theirs by its type, and on the pages of those it features. */
function artistPages(albums: readonly SeedAlbum[], trackLists: readonly (readonly SeedTrack[])[]): ArtistPlace[] {
  const places = new Map<string, ArtistPlace>();
  const albumById = new Map(albums.map((album) => [album.id, album]));
  for (const album of albums) for (const artistId of album.artist_ids) places.set(`${artistId} ${album.id}`, { artistId, group: album.album_type, album });
  for (const tracks of trackLists) {
    for (const track of tracks) {
      const album = albumById.get(track.album_id)!;
      for (const artistId of track.artist_ids) {
        const key = `${artistId} ${album.id}`;
        if (!places.has(key)) places.set(key, { artistId, group: 'appears_on', album });
      }
    }
  }
  return [...places.values()];
}
