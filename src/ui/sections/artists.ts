import { isUnreadable } from '../../api/list-entry.js';
import type { Album, ListEntry } from '../../api/types.js';
import type { Artist } from '../../api/library-types.js';
import { formatCount } from '../format.js';
import { artistMatch, artistRow, releaseMatch, releaseRow } from './music-rows.js';
import { wholeContextRequest } from '../play/play-request.js';
import { sanitizeText } from '../sanitize.js';
import { albumTracks } from './albums.js';
import { countedTitle, onReadable } from './helpers.js';
import type { ListView } from './types.js';

/** An artist's albums, singles and compilations; Enter opens one's tracks, `P` plays it. */
export const artistAlbums: ListView<ListEntry<Album>, Artist> = {
  kind: 'list',
  sourceKey: (artist) => `artist:${artist.id}`,
  label: 'albums',
  title: (artist, total) =>
    total === null ? sanitizeText(artist.name) : `${sanitizeText(artist.name)} · ${formatCount(total)} ${total === 1 ? 'release' : 'releases'}`,
  emptyText: 'No albums.',
  source: { fetchPage: (api, artist, page, signal) => api.getArtistAlbums(artist.id, page, { signal }) },
  rereadOn: [],
  row: releaseRow,
  match: releaseMatch,
  details: (entry) => (isUnreadable(entry) ? null : { kind: 'album', album: entry }),
  open: onReadable('open', (album, at) => at.drill(albumTracks, album)),
  play: onReadable('play', (album, at) => at.player.start(wholeContextRequest({ kind: 'album', album }))),
  likes: { kind: 'album', isLibrary: false },
};

/** The artists the user follows (GET /me/following?type=artist), paged by cursor; Enter opens an artist's albums. */
export const artists: ListView<ListEntry<Artist>> = {
  kind: 'list',
  sourceKey: () => 'me/following',
  label: 'followed artists',
  title: countedTitle('Artists'),
  emptyText: 'You follow no artists: l on an artist follows them.',
  source: { fetchAfter: (api, _parent, page, signal) => api.getFollowedArtists(page, { signal }) },
  rereadOn: ['libraryChanged'],
  row: artistRow,
  match: artistMatch,
  details: (entry) => (isUnreadable(entry) ? null : { kind: 'artist', artist: entry }),
  open: onReadable('open', (artist, at) => at.drill(artistAlbums, artist)),
  play: null,
  likes: { kind: 'artist', isLibrary: true },
};
