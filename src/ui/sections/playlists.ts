import { isUnreadable } from '../../api/list-entry.js';
import type { ListEntry, SimplifiedPlaylist } from '../../api/types.js';
import { playlistMatch, playlistRow } from './library-rows.js';
import { wholeContextRequest } from '../play/play-request.js';
import { countedTitle, onReadable } from './helpers.js';
import type { CustomView, ListView } from './types.js';

/** A playlist's items, reordered by keyboard: the playlist editor (playlist-editor/PlaylistEditorPane.tsx). */
export const playlistItems: CustomView<SimplifiedPlaylist> = { kind: 'custom', name: 'playlistItems', keyOf: (playlist) => playlist.id };

/** The user's playlists (GET /me/playlists); Enter opens one's items, `P` plays it from its start. */
export const playlists: ListView<ListEntry<SimplifiedPlaylist>> = {
  kind: 'list',
  sourceKey: () => 'me/playlists',
  label: 'playlists',
  title: countedTitle('Playlists'),
  emptyText: 'No playlists yet.',
  source: { fetchPage: (api, _parent, page, signal) => api.getMyPlaylists(page, { signal }) },
  rereadOn: ['minutely', 'playlistsChanged'],
  row: playlistRow,
  match: playlistMatch,
  details: (entry) => (isUnreadable(entry) ? null : { kind: 'playlist', playlist: entry }),
  open: onReadable('open', (playlist, at) => at.openPlaylist(playlist)),
  play: onReadable('play', (playlist, at) => at.player.start(wholeContextRequest({ kind: 'playlist', playlist }))),
  likes: null,
};
