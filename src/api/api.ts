import type { ConnectionStatus } from './connection.js';
import type { PlayTarget } from './play-context.js';
import type { RequestOptions } from './request.js';
import type {
  Album,
  Audiobook,
  Chapter,
  Device,
  Episode,
  ListEntry,
  Show,
  Paging,
  PlaybackState,
  PlayableItem,
  PlaylistItem,
  RepeatState,
  SavedAudiobook,
  SavedShow,
  SimplifiedPlaylist,
  Track,
  User,
} from './types.js';
import type {
  AlbumDetails,
  Artist,
  CursorPage,
  PlayHistory,
  SavedAlbum,
  SavedTrack,
  SearchResults,
  SearchType,
  NewPlaylist,
} from './library-types.js';
import type { MusicFolderState } from './music-folder.js';

// Declared where the client and its requests need them (neither imports this file); read here by everyone else.
export type { ConnectionStatus, RequestOptions };

/**
 * Everything the dashboard can ask of a service. `createApi` (src/api/index.ts) implements it over the one
 * got instance; UI tests may implement it in memory. Every method may reject with an `ApiError`.
 *
 * Conditional requests: a GET answered 304 resolves to the very object the last 200 gave, so a caller
 * that compares by reference sees "nothing changed" and renders nothing.
 */
export interface Api {
  getMe(options?: RequestOptions): Promise<User>;
  /** The embedded service's music folder and its scan; a service without one answers 404 (an ApiError). */
  getMusicFolder?(options?: RequestOptions): Promise<MusicFolderState>;

  /** Null when nothing is playing (the service answered 204). */
  getPlaybackState(options?: RequestOptions & { market?: string }): Promise<PlaybackState | null>;
  play(options?: RequestOptions): Promise<void>;
  pause(options?: RequestOptions): Promise<void>;
  next(options?: RequestOptions): Promise<void>;
  previous(options?: RequestOptions): Promise<void>;
  seek(positionMs: number, options?: RequestOptions): Promise<void>;
  setShuffle(state: boolean, options?: RequestOptions): Promise<void>;
  setRepeat(state: RepeatState, options?: RequestOptions): Promise<void>;
  /** Plays a context from an offset, or a list of uris (see play-context.ts). */
  startPlayback(target: PlayTarget, options?: RequestOptions): Promise<void>;

  /** Sets the active device's volume, an integer 0–100. */
  setVolume(percent: number, options?: RequestOptions): Promise<void>;

  getDevices(options?: RequestOptions): Promise<Device[]>;
  /** Moves playback to `deviceId`, keeping the position; `play` true also starts it. */
  transferPlayback(deviceId: string, play?: boolean, options?: RequestOptions): Promise<void>;
  /** What plays next: the items added, then the rest of the context in play order (at most 20). */
  getQueue(options?: RequestOptions): Promise<PlayerQueue>;
  /** Adds a track or episode uri to play after the current item (and after what was added before). */
  addToQueue(uri: string, options?: RequestOptions): Promise<void>;

  /**
   * The lists below answer every position: an entry that could not be read is a stand-in (`isUnreadable`)
   * at its place.
   */
  getMyPlaylists(page: PageRequest, options?: RequestOptions): Promise<Paging<ListEntry<SimplifiedPlaylist>>>;
  getPlaylist(playlistId: string, options?: RequestOptions): Promise<SimplifiedPlaylist>;
  /** The playlist's `snapshot_id` alone (`fields=snapshot_id`): a cheap check, answered 304 while it is unchanged. */
  getPlaylistSnapshot(playlistId: string, options?: RequestOptions): Promise<string>;
  getPlaylistItems(
    playlistId: string,
    page: PageRequest & { market?: string; fields?: string },
    options?: RequestOptions,
  ): Promise<Paging<PlaylistItem>>;
  /** Moves `rangeLength` items at `rangeStart` before `insertBefore`; resolves to the new snapshot id. */
  reorderPlaylistItems(playlistId: string, move: ReorderMove, options?: RequestOptions): Promise<string>;
  /** Replaces the whole playlist (an empty list clears it); resolves to the new snapshot id. */
  replacePlaylistItems(playlistId: string, uris: string[], options?: RequestOptions): Promise<string>;
  /**
   * Adds up to 100 URIs at `position` (null: at the end); resolves to the new snapshot id. More than 100 is
   * refused before anything is sent: chunks are the caller's (each a request of its own, in order).
   */
  addPlaylistItems(playlistId: string, uris: readonly string[], position: number | null, options?: RequestOptions): Promise<string>;
  /** Removes EVERY occurrence of each URI (the service's semantics), checked against `snapshotId` when given; resolves to the new snapshot id. */
  removePlaylistItems(playlistId: string, uris: readonly string[], snapshotId: string | null, options?: RequestOptions): Promise<string>;
  /** Creates a playlist of the current user (POST /me/playlists, falling back to POST /users/{id}/playlists). */
  createPlaylist(playlist: NewPlaylist, options?: RequestOptions): Promise<SimplifiedPlaylist>;
  /** Changes the name and/or description (PUT /playlists/{id}). */
  changePlaylistDetails(playlistId: string, details: { name?: string; description?: string }, options?: RequestOptions): Promise<void>;

