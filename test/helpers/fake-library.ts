import type { Api, PageRequest } from '../../src/api/api.js';
import type { Album, Paging, SimplifiedArtist, SimplifiedPlaylist, Track } from '../../src/api/types.js';
import type {
  AlbumDetails,
  Artist,
  CursorPage,
  PlayHistory,
  SavedAlbum,
  SavedTrack,
  SearchResults,
  SearchType,
} from '../../src/api/library-types.js';
import { fakeApiError } from './fake-api.js';
import { addedAt, type FakeCatalog } from './fake-catalog.js';

/**
 * The fake API's library and search (issue 28): the catalog's 40 albums and 30 artists as entities of their
 * own; liked songs (every third track, the latest added first: 120 of them, three pages of 50), saved albums
 * (every third album) and followed artists (every other one, paged by cursor); search by name in every kind,
 * ranked as the service ranks (the whole name, then a word starting with the query, then anywhere), accents
 * and case folded; saving and removing change one set of URIs, and every list reads it afresh after a change.
 */
type Respond = <T>(method: LibraryMethod, args: unknown[], produce: () => T) => Promise<T>;
type Page = <T>(key: string, all: () => readonly T[], request: PageRequest, maxLimit: number) => Paging<T>;
type LibraryMethod =
  | 'getSavedTracks' | 'getSavedAlbums' | 'getFollowedArtists' | 'getAlbum' | 'getAlbumTracks' | 'getArtist' | 'getArtistAlbums'
  | 'search' | 'getRecentlyPlayed' | 'saveToLibrary' | 'removeFromLibrary' | 'libraryContains';

export const LIKED_COUNT = 120;
export const SAVED_ALBUM_COUNT = 14;
export const FOLLOWED_ARTIST_COUNT = 15;
/** The real service's bounds: 50 a page for the library, 50 a kind for search (10 in dev mode), 50 ids for contains. */
const MAX_PAGE = 50;
const MAX_CONTAINS = 50;
const LIKEABLE = /^[a-z]+:(track|album|artist|show|audiobook|episode|playlist):[A-Za-z0-9-]+$/;

const GENRES = ['indie pop', 'dream pop', 'post-rock', 'folk', 'synthwave', 'jazz'];

function fullArtist(artist: SimplifiedArtist, n: number): Artist {
  return {
    type: 'artist', id: artist.id, name: artist.name, uri: artist.uri, genres: [GENRES[n % GENRES.length]!, GENRES[(n + 2) % GENRES.length]!],
    images: [], followers: 1_000 + n * 37, popularity: 40 + (n % 50),
  };
}

/** Lower case without accents: how search compares names. */
const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** 0 the whole name, 1 a word starting with the query, 2 anywhere; null for no match. */
function rankOf(name: string, query: string): number | null {
  const [text, wanted] = [folded(name), folded(query).trim()];
  if (wanted === '' || !text.includes(wanted)) return null;
  if (text === wanted) return 0;
  return text.split(/\s+/).some((word) => word.startsWith(wanted)) || text.startsWith(wanted) ? 1 : 2;
}

