/**
 * The demo catalog as plain data (decisions §10): what `generateCatalog()` returns and what the store
 * loads into SQLite on first start. Relational: objects refer to each other by id, and the store builds
 * the spec's nested JSON from them. IDs are 22-character base-62 strings; markets are ISO alpha-2 codes.
 */

export interface SeedImage {
  url: string;
  height: number;
  width: number;
}

export interface SeedArtist {
  id: string;
  name: string;
  genres: string[];
  popularity: number;
  followers: number;
  images: SeedImage[];
}

export interface SeedAlbum {
  id: string;
  name: string;
  album_type: 'album' | 'single' | 'compilation';
  artist_ids: string[];
  release_date: string;
  release_date_precision: 'year' | 'month' | 'day';
  images: SeedImage[];
  available_markets: string[];
  /** The number of tracks that name this album; the store may also count them. */
  total_tracks: number;
}

export interface SeedTrack {
  id: string;
  name: string;
  album_id: string;
  artist_ids: string[];
  duration_ms: number;
  explicit: boolean;
  popularity: number;
  track_number: number;
  disc_number: number;
  isrc: string;
  available_markets: string[];
  /**
   * For a track unavailable in some markets: the id of a playable copy (same recording, other release)
   * that the service returns there instead, with `linked_from` naming this one. Null when none.
   */
  relinked_to: string | null;
}

export interface SeedShow {
  id: string;
  name: string;
  publisher: string;
  description: string;
  html_description: string;
  explicit: boolean;
  languages: string[];
  media_type: 'audio' | 'mixed';
  images: SeedImage[];
  available_markets: string[];
}

export interface SeedEpisode {
  id: string;
  show_id: string;
  name: string;
  description: string;
  html_description: string;
  duration_ms: number;
  explicit: boolean;
  language: string;
  release_date: string;
  images: SeedImage[];
}

export interface SeedAudiobook {
  id: string;
  name: string;
  authors: string[];
  narrators: string[];
  publisher: string;
  description: string;
  html_description: string;
  edition: 'Unabridged' | 'Abridged';
  explicit: boolean;
  languages: string[];
  images: SeedImage[];
  /** Always a subset of the six audiobook markets: US GB CA IE NZ AU. */
  available_markets: string[];
}

export interface SeedChapter {
  id: string;
  audiobook_id: string;
  chapter_number: number;
  name: string;
  description: string;
  html_description: string;
  duration_ms: number;
  explicit: boolean;
  release_date: string;
}

export interface SeedUser {
  id: string;
  display_name: string;
  /** Null for a user without a country (market rule 4 then depends on the `market` parameter). */
  country: string | null;
  product: 'premium' | 'free';
  email: string;
}

export interface SeedPlaylistItem {
  /** `track` or `episode`. */
  type: 'track' | 'episode';
  id: string;
  added_at: string;
  added_by: string;
}

export interface SeedPlaylist {
  id: string;
  name: string;
  description: string;
  owner_id: string;
  public: boolean;
  collaborative: boolean;
  images: SeedImage[];
  items: SeedPlaylistItem[];
}

/** A user's listening progress in an episode or chapter (absent: not started). */
export interface SeedResumePoint {
  user_id: string;
  item_id: string;
  fully_played: boolean;
  resume_position_ms: number;
  /** When the user last played it (ISO 8601). */
  played_at: string;
}

/** What an album of the catalog has beyond what a track embeds of it (the full album of GET /albums/{id}). */
export interface SeedAlbumDetails {
  album_id: string;
  label: string;
  popularity: number;
  /** The album's barcode (`external_ids.upc`). */
  upc: string;
}

/**
 * The larger catalog search runs over (discography.ts): more artists, albums and tracks of their own, and
 * the details of every album, the music part's included.
 */
export interface SeedDiscography {
  artists: SeedArtist[];
  albums: SeedAlbum[];
  tracks: SeedTrack[];
  album_details: SeedAlbumDetails[];
}

/** An item a user saved (a liked track, an album, a followed artist), newest first in its list. */
export interface SeedSaved {
  user_id: string;
  item_id: string;
  added_at: string;
}

/** A track the user played (the history of GET /me/player/recently-played), newest first. */
export interface SeedPlay {
  user_id: string;
  track_id: string;
  played_at: string;
  /** The album, playlist or liked songs it played in; null when played alone. */
  context_uri: string | null;
}

/** The demo user's music library (collection.ts). */
export interface SeedCollection {
  liked_tracks: SeedSaved[];
  saved_albums: SeedSaved[];
  followed_artists: SeedSaved[];
  plays: SeedPlay[];
}

export interface SeedCatalog {
  artists: SeedArtist[];
  albums: SeedAlbum[];
  tracks: SeedTrack[];
  shows: SeedShow[];
  episodes: SeedEpisode[];
  audiobooks: SeedAudiobook[];
  chapters: SeedChapter[];
  users: SeedUser[];
  /** The user the dashboard and `serve`'s printed token act as. */
  demo_user_id: string;
  /** The demo user's own playlists first, in the order `GET /me/playlists` lists them, then followed ones. */
  playlists: SeedPlaylist[];
  /** Playlists the demo user follows but does not own (ids from `playlists`), in listing order. */
  followed_playlist_ids: string[];
  saved_shows: { user_id: string; show_id: string; added_at: string }[];
  saved_audiobooks: { user_id: string; audiobook_id: string; added_at: string }[];
  resume_points: SeedResumePoint[];
  discography: SeedDiscography;
  collection: SeedCollection;
}