  getSavedShows(page: PageRequest, options?: RequestOptions): Promise<Paging<ListEntry<SavedShow>>>;
  getSavedAudiobooks(page: PageRequest, options?: RequestOptions): Promise<Paging<ListEntry<SavedAudiobook>>>;
  getAudiobookChapters(audiobookId: string, page: PageRequest, options?: RequestOptions): Promise<Paging<ListEntry<Chapter>>>;

  getShow(showId: string, options?: RequestOptions & { market?: string }): Promise<Show>;
  /** A show's episodes, newest first (the order it plays in), with the user's resume points. */
  getShowEpisodes(
    showId: string,
    page: PageRequest,
    options?: RequestOptions & { market?: string },
  ): Promise<Paging<ListEntry<Episode>>>;

  getEpisode(id: string, options?: RequestOptions & { market?: string }): Promise<Episode>;
  getTrack(id: string, options?: RequestOptions & { market?: string }): Promise<Track>;
  /** In request order; null where the service knows no such id. At most 50 ids per call are sent. */
  getTracks(ids: string[], options?: RequestOptions & { market?: string }): Promise<(Track | null)[]>;
  getChapter(id: string, options?: RequestOptions & { market?: string }): Promise<Chapter>;
  getChapters(ids: string[], options?: RequestOptions & { market?: string }): Promise<(Chapter | null)[]>;

  /** Liked songs, newest first (GET /me/tracks). */
  getSavedTracks(page: PageRequest, options?: RequestOptions): Promise<Paging<ListEntry<SavedTrack>>>;
  /** Saved albums, newest first (GET /me/albums). */
  getSavedAlbums(page: PageRequest, options?: RequestOptions): Promise<Paging<ListEntry<SavedAlbum>>>;
  /** Followed artists (GET /me/following?type=artist), paged by cursor: `after` null for the first page. */
  getFollowedArtists(page: { after: string | null; limit: number }, options?: RequestOptions): Promise<CursorPage<ListEntry<Artist>>>;
  getAlbum(albumId: string, options?: RequestOptions & { market?: string }): Promise<AlbumDetails>;
  getAlbumTracks(albumId: string, page: PageRequest, options?: RequestOptions & { market?: string }): Promise<Paging<ListEntry<Track>>>;
  getArtist(artistId: string, options?: RequestOptions): Promise<Artist>;
  /** An artist's albums, singles and compilations (GET /artists/{id}/albums). */
  getArtistAlbums(artistId: string, page: PageRequest, options?: RequestOptions & { market?: string }): Promise<Paging<ListEntry<Album>>>;
  /** The catalog searched for `query`, one page of each type; `page.limit` is per type. */
  search(query: string, types: readonly SearchType[], page: PageRequest, options?: RequestOptions & { market?: string }): Promise<SearchResults>;
  /** What the user played last, newest first; `before` (epoch ms as a string, from `next`) pages back. */
  getRecentlyPlayed(page: { before: string | null; limit: number }, options?: RequestOptions): Promise<CursorPage<PlayHistory>>;
  /** Saves (likes, follows) any kind of URI: PUT /me/library, falling back to the per-type routes where it is refused. */
  saveToLibrary(uris: readonly string[], options?: RequestOptions): Promise<void>;
  /** Removes from the library (unlike, unfollow): DELETE /me/library, with the same fallback. */
  removeFromLibrary(uris: readonly string[], options?: RequestOptions): Promise<void>;
  /** Whether each URI is in the library, in order (GET /me/library/contains, falling back to the per-type …/contains). */
  libraryContains(uris: readonly string[], options?: RequestOptions): Promise<boolean[]>;

  /**
   * A picture (a cover) from the disk cache or its URL, as `decode` makes it of its bytes; the bytes are kept
   * only once `decode` succeeds. Rejects when there is none to be had, or with what `decode` threw.
   */
  getImage<T>(url: string, decode: (bytes: Buffer) => T | Promise<T>): Promise<T>;

  /** The connection as the client sees it, for the status line. */
  getConnection(): ConnectionStatus;
  /** Called on every change of the connection status; returns the unsubscribe function. */
  onConnectionChange(listener: (status: ConnectionStatus) => void): () => void;
}

export interface PlayerQueue {
  currentlyPlaying: PlayableItem | null;
  queue: PlayableItem[];
}

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface ReorderMove {
  rangeStart: number;
  insertBefore: number;
  rangeLength: number;
  /** The snapshot the positions speak of. */
  snapshotId: string;
}