function searched<T extends { name: string }>(items: readonly T[], query: string): T[] {
  return items
    .map((item, index) => ({ item, index, rank: rankOf(item.name, query) }))
    .filter((found): found is { item: T; index: number; rank: number } => found.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

/** The fake's library: what is saved, by URI, and a version that every change bumps. */
export class FakeLibrary {
  readonly albums: Album[];
  readonly artists: Artist[];
  private readonly saved = new Set<string>();
  /** When each saved URI was added (a counter: the larger, the later). */
  private readonly addedOrder = new Map<string, number>();
  private clock = 0;
  version = 0;

  constructor(readonly catalog: FakeCatalog) {
    this.albums = [...new Map(catalog.tracks.map((track) => [track.album.id, track.album])).values()];
    const simplified = [...new Map(catalog.tracks.flatMap((track) => track.artists).map((artist) => [artist.id, artist])).values()];
    simplified.sort((a, b) => a.id.localeCompare(b.id));
    this.artists = simplified.map((artist, n) => fullArtist(artist, n));
    const initial = [
      ...catalog.tracks.filter((_, n) => n % 3 === 0).slice(0, LIKED_COUNT).map((track) => track.uri),
      ...this.albums.filter((_, n) => n % 3 === 0).map((album) => album.uri),
      ...this.artists.filter((_, n) => n % 2 === 0).map((artist) => artist.uri),
      ...catalog.savedShows.map(({ show }) => show.uri),
      ...catalog.savedAudiobooks.map(({ audiobook }) => audiobook.uri),
    ];
    for (const uri of initial) this.add(uri);
  }

  isSaved(uri: string): boolean {
    return this.saved.has(uri);
  }

  add(uri: string): void {
    if (!this.saved.has(uri)) this.addedOrder.set(uri, ++this.clock);
    this.saved.add(uri);
    this.version += 1;
  }

  remove(uri: string): void {
    this.saved.delete(uri);
    this.addedOrder.delete(uri);
    this.version += 1;
  }

  /** Saved items of a kind, the latest saved first, with when each was saved. */
  newestFirst<T extends { uri: string }>(items: readonly T[]): { item: T; addedAt: string }[] {
    return items
      .filter((item) => this.saved.has(item.uri))
      .map((item) => ({ item, order: this.addedOrder.get(item.uri)! }))
      .sort((a, b) => b.order - a.order)
      .map(({ item, order }) => ({ item, addedAt: addedAt(order) }));
  }

  likedTracks(): Track[] {
    return this.newestFirst(this.catalog.tracks).map(({ item }) => item);
  }

  tracksOf(albumId: string): Track[] {
    return this.catalog.tracks.filter((track) => track.album.id === albumId);
  }

  albumsBy(artistId: string): Album[] {
    return this.albums.filter((album) => album.artists.some((artist) => artist.id === artistId));
  }
}

export function fakeLibraryMethods(
  library: FakeLibrary,
  playlists: () => readonly SimplifiedPlaylist[],
  respond: Respond,
  page: Page,
  notFound: () => Error,
): Pick<Api, LibraryMethod> {
  const { catalog } = library;
  const details = (album: Album): AlbumDetails => ({
    ...album, label: `${album.name.split(' ')[0]} Records`, genres: ['indie pop'],
    copyrights: [{ text: `(C) ${album.release_date.slice(0, 4)} ${album.name.split(' ')[0]} Records`, type: 'C' }],
    tracks: page(`albums/${album.id}`, () => library.tracksOf(album.id), { limit: MAX_PAGE, offset: 0 }, MAX_PAGE),
  });
  /** One details object per album, so that a page read again (a 304) gives the same objects. */
  const detailsOf = new Map<string, AlbumDetails>();
  const albumDetails = (album: Album): AlbumDetails => {
    let made = detailsOf.get(album.id);
    if (made === undefined) detailsOf.set(album.id, (made = details(album)));
    return made;
  };
  const found = <T>(value: T | undefined): T => {
    if (value === undefined) throw notFound();
    return value;
  };
  const likedSongs = (): SavedTrack[] => library.newestFirst(catalog.tracks).map(({ item, addedAt: at }) => ({ added_at: at, track: item }));
  const savedAlbums = (): SavedAlbum[] => library.newestFirst(library.albums).map(({ item, addedAt: at }) => ({ added_at: at, album: albumDetails(item) }));
  const checkUris = (uris: readonly string[]): void => {
    if (uris.length === 0 || uris.length > MAX_CONTAINS) throw fakeApiError('bad-request', `Invalid uris: 1 to ${MAX_CONTAINS}`);
    for (const uri of uris) if (!LIKEABLE.test(uri)) throw fakeApiError('bad-request', `Invalid uri ${uri}`);
  };

  return {
    getSavedTracks: (...args) => respond('getSavedTracks', args, () => page(`me/tracks@${library.version}`, likedSongs, args[0], MAX_PAGE)),
    getSavedAlbums: (...args) => respond('getSavedAlbums', args, () => page(`me/albums@${library.version}`, savedAlbums, args[0], MAX_PAGE)),
    getFollowedArtists: (...args) =>
      respond('getFollowedArtists', args, (): CursorPage<Artist> => {
        const [{ after, limit }] = args;
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw fakeApiError('bad-request', 'Invalid limit');
        const all = library.artists.filter((artist) => library.isSaved(artist.uri));
        const start = after === null ? 0 : all.findIndex((artist) => artist.id === after) + 1;
        const items = all.slice(start, start + limit);
        return { items, next: start + limit < all.length ? items.at(-1)!.id : null, total: all.length, limit };
      }),
    getAlbum: (...args) => respond('getAlbum', args, () => albumDetails(found(library.albums.find((album) => album.id === args[0])))),
    getAlbumTracks: (...args) =>
      respond('getAlbumTracks', args, () => {
        found(library.albums.find((album) => album.id === args[0]));
        return page(`albums/${args[0]}`, () => library.tracksOf(args[0]), args[1], MAX_PAGE);
      }),
    getArtist: (...args) => respond('getArtist', args, () => found(library.artists.find((artist) => artist.id === args[0]))),
    getArtistAlbums: (...args) =>
      respond('getArtistAlbums', args, () => {
        found(library.artists.find((artist) => artist.id === args[0]));
        return page(`artists/${args[0]}/albums`, () => library.albumsBy(args[0]), args[1], MAX_PAGE);
      }),
    search: (...args) =>
      respond('search', args, () => {
        const [query, types, request] = args;
        if (query.trim() === '') throw fakeApiError('bad-request', 'No search query');
        const sources: { [K in SearchType]: { key: keyof SearchResults; items: () => readonly { name: string }[] } } = {
          track: { key: 'tracks', items: () => catalog.tracks },
          album: { key: 'albums', items: () => library.albums },
          artist: { key: 'artists', items: () => library.artists },
          playlist: { key: 'playlists', items: playlists },
          show: { key: 'shows', items: () => catalog.shows },
          episode: { key: 'episodes', items: () => catalog.episodes },
          audiobook: { key: 'audiobooks', items: () => catalog.audiobooks },
        };
        const results: Record<string, Paging<unknown>> = {};
        for (const type of types) {
          const { key, items } = sources[type];
          results[key] = page(`search/${type}/${folded(query)}`, () => searched(items(), query), request, MAX_PAGE);
        }
        return results as SearchResults;
      }),
    getRecentlyPlayed: (...args) =>
      respond('getRecentlyPlayed', args, (): CursorPage<PlayHistory> => {
        const plays: PlayHistory[] = catalog.tracks.slice(0, 5).map((track, n) => ({ played_at: addedAt(2000 - n), track, context: null }));
        return { items: args[0].before === null ? plays.slice(0, args[0].limit) : [], next: null, total: null, limit: args[0].limit };
      }),
    saveToLibrary: (...args) =>
      respond('saveToLibrary', args, () => {
        checkUris(args[0]);
        for (const uri of args[0]) library.add(uri);
      }),
    removeFromLibrary: (...args) =>
      respond('removeFromLibrary', args, () => {
        checkUris(args[0]);
        for (const uri of args[0]) library.remove(uri);
      }),
    libraryContains: (...args) =>
      respond('libraryContains', args, () => {
        checkUris(args[0]);
        return args[0].map((uri) => library.isSaved(uri));
      }),
  };
}
