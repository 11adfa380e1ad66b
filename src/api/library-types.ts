/**
 * The shapes of the user's library and of the catalog around it (liked songs, saved albums, followed artists,
 * search, what played), after normalisation (src/api/normalize-music.ts), beside the core shapes of types.ts
 * they are made of.
 */
import type { Album, Audiobook, Episode, Image, ListEntry, Paging, Show, SimplifiedPlaylist, Track } from './types.js';

export interface Artist {
  type: 'artist';
  id: string;
  name: string;
  uri: string;
  genres: string[];
  images: Image[];
  /** null where the service left it out. */
  followers: number | null;
  popularity: number | null;
}

/** A saved or searched album with what the details show; `Album` (types.ts) stays the simplified album. */
export interface AlbumDetails extends Album {
  label: string;
  genres: string[];
  copyrights: { text: string; type: string }[];
  /** The first page of its tracks (simplified tracks, normalised to `Track` with `album` set to this album). */
  tracks: Paging<ListEntry<Track>>;
}

export interface SavedTrack {
  added_at: string;
  track: Track;
}

export interface SavedAlbum {
  added_at: string;
  album: AlbumDetails;
}

/** A list paged by cursor (followed artists, recently played). */
export interface CursorPage<T> {
  items: T[];
  /** The cursor of the next page (`after` for followed artists, `before` for recently played), null at the end. */
  next: string | null;
  /** null where the service does not count them. */
  total: number | null;
  limit: number;
}

export type SearchType = 'track' | 'album' | 'artist' | 'playlist' | 'show' | 'episode' | 'audiobook';

/** One page of each kind asked for; a kind not asked for is absent. */
export interface SearchResults {
  tracks?: Paging<ListEntry<Track>>;
  albums?: Paging<ListEntry<Album>>;
  artists?: Paging<ListEntry<Artist>>;
  playlists?: Paging<ListEntry<SimplifiedPlaylist>>;
  shows?: Paging<ListEntry<Show>>;
  episodes?: Paging<ListEntry<Episode>>;
  audiobooks?: Paging<ListEntry<Audiobook>>;
}

export interface PlayHistory {
  played_at: string;
  track: Track;
  context: { type: string; uri: string } | null;
}

/** A playlist to create (`createPlaylist`): the service makes it public and not collaborative unless told. */
export interface NewPlaylist {
  name: string;
  description?: string;
  public?: boolean;
  collaborative?: boolean;
}
