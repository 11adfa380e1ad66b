import type { Api } from '../../api/api.js';
import type { Chapter, ListEntry, Paging } from '../../api/types.js';
import type { AlbumDetails } from '../../api/library-types.js';
import type { DetailsTarget } from '../details-target.js';

/**
 * What the details of each kind of item need read besides the item itself, as data: an audiobook's chapters,
 * a simplified album's details, an artist's count of albums (use-details.ts reads them when the cursor
 * rests). A kind that needs nothing more has no entry.
 */

/** The chapters shown under an audiobook: its first page is enough for a details pane. */
export const DETAILS_CHAPTER_LIMIT = 50;

export type ChaptersState =
  | { state: 'loading' }
  | { state: 'loaded'; page: Paging<ListEntry<Chapter>> }
  | { state: 'failed'; message: string };

export type Loaded<T> = { state: 'loading' } | { state: 'loaded'; value: T } | { state: 'failed'; message: string };

/** What the details pane shows beyond the target itself, each null for the kinds that need none of it. */
export interface Details {
  /** An audiobook's chapters (Get Audiobook Chapters). */
  chapters: ChaptersState | null;
  /** A simplified album's label, tracks and length (Get Album). */
  album: Loaded<AlbumDetails> | null;
  /** How many albums an artist has (the total of Get Artist's Albums). */
  artistAlbums: Loaded<number> | null;
}

export const NONE: Details = { chapters: null, album: null, artistAlbums: null };
// One object each, so that a render while loading describes the item again only when something came.
const LOADING_CHAPTERS: Details = { ...NONE, chapters: { state: 'loading' } };
const LOADING_ALBUM: Details = { ...NONE, album: { state: 'loading' } };
const LOADING_ARTIST: Details = { ...NONE, artistAlbums: { state: 'loading' } };

/** What one kind of item needs read: a key to keep it by, and its reading. */
export interface Extra {
  key: string;
  loading: Details;
  load(api: Api, signal: AbortSignal): Promise<Details>;
  failed(message: string): Details;
}

const isAlbumDetails = (album: object): album is AlbumDetails => 'label' in album && 'tracks' in album;

/** What the target needs besides itself, or null when it has all it shows. */
export function extraOf(target: DetailsTarget | null): Extra | null {
  switch (target?.kind) {
    case 'audiobook': {
      const { id } = target.audiobook;
      return {
        key: `audiobook:${id}`,
        loading: LOADING_CHAPTERS,
        load: async (api, signal) => ({
          ...NONE,
          chapters: { state: 'loaded', page: await api.getAudiobookChapters(id, { offset: 0, limit: DETAILS_CHAPTER_LIMIT }, { signal }) },
        }),
        failed: (message) => ({ ...NONE, chapters: { state: 'failed', message } }),
      };
    }
    case 'album': {
      if (isAlbumDetails(target.album)) return null;
      const { id } = target.album;
      return {
        key: `album:${id}`,
        loading: LOADING_ALBUM,
        load: async (api, signal) => ({ ...NONE, album: { state: 'loaded', value: await api.getAlbum(id, { signal }) } }),
        failed: (message) => ({ ...NONE, album: { state: 'failed', message } }),
      };
    }
    case 'artist': {
      const { id } = target.artist;
      return {
        key: `artist:${id}`,
        loading: LOADING_ARTIST,
        load: async (api, signal) => ({
          ...NONE,
          artistAlbums: { state: 'loaded', value: (await api.getArtistAlbums(id, { offset: 0, limit: 1 }, { signal })).total },
        }),
        failed: (message) => ({ ...NONE, artistAlbums: { state: 'failed', message } }),
      };
    }
    default:
      return null;
  }
}
