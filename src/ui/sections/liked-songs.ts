import type { Api } from '../../api/api.js';
import { isUnreadable } from '../../api/list-entry.js';
import type { ListEntry } from '../../api/types.js';
import type { SavedTrack } from '../../api/library-types.js';
import { currentUser } from '../current-user.js';
import { savedTrackMatch, savedTrackRow } from './music-rows.js';
import { collectionUri, likedSongRequest, wholeContextRequest } from '../play/play-request.js';
import { countedTitle, onReadable } from './helpers.js';
import type { ListView } from './types.js';

/** The liked songs' context (`prefix:user:ID:collection`): its uri names the user, read once per client. */
async function likedSongsUri(api: Api): Promise<string> {
  const user = await currentUser(api);
  if (user === null) throw new Error("couldn't read who is signed in");
  return collectionUri(user);
}

/**
 * The user's liked songs (GET /me/tracks), newest first, a page at a time like any long list. Enter plays a
 * song in the liked songs from there, as the real clients do; `P` plays them from the newest.
 */
export const likedSongs: ListView<ListEntry<SavedTrack>> = {
  kind: 'list',
  sourceKey: () => 'me/tracks',
  label: 'liked songs',
  title: countedTitle('Liked songs'),
  emptyText: 'No liked songs yet: l on a track likes it.',
  source: { fetchPage: (api, _parent, page, signal) => api.getSavedTracks(page, { signal }) },
  rereadOn: ['libraryChanged'],
  row: savedTrackRow,
  match: savedTrackMatch,
  details: (entry) => (isUnreadable(entry) ? null : { kind: 'track', track: entry.track }),
  open: onReadable('play', ({ track }, at) => {
    if (!at.player.refuseUnplayable(track)) at.player.start(likedSongsUri(at.api).then((uri) => likedSongRequest(uri, track)));
  }),
  play: (_entry, at) => at.player.start(likedSongsUri(at.api).then((uri) => wholeContextRequest({ kind: 'collection', uri }))),
  likes: { kind: 'track', isLibrary: true },
};
