/** Liked songs, saved albums, followed artists, what was played, and albums and artists themselves. */
import type { Api } from './api.js';
import { idSegment } from './ids.js';
import { MAX_LIBRARY_PAGE } from './library.js';
import { invalidArgument } from './map-error.js';
import { normalizePaging, orStandIn } from './normalize-library.js';
import {
  normalizeAlbumDetails,
  normalizeCursorPage,
  normalizeFullArtist,
  normalizeListedAlbum,
  normalizePlayHistory,
  normalizeSavedAlbum,
  normalizeSavedTrack,
  trackOnAlbum,
} from './normalize-music.js';
import { normalizeAlbum } from './normalize.js';
import { pageQuery } from './paging.js';
import type { Caller } from './request.js';

type MusicApi = Pick<
  Api,
  'getSavedTracks' | 'getSavedAlbums' | 'getFollowedArtists' | 'getRecentlyPlayed' | 'getAlbum' | 'getAlbumTracks' | 'getArtist' | 'getArtistAlbums'
>;

/** The `limit` of a list paged by cursor, checked before anything is sent. */
function cursorLimit(limit: number): number {
  return pageQuery({ limit, offset: 0 }, MAX_LIBRARY_PAGE).limit;
}

function cursorValue(value: string | null, name: string, pattern: RegExp): string | undefined {
  if (value === null) return undefined;
  if (typeof value !== 'string' || !pattern.test(value)) throw invalidArgument(`Invalid ${name} cursor: ${JSON.stringify(value)}`);
  return value;
}

export function musicApi(caller: Caller): MusicApi {
  return {
    getSavedTracks: async (page, options = {}) =>
      caller.get({ path: 'me/tracks', query: pageQuery(page, MAX_LIBRARY_PAGE), signal: options.signal }, (body, unreadable) =>
        normalizePaging(body, orStandIn(normalizeSavedTrack, 'track')) ?? unreadable('expected a paging object'),
      ),
    getSavedAlbums: async (page, options = {}) =>
      caller.get({ path: 'me/albums', query: pageQuery(page, MAX_LIBRARY_PAGE), signal: options.signal }, (body, unreadable) =>
        normalizePaging(body, orStandIn(normalizeSavedAlbum, 'album')) ?? unreadable('expected a paging object'),
      ),
    getFollowedArtists: async (page, options = {}) =>
      caller.get(
        {
          path: 'me/following',
          query: { type: 'artist', limit: cursorLimit(page.limit), after: cursorValue(page.after, 'after', /^[^\s,]+$/) },
          signal: options.signal,
        },
        (body, unreadable) => normalizeCursorPage(body, 'artists', 'after', orStandIn(normalizeFullArtist)) ?? unreadable('expected {"artists": a cursor page}'),
      ),
    getRecentlyPlayed: async (page, options = {}) =>
      caller.get(
        {
          path: 'me/player/recently-played',
          query: { limit: cursorLimit(page.limit), before: cursorValue(page.before, 'before', /^\d{1,16}$/) },
          signal: options.signal,
        },
        (body, unreadable) => normalizeCursorPage(body, null, 'before', normalizePlayHistory) ?? unreadable('expected a cursor page'),
      ),
    getAlbum: async (albumId, options = {}) =>
      caller.get({ path: `albums/${idSegment(albumId, 'album')}`, query: { market: options.market }, signal: options.signal }, (body, unreadable) =>
        normalizeAlbumDetails(body) ?? unreadable('expected an album object'),
      ),
    getAlbumTracks: async (albumId, page, options = {}) =>
      caller.get(
        {
          path: `albums/${idSegment(albumId, 'album')}/tracks`,
          query: { ...pageQuery(page, MAX_LIBRARY_PAGE), market: options.market },
          signal: options.signal,
        },
        // Tracks of an album's listing name no album: they are given this one's id, all that is known of it here.
        (body, unreadable) =>
          normalizePaging(body, orStandIn(trackOnAlbum(normalizeAlbum({ id: albumId, type: 'album' })))) ?? unreadable('expected a paging object'),
      ),
    getArtist: async (artistId, options = {}) =>
      caller.get({ path: `artists/${idSegment(artistId, 'artist')}`, signal: options.signal }, (body, unreadable) =>
        normalizeFullArtist(body) ?? unreadable('expected an artist object'),
      ),
    getArtistAlbums: async (artistId, page, options = {}) =>
      caller.get(
        {
          path: `artists/${idSegment(artistId, 'artist')}/albums`,
          query: { include_groups: 'album,single,compilation', ...pageQuery(page, MAX_LIBRARY_PAGE), market: options.market },
          signal: options.signal,
        },
        (body, unreadable) => normalizePaging(body, orStandIn(normalizeListedAlbum)) ?? unreadable('expected a paging object'),
      ),
  };
}
