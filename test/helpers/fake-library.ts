import type { Api, PageRequest } from '../../src/api/api.js';
import type { Album, AlbumDetails, Artist, CursorPage, Paging, PlayHistory, SavedAlbum, SavedTrack, SearchResults, SearchType, SimplifiedArtist, Track } from '../../src/api/types.js';
import { addedAt, type FakeCatalog } from './fake-catalog.js';

/**
 * The fake API's library and search (issue 28), small and plain: liked songs are the first 30 tracks, saved
 * albums the first 5 albums, followed artists the first 5 artists; search finds names that contain the
 * query (case-insensitive); saving and removing change a set of URIs. Extend freely.
 */
type Respond = <T>(method: LibraryMethod, args: unknown[], produce: () => T) => Promise<T>;
type Page = <T>(key: string, all: () => readonly T[], request: PageRequest, maxLimit: number) => Paging<T>;
type LibraryMethod =
  | 'getSavedTracks' | 'getSavedAlbums' | 'getFollowedArtists' | 'getAlbum' | 'getAlbumTracks' | 'getArtist' | 'getArtistAlbums'
  | 'search' | 'getRecentlyPlayed' | 'saveToLibrary' | 'removeFromLibrary' | 'libraryContains';

export const LIKED_COUNT = 30;

function fullArtist(artist: SimplifiedArtist): Artist {
  return { type: 'artist', id: artist.id, name: artist.name, uri: artist.uri, genres: ['indie pop'], images: [], followers: 100, popularity: 50 };
}

export function fakeLibraryMethods(catalog: FakeCatalog, respond: Respond, page: Page, notFound: () => Error): Pick<Api, LibraryMethod> {
  const albums = [...new Map(catalog.tracks.map((track) => [track.album.id, track.album])).values()];
  const artists = [...new Map(catalog.tracks.flatMap((track) => track.artists).map((artist) => [artist.id, fullArtist(artist)])).values()];
  const tracksOf = (albumId: string) => catalog.tracks.filter((track) => track.album.id === albumId);
  const details = (album: Album): AlbumDetails => ({ ...album, label: 'Fake Records', genres: [], copyrights: [], tracks: page(`albums/${album.id}`, () => tracksOf(album.id), { limit: 50, offset: 0 }, 50) });
  const saved = new Set<string>([
    ...catalog.tracks.slice(0, LIKED_COUNT).map((track) => track.uri),
    ...albums.slice(0, 5).map((album) => album.uri),
    ...artists.slice(0, 5).map((artist) => artist.uri),
  ]);
  let version = 0;
  const found = <T>(value: T | undefined): T => {
    if (value === undefined) throw notFound();
    return value;
  };
  const liked = (): SavedTrack[] => catalog.tracks.filter((track) => saved.has(track.uri)).map((track, n) => ({ added_at: addedAt(1000 - n), track }));
  const savedAlbums = (): SavedAlbum[] => albums.filter((album) => saved.has(album.uri)).map((album, n) => ({ added_at: addedAt(1000 - n), album: details(album) }));
  const matches = (name: string, query: string) => name.toLowerCase().includes(query.trim().toLowerCase());

  return {
    getSavedTracks: (...args) => respond('getSavedTracks', args, () => page(`me/tracks@${version}`, liked, args[0], 50)),
    getSavedAlbums: (...args) => respond('getSavedAlbums', args, () => page(`me/albums@${version}`, savedAlbums, args[0], 50)),
    getFollowedArtists: (...args) =>
      respond('getFollowedArtists', args, (): CursorPage<Artist> => {
        const [{ after, limit }] = args;
        const all = artists.filter((artist) => saved.has(artist.uri));
        const start = after === null ? 0 : all.findIndex((artist) => artist.id === after) + 1;
        const items = all.slice(start, start + limit);
        return { items, next: start + limit < all.length ? items.at(-1)!.id : null, total: all.length, limit };
      }),
    getAlbum: (...args) => respond('getAlbum', args, () => details(found(albums.find((album) => album.id === args[0])))),
    getAlbumTracks: (...args) =>
      respond('getAlbumTracks', args, () => {
        found(albums.find((album) => album.id === args[0]));
        return page(`albums/${args[0]}`, () => tracksOf(args[0]), args[1], 50);
      }),
    getArtist: (...args) => respond('getArtist', args, () => found(artists.find((artist) => artist.id === args[0]))),
    getArtistAlbums: (...args) =>
      respond('getArtistAlbums', args, () => page(`artists/${args[0]}/albums`, () => albums.filter((album) => album.artists.some((artist) => artist.id === args[0])), args[1], 50)),
    search: (...args) =>
      respond('search', args, () => {
        const [query, types, request] = args;
        const sources: { [K in SearchType]: () => { key: keyof SearchResults; items: readonly { name: string }[] } } = {
          track: () => ({ key: 'tracks', items: catalog.tracks }),
          album: () => ({ key: 'albums', items: albums }),
          artist: () => ({ key: 'artists', items: artists }),
          playlist: () => ({ key: 'playlists', items: [] }),
          show: () => ({ key: 'shows', items: catalog.shows }),
          episode: () => ({ key: 'episodes', items: catalog.episodes }),
          audiobook: () => ({ key: 'audiobooks', items: catalog.audiobooks }),
        };
        const results: Record<string, Paging<unknown>> = {};
        for (const type of types) {
          const { key, items } = sources[type]();
          results[key] = page(`search/${type}/${query}`, () => items.filter((item) => matches(item.name, query)), request, 50);
        }
        return results as SearchResults;
      }),
    getRecentlyPlayed: (...args) =>
      respond('getRecentlyPlayed', args, (): CursorPage<PlayHistory> => {
        const plays: PlayHistory[] = catalog.tracks.slice(0, 5).map((track: Track, n) => ({ played_at: addedAt(2000 - n), track, context: null }));
        return { items: args[0].before === null ? plays.slice(0, args[0].limit) : [], next: null, total: null, limit: args[0].limit };
      }),
    saveToLibrary: (...args) =>
      respond('saveToLibrary', args, () => {
        for (const uri of args[0]) saved.add(uri);
        version += 1;
      }),
    removeFromLibrary: (...args) =>
      respond('removeFromLibrary', args, () => {
        for (const uri of args[0]) saved.delete(uri);
        version += 1;
      }),
    libraryContains: (...args) => respond('libraryContains', args, () => args[0].map((uri) => saved.has(uri))),
  };
}
