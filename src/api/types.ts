/**
 * The resource shapes the dashboard works with, after normalisation at the API boundary
 * (src/api/normalize.ts): every field the UI reads is present with its type, whatever the service sent.
 * Shapes follow docs/api.md and docs/api/; fields the UI never reads are left out.
 */

export interface Image {
  url: string;
  height: number | null;
  width: number | null;
}

export interface Restrictions {
  reason: string;
}

export interface ResumePoint {
  fully_played: boolean;
  resume_position_ms: number;
  /** When the user last played the item (ISO 8601): the embedded service's addition, absent elsewhere. */
  last_played_at?: string;
}

export interface Paging<T> {
  href: string;
  limit: number;
  next: string | null;
  offset: number;
  previous: string | null;
  total: number;
  items: T[];
}

export interface SimplifiedArtist {
  id: string;
  name: string;
  uri: string;
  type: 'artist';
}

export interface Album {
  id: string;
  name: string;
  album_type: string;
  total_tracks: number;
  release_date: string;
  release_date_precision: string;
  images: Image[];
  artists: SimplifiedArtist[];
  uri: string;
  type: 'album';
}

export interface Track {
  type: 'track';
  id: string;
  name: string;
  uri: string;
  album: Album;
  artists: SimplifiedArtist[];
  duration_ms: number;
  explicit: boolean;
  popularity: number;
  is_playable: boolean;
  is_local: boolean;
  restrictions: Restrictions | null;
  linked_from: { id: string; uri: string } | null;
  track_number: number;
  disc_number: number;
}

export interface Show {
  type: 'show';
  id: string;
  name: string;
  uri: string;
  publisher: string;
  description: string;
  html_description: string;
  explicit: boolean;
  images: Image[];
  languages: string[];
  media_type: string;
  total_episodes: number;
}

export interface Episode {
  type: 'episode';
  id: string;
  name: string;
  uri: string;
  description: string;
  html_description: string;
  duration_ms: number;
  explicit: boolean;
  is_playable: boolean;
  release_date: string;
  release_date_precision: string;
  resume_point: ResumePoint | null;
  restrictions: Restrictions | null;
  images: Image[];
  /** Absent when the episode is itself embedded in its show's listing. */
  show: Show | null;
}

export interface Audiobook {
  type: 'audiobook';
  id: string;
  name: string;
  uri: string;
  authors: { name: string }[];
  narrators: { name: string }[];
  publisher: string;
  description: string;
  html_description: string;
  edition: string;
  explicit: boolean;
  images: Image[];
  languages: string[];
  media_type: string;
  total_chapters: number;
}

/**
 * A chapter. The spec says its `type` is `episode`, the real service says `chapter`; after normalisation
 * it is always `chapter`, told apart from an episode by its `audiobook` field (or by the request made).
 */
export interface Chapter {
  type: 'chapter';
  id: string;
  name: string;
  uri: string;
  chapter_number: number;
  description: string;
  html_description: string;
  duration_ms: number;
  explicit: boolean;
  is_playable: boolean;
  release_date: string;
  release_date_precision: string;
  resume_point: ResumePoint | null;
  restrictions: Restrictions | null;
  images: Image[];
  /** Null in the simplified chapters of Get Audiobook Chapters. */
  audiobook: Audiobook | null;
}

/** What can play, or stand in a playlist. */
export type PlayableItem = Track | Episode | Chapter;

export interface UserRef {
  id: string;
  display_name: string | null;
  uri: string;
}

export interface User extends UserRef {
  country: string | null;
  product: string | null;
}

export interface SimplifiedPlaylist {
  id: string;
  name: string;
  description: string;
  uri: string;
  snapshot_id: string;
  owner: UserRef;
  public: boolean;
  collaborative: boolean;
  tracks: { href: string; total: number };
}

export interface PlaylistItem {
  added_at: string;
  added_by: UserRef | null;
  is_local: boolean;
  /** Null when the service sent an item of a type the client did not ask for, or nothing. */
  track: Track | Episode | null;
  /** Set when `track` is null: the row keeps its place and says which one could not be read, and why. */
  unreadable?: UnreadableRow;
}

/** A row of a list that could not be read: "item 12 could not be read" (position 11, zero-based). */
export interface UnreadableRow {
  /** Zero-based position in the whole list (paging offset included). */
  position: number;
  /** `unavailable`: the service sent null (a removed or region-locked entry); `unreadable`: a shape we cannot read. */
  reason: 'unavailable' | 'unreadable';
}

/**
 * Stands in a list for an entry that could not be read, at its place, so that every other row keeps its
 * position (what plays from a row, and where the next page goes, depend on it).
 */
export interface UnreadableEntry {
  unreadable: UnreadableRow;
}

/** An entry of a list the dashboard shows: the thing itself, or the stand-in of one that could not be read. */
export type ListEntry<T> = T | UnreadableEntry;

export interface SavedShow {
  added_at: string;
  show: Show;
}

export interface SavedAudiobook {
  added_at: string;
  audiobook: Audiobook;
}

export interface Device {
  id: string | null;
  name: string;
  type: string;
  volume_percent: number | null;
  is_active: boolean;
  is_private_session: boolean;
  is_restricted: boolean;
  supports_volume: boolean;
}

export const PLAYER_ACTIONS = [
  'interrupting_playback',
  'pausing',
  'resuming',
  'seeking',
  'skipping_next',
  'skipping_prev',
  'toggling_repeat_context',
  'toggling_shuffle',
  'toggling_repeat_track',
  'transferring_playback',
] as const;

export type PlayerAction = (typeof PLAYER_ACTIONS)[number];

/** true means permitted; normalised from the spec's flat object or the real service's `disallows`. */
export type PlayerActions = Record<PlayerAction, boolean>;

export type RepeatState = 'off' | 'track' | 'context';

export interface PlaybackState {
  device: Device;
  repeat_state: RepeatState;
  shuffle_state: boolean;
  context: { type: string; uri: string; href: string | null } | null;
  timestamp: number;
  progress_ms: number;
  is_playing: boolean;
  item: PlayableItem | null;
  currently_playing_type: string;
  actions: PlayerActions;
}
