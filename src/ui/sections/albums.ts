import { isUnreadable } from '../../api/list-entry.js';
import type { Album, ListEntry, Track } from '../../api/types.js';
import type { AlbumDetails, SavedAlbum } from '../../api/library-types.js';
import { formatCount } from '../format.js';
import { joinNames } from './library-rows.js';
import { albumTrackRow, savedAlbumMatch, savedAlbumRow, trackMatch } from './music-rows.js';
import { albumTrackRequest, wholeContextRequest } from '../play/play-request.js';
import { sanitizeText } from '../sanitize.js';
import { countedTitle, onReadable, withParentOnce } from './helpers.js';
import type { ListView } from './types.js';

/** An album's tracks come as simplified tracks: the details and Now playing name the album. */
const withAlbum = withParentOnce<Track, Album>((track, album) => (track.album.id === album.id && track.album.name !== '' ? track : { ...track, album }));

const isAlbumDetails = (album: Album): album is AlbumDetails => 'tracks' in album && 'label' in album;

/** A saved album holds its first page of tracks already: the list starts from it without asking again. */
const heldFirstPage = (album: Album, limit: number) =>
  isAlbumDetails(album) && album.tracks.offset === 0 && (album.tracks.items.length >= limit || album.tracks.items.length === album.tracks.total)
    ? album.tracks
    : null;

/** An album's tracks in its order; Enter plays one in the album from there, `P` the album from its start. */
export const albumTracks: ListView<ListEntry<Track>, Album> = {
  kind: 'list',
  sourceKey: (album) => `album:${album.id}`,
  label: 'tracks',
  title: (album, total) => {
    const count = total ?? album.total_tracks;
    return [sanitizeText(album.name), joinNames(album.artists), `${formatCount(count)} ${count === 1 ? 'track' : 'tracks'}`].filter((part) => part !== '').join(' · ');
  },
  emptyText: 'This album has no tracks.',
  source: {
    fetchPage: async (api, album, page, signal) =>
      withAlbum((page.offset === 0 ? heldFirstPage(album, page.limit) : null) ?? (await api.getAlbumTracks(album.id, page, { signal })), album),
    totalHint: (album) => album.total_tracks,
  },
  rereadOn: [],
  row: albumTrackRow,
  match: trackMatch,
  details: (entry) => (isUnreadable(entry) ? null : { kind: 'track', track: entry }),
  open: onReadable('play', (track, at) => {
    if (!at.player.refuseUnplayable(track)) at.player.start(albumTrackRequest(at.parent, track, at.position));
  }),
  play: (_entry, at) => at.player.start(wholeContextRequest({ kind: 'album', album: at.parent })),
  likes: { kind: 'track', isLibrary: false },
};

/** The user's saved albums (GET /me/albums), newest first; Enter opens an album's tracks, `P` plays it. */
export const albums: ListView<ListEntry<SavedAlbum>> = {
  kind: 'list',
  sourceKey: () => 'me/albums',
  label: 'saved albums',
  title: countedTitle('Albums'),
  emptyText: 'No saved albums: l on an album saves it.',
  source: { fetchPage: (api, _parent, page, signal) => api.getSavedAlbums(page, { signal }) },
  rereadOn: ['libraryChanged'],
  row: savedAlbumRow,
  match: savedAlbumMatch,
  details: (entry) => (isUnreadable(entry) ? null : { kind: 'album', album: entry.album }),
  open: onReadable('open', ({ album }, at) => at.drill(albumTracks, album)),
  play: onReadable('play', ({ album }, at) => at.player.start(wholeContextRequest({ kind: 'album', album }))),
  likes: { kind: 'album', isLibrary: true },
};
