import type { Database, Statement } from 'better-sqlite3';
import { composedTrackDocument, type TrackColumns } from './discography-documents.js';

/**
 * Albums, artists and the tracks kept as columns (discography-documents.ts): seeded for the demo, written by
 * a music folder's scan (music/catalog-writer.ts). Rows are kept in bounded memos, emptied when the catalog
 * changes (`forget`): a catalog of a million tracks is read a page at a time, never whole.
 */
export interface ArtistRow {
  id: string;
  name: string;
  /** The full artist (followers, genres, images, popularity). */
  doc: string;
}

export interface AlbumRow {
  id: string;
  markets: string[];
  totalTracks: number;
  /** The simplified album, as tracks embed it. */
  doc: string;
  /** What the full album adds, as fields (`"label":…`). */
  details: string;
}

export type AlbumGroup = 'album' | 'single' | 'compilation' | 'appears_on';
/** The order an artist's page lists its albums in, by group. */
export const ALBUM_GROUPS: readonly AlbumGroup[] = ['album', 'single', 'compilation', 'appears_on'];

export interface ArtistAlbum {
  albumId: string;
  group: AlbumGroup;
}

/** A track of the catalog with its album's row: its document is composed only when asked for. */
export interface CatalogTrack extends TrackColumns {
  album: AlbumRow;
}

/** Rows of a kind kept at most: what a page or an album needs is read again in one go past it. */
const MAX_KEPT_ROWS = 512;

/** Keeps at most `size` values, emptied when full (rebuilding one is a row read). */
class Memo<V> {
  private readonly values = new Map<string, V>();
  constructor(private readonly size: number) {}

  get(key: string, read: () => V | null): V | null {
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const value = read();
    // Unknown ids are not kept: anyone can send millions of them.
    if (value === null) return null;
    if (this.values.size >= this.size) this.values.clear();
    this.values.set(key, value);
    return value;
  }

  clear(): void {
    this.values.clear();
  }
}

const splitMarkets = (markets: string): string[] => (markets ? markets.split(',') : []);

export class DiscographyStore {
  private readonly statements: Record<'artist' | 'album' | 'track' | 'albumTracks' | 'artistAlbums' | 'trackIds', Statement>;
  // Bounded as the catalog's rows are (store/catalog.ts): walking 10,000 liked songs filled 5,000 albums and
  // 5,000 tracks with their documents, kept for good in the dashboard's process.
  private readonly artists = new Memo<ArtistRow>(MAX_KEPT_ROWS);
  private readonly albums = new Memo<AlbumRow>(MAX_KEPT_ROWS);
  private readonly tracks = new Memo<TrackColumns>(MAX_KEPT_ROWS);

  constructor(db: Database) {
    this.statements = {
      artist: db.prepare('SELECT id, name, doc FROM artists WHERE id = ?'),
      album: db.prepare('SELECT id, markets, total_tracks AS totalTracks, doc, details FROM albums WHERE id = ?'),
      track: db.prepare('SELECT * FROM catalog_tracks WHERE id = ?'),
      albumTracks: db.prepare('SELECT id FROM catalog_tracks WHERE album_id = ? ORDER BY disc_number, track_number'),
      artistAlbums: db.prepare('SELECT album_id AS albumId, group_order AS groupOrder FROM artist_albums WHERE artist_id = ? ORDER BY group_order, release_date DESC, album_id'),
      trackIds: db.prepare('SELECT id FROM catalog_tracks WHERE album_id IN (SELECT album_id FROM artist_albums WHERE artist_id = ?)'),
    };
  }

  /** Forgets every row read (the catalog changed). */
  forget(): void {
    this.artists.clear();
    this.albums.clear();
    this.tracks.clear();
  }

  artist(id: string): ArtistRow | null {
    return this.artists.get(id, () => (this.statements.artist.get(id) as ArtistRow | undefined) ?? null);
  }

  album(id: string): AlbumRow | null {
    return this.albums.get(id, () => {
      const raw = this.statements.album.get(id) as (Omit<AlbumRow, 'markets'> & { markets: string }) | undefined;
      return raw ? { ...raw, markets: splitMarkets(raw.markets) } : null;
    });
  }

  /** A track with its album, or null. */
  track(id: string): CatalogTrack | null {
    const columns = this.tracks.get(id, () => (this.statements.track.get(id) as TrackColumns | undefined) ?? null);
    const album = columns ? this.album(columns.album_id) : null;
    return columns && album ? { ...columns, album } : null;
  }

  /** The full track's document, composed of its album's and its artists' (the same JSON the seed's would be). */
  trackDocument(track: CatalogTrack): string {
    const artistDocs = track.artist_ids.split(',').flatMap((artistId) => {
      const artist = this.artist(artistId);
      return artist ? [artist.doc] : [];
    });
    return composedTrackDocument(track, track.album.doc, artistDocs, track.album.markets);
  }

  /** The album's track ids, disc by disc, in order. */
  albumTrackIds(albumId: string): string[] {
    return (this.statements.albumTracks.all(albumId) as { id: string }[]).map((row) => row.id);
  }

  /** The artist's albums of the groups asked, by group (albums, singles, compilations, appearances), newest first in each. */
  artistAlbums(artistId: string, groups: ReadonlySet<AlbumGroup>): ArtistAlbum[] {
    const rows = this.statements.artistAlbums.all(artistId) as { albumId: string; groupOrder: number }[];
    return rows.flatMap((row) => {
      const group = ALBUM_GROUPS[row.groupOrder]!;
      return groups.has(group) ? [{ albumId: row.albumId, group }] : [];
    });
  }

  /** The tracks the artist plays on, most popular first. */
  artistTracks(artistId: string): CatalogTrack[] {
    const ids = (this.statements.trackIds.all(artistId) as { id: string }[]).map((row) => row.id);
    return ids
      .flatMap((trackId) => {
        const track = this.track(trackId);
        return track && track.artist_ids.split(',').includes(artistId) ? [track] : [];
      })
      .sort((one, other) => other.popularity - one.popularity || one.id.localeCompare(other.id));
  }
}
