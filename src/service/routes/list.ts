import type { RouteAuth } from '../auth.js';
import { DEMO_CLIENT_ID } from '../oauth/schema.js';
import { deviceIdFor } from '../player-start.js';
import * as albums from './albums.js';
import * as artists from './artists.js';
import * as audiobooks from './audiobooks.js';
import * as catalog from './catalog.js';
import * as devices from './devices.js';
import * as library from './library.js';
import { musicLibrary } from './music-library.js';
import * as libraryWrites from './library-writes.js';
import { me } from './me.js';
import * as player from './player.js';
import { changePlaylistDetails, createPlaylist, createPlaylistForUser } from './playlist-details.js';
import { addPlaylistItems, removePlaylistItems } from './playlist-items.js';
import { updatePlaylistItems } from './playlist-update.js';
import * as playlists from './playlists.js';
import * as queue from './queue.js';
import { recentlyPlayed } from './recently-played.js';
import type { Route, SampleIds, SampleRequest } from './route.js';
import * as saved from './saved.js';
import { search } from './search.js';
import * as shows from './shows.js';

/**
 * Every route the service answers, one entry each: the app registers those with a handler from here, and the
 * tests read the whole list (schemas, fuzzing, samples, conformance). README.md beside this file: how to add one.
 */

const anyToken: RouteAuth = { scope: null };
const scoped = (scope: string): RouteAuth => ({ scope });
const forUser = (scope: string | null): RouteAuth => ({ scope, user: true });
const readPlayer = forUser('user-read-playback-state');
const commandPlayer = forUser('user-modify-playback-state');

const at = (url: string, status?: number): SampleRequest => (status === undefined ? { url } : { url, status });
const UNKNOWN = '0000000000000000000000';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const AUTHORIZE = `client_id=${DEMO_CLIENT_ID}&response_type=code&redirect_uri=http%3A%2F%2F127.0.0.1%3A8123%2Fcallback&code_challenge=${CHALLENGE}&code_challenge_method=S256&scope=user-read-private`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ALL_TYPES = 'track,album,artist,playlist,show,episode,audiobook';
const libraryRead = forUser('user-library-read');
const libraryModify = forUser('user-library-modify');

/** The older save routes of one kind (`/me/tracks`…): a save, a removal and a contains read, by id. */
function savedKind(kind: 'track' | 'album' | 'show' | 'audiobook' | 'episode', label: string, sample: (s: SampleIds) => string): Route[] {
  const path = `/v1/me/${kind}s`;
  const plural = `${label[0]!.toUpperCase()}${label.slice(1)}s`;
  return [
    { name: `Save ${plural} for Current User`, method: 'PUT', path, auth: libraryModify,
      query: ['ids'], devMode: 'refused', body: null, handler: libraryWrites.saveOfType(kind),
      samples: (s) => [{ url: `${path}?ids=${sample(s)}`, status: 200 }, { url: path, payload: { ids: [sample(s)] }, status: 200 }, { url: `${path}?ids=${UNKNOWN}`, status: 404 }] },
    { name: `Remove User's Saved ${plural}`, method: 'DELETE', path, auth: libraryModify,
      query: ['ids'], devMode: 'refused', body: null, handler: libraryWrites.removeOfType(kind),
      samples: (s) => [{ url: `${path}?ids=${sample(s)}`, status: 200 }] },
    { name: `Check User's Saved ${plural}`, method: 'GET', path: `${path}/contains`, auth: libraryRead,
      query: ['ids'], devMode: 'served', body: 'booleans', handler: libraryWrites.containsOfType(kind),
      samples: (s) => [at(`${path}/contains?ids=${sample(s)},${UNKNOWN}`), at(`${path}/contains`, 400)] },
  ];
}

export const ROUTES: readonly Route[] = [
  // The catalog (docs/api/catalog.md, shows.md).
  { name: 'Get Episode', method: 'GET', path: '/v1/episodes/:id', auth: scoped('user-read-playback-position'),
    query: ['market'], devMode: 'served', body: 'episode', handler: catalog.episode,
    samples: (s) => [at(`/v1/episodes/${s.episode}`), at(`/v1/episodes/${s.foreignEpisode}`, 404)] },
  { name: 'Get Track', method: 'GET', path: '/v1/tracks/:id', auth: anyToken,
    query: ['market'], devMode: 'served', body: 'track', handler: catalog.track,
    samples: (s) => [at(`/v1/tracks/${s.relinkedTrack}`), at(`/v1/tracks/${s.track}?market=from_token`), at(`/v1/tracks/${s.foreignTrack}`), at(`/v1/tracks/${UNKNOWN}`, 404)] },
  { name: 'Get Several Tracks', method: 'GET', path: '/v1/tracks', auth: anyToken,
    query: ['ids', 'market'], devMode: 'refused', body: 'several tracks', handler: catalog.severalTracks,
    samples: (s) => [at(`/v1/tracks?ids=${s.track},${s.relinkedTrack}`), at(`/v1/tracks?ids=${s.track},${UNKNOWN}&market=GB`)] },
  { name: 'Get a Chapter', method: 'GET', path: '/v1/chapters/:id', auth: anyToken,
    query: ['market'], devMode: 'served', body: 'chapter', handler: catalog.chapter,
    samples: (s) => [at(`/v1/chapters/${s.chapter}`), at(`/v1/chapters/${s.foreignChapter}`, 404)] },
  { name: 'Get Several Chapters', method: 'GET', path: '/v1/chapters', auth: anyToken,
    query: ['ids', 'market'], devMode: 'refused', body: 'several chapters', handler: catalog.severalChapters,
    samples: (s) => [at(`/v1/chapters?ids=${s.chapter},${s.foreignChapter},${UNKNOWN}`)] },
  { name: 'Get Audiobook Chapters', method: 'GET', path: '/v1/audiobooks/:id/chapters', auth: anyToken,
    query: ['market', 'limit', 'offset'], devMode: 'served', body: 'page of chapters', handler: audiobooks.chapters,
    samples: (s) => [at(`/v1/audiobooks/${s.audiobook}/chapters`), at(`/v1/audiobooks/${s.audiobook}/chapters?market=GB&limit=10&offset=1`), at(`/v1/audiobooks/${s.foreignAudiobook}/chapters`, 404)] },
  { name: 'Get Show', method: 'GET', path: '/v1/shows/:id', auth: anyToken,
    query: ['market'], devMode: 'served', body: 'show', handler: shows.show,
    samples: (s) => [at(`/v1/shows/${s.show}`), at(`/v1/shows/${s.foreignShow}`, 404)] },
  { name: 'Get Show Episodes', method: 'GET', path: '/v1/shows/:id/episodes', auth: anyToken,
    query: ['market', 'limit', 'offset'], devMode: 'served', body: 'page of episodes', handler: shows.showEpisodesPage,
    samples: (s) => [at(`/v1/shows/${s.show}/episodes?market=GB&limit=10&offset=1`), at(`/v1/shows/${s.foreignShow}/episodes`, 404)] },

  // The user and their library (docs/api/library.md).
  { name: 'Get Current User', method: 'GET', path: '/v1/me', auth: forUser('user-read-private'),
    query: [], devMode: 'served', body: 'user', handler: me,
    samples: () => [at('/v1/me')] },
  { name: "Get User's Saved Shows", method: 'GET', path: '/v1/me/shows', auth: forUser('user-library-read'),
    query: ['limit', 'offset'], devMode: 'served', body: 'page of saved shows', handler: library.savedShows,
    samples: () => [at('/v1/me/shows?limit=50'), at('/v1/me/shows?limit=51', 400)] },
  { name: "Get User's Saved Audiobooks", method: 'GET', path: '/v1/me/audiobooks', auth: forUser('user-library-read'),
    query: ['limit', 'offset'], devMode: 'served', body: 'page of saved audiobooks', handler: library.savedAudiobooks,
    samples: () => [at('/v1/me/audiobooks')] },

  // Liked songs, saved albums, followed artists, and saving any of them (docs/api/library.md).
  { name: "Get User's Saved Tracks", method: 'GET', path: '/v1/me/tracks', auth: libraryRead,
    query: ['market', 'limit', 'offset'], devMode: 'served', body: 'page of saved tracks', handler: saved.savedTracks,
    samples: () => [at('/v1/me/tracks?limit=50'), at('/v1/me/tracks?offset=1&limit=2&market=US')] },
  { name: "Get User's Saved Albums", method: 'GET', path: '/v1/me/albums', auth: libraryRead,
    query: ['limit', 'offset', 'market'], devMode: 'served', body: 'page of saved albums', handler: saved.savedAlbums,
    samples: () => [at('/v1/me/albums?limit=5'), at('/v1/me/albums?limit=1&offset=1&market=GB')] },
  { name: 'Get Followed Artists', method: 'GET', path: '/v1/me/following', auth: forUser('user-follow-read'),
    query: ['type', 'after', 'limit'], devMode: 'served', body: 'followed artists', handler: saved.followedArtists,
    samples: (s) => [at('/v1/me/following?type=artist'), at(`/v1/me/following?type=artist&limit=1&after=${s.artist}`), at('/v1/me/following', 400)] },
  { name: 'Save Items to Library', method: 'PUT', path: '/v1/me/library', auth: forUser(null),
    query: ['uris'], devMode: 'served', body: null, handler: libraryWrites.saveToLibrary,
    samples: (s) => [{ url: `/v1/me/library?uris=playdeck:track:${s.track},spotify:album:${s.album},playdeck:artist:${s.artist},playdeck:show:${s.show}`, status: 200 },
      { url: `/v1/me/library?uris=playdeck:track:${UNKNOWN}`, status: 404 }, { url: '/v1/me/library?uris=playdeck:chapter:x', status: 400 }] },
  { name: 'Remove Items from Library', method: 'DELETE', path: '/v1/me/library', auth: forUser(null),
    query: ['uris'], devMode: 'served', body: null, handler: libraryWrites.removeFromLibrary,
    samples: (s) => [{ url: `/v1/me/library?uris=playdeck:track:${s.track},playdeck:audiobook:${s.audiobook},playdeck:playlist:${s.othersPlaylist}`, status: 200 }] },
  { name: "Check User's Saved Items", method: 'GET', path: '/v1/me/library/contains', auth: forUser(null),
    query: ['uris'], devMode: 'served', body: 'booleans', handler: libraryWrites.libraryContains,
    samples: (s) => [at(`/v1/me/library/contains?uris=playdeck:track:${s.track},playdeck:artist:${s.artist},playdeck:show:${s.show},playdeck:playlist:${s.playlist}`), at('/v1/me/library/contains', 400)] },
  ...savedKind('track', 'track', (s) => s.track),
  ...savedKind('album', 'album', (s) => s.album),
  ...savedKind('show', 'show', (s) => s.show),
  ...savedKind('audiobook', 'audiobook', (s) => s.audiobook),
  ...savedKind('episode', 'episode', (s) => s.episode),
  { name: 'Follow Artists or Users', method: 'PUT', path: '/v1/me/following', auth: forUser('user-follow-modify'),
    query: ['type', 'ids'], devMode: 'refused', body: null, handler: libraryWrites.follow,
    samples: (s) => [at(`/v1/me/following?type=artist&ids=${s.artist}`), at(`/v1/me/following?type=user&ids=${s.otherUser}`), at(`/v1/me/following?type=album&ids=${s.album}`, 400)] },
  { name: 'Unfollow Artists or Users', method: 'DELETE', path: '/v1/me/following', auth: forUser('user-follow-modify'),
    query: ['type', 'ids'], devMode: 'refused', body: null, handler: libraryWrites.unfollow,
    samples: (s) => [at(`/v1/me/following?type=artist&ids=${s.artist}`)] },
  { name: 'Check If User Follows Artists or Users', method: 'GET', path: '/v1/me/following/contains', auth: forUser('user-follow-read'),
    query: ['type', 'ids'], devMode: 'served', body: 'booleans', handler: libraryWrites.followContains,
    samples: (s) => [at(`/v1/me/following/contains?type=artist&ids=${s.artist},${UNKNOWN}`)] },

  // Albums, artists and search (docs/api/albums-artists.md, search.md).
  { name: 'Get Album', method: 'GET', path: '/v1/albums/:id', auth: anyToken,
    query: ['market'], devMode: 'served', body: 'album', handler: albums.album,
    samples: (s) => [at(`/v1/albums/${s.album}`), at(`/v1/albums/${s.album}?market=US`), at(`/v1/albums/${UNKNOWN}`, 404)] },
  { name: 'Get Album Tracks', method: 'GET', path: '/v1/albums/:id/tracks', auth: anyToken,
    query: ['market', 'limit', 'offset'], devMode: 'served', body: 'page of simplified tracks', handler: albums.albumTracksPage,
    samples: (s) => [at(`/v1/albums/${s.album}/tracks`), at(`/v1/albums/${s.album}/tracks?market=GB&limit=5&offset=1`), at(`/v1/albums/${UNKNOWN}/tracks`, 404)] },
  { name: 'Get Artist', method: 'GET', path: '/v1/artists/:id', auth: anyToken,
    query: [], devMode: 'served', body: 'artist', handler: artists.artist,
    samples: (s) => [at(`/v1/artists/${s.artist}`), at(`/v1/artists/${UNKNOWN}`, 404)] },
  { name: "Get Artist's Albums", method: 'GET', path: '/v1/artists/:id/albums', auth: anyToken,
    query: ['include_groups', 'market', 'limit', 'offset'], devMode: 'served', body: 'page of artist albums', handler: artists.artistAlbums,
    samples: (s) => [at(`/v1/artists/${s.artist}/albums`), at(`/v1/artists/${s.artist}/albums?include_groups=album,appears_on&market=US&limit=2&offset=1`), at(`/v1/artists/${s.artist}/albums?include_groups=live`, 400)] },
  { name: "Get Artist's Top Tracks", method: 'GET', path: '/v1/artists/:id/top-tracks', auth: anyToken,
    query: ['market'], devMode: 'refused', body: 'several tracks', handler: artists.topTracks,
    samples: (s) => [at(`/v1/artists/${s.artist}/top-tracks?market=GB`)] },
  { name: "Get Artist's Related Artists", method: 'GET', path: '/v1/artists/:id/related-artists', auth: anyToken,
    query: [], devMode: 'refused', body: 'several artists', handler: artists.relatedArtists,
    samples: (s) => [at(`/v1/artists/${s.artist}/related-artists`)] },
  { name: 'Search for Item', method: 'GET', path: '/v1/search', auth: anyToken,
    query: ['q', 'type', 'market', 'limit', 'offset', 'include_external'], devMode: 'served', body: 'search results', handler: search,
    samples: (s) => [at(`/v1/search?q=${encodeURIComponent(s.trackName)}&type=${ALL_TYPES}`), at(`/v1/search?q=a&type=track,artist&market=US&limit=10&offset=1&include_external=audio`),
      at(`/v1/search?q=${encodeURIComponent(s.trackName.slice(0, 3))}&type=album,episode`), at('/v1/search?q=x&type=nope', 400), at('/v1/search?type=track', 400)] },

  // Playlists (docs/api/playlists.md).
  { name: "Get Current User's Playlists", method: 'GET', path: '/v1/me/playlists', auth: forUser('playlist-read-private'),
    query: ['limit', 'offset'], devMode: 'served', body: 'page of playlists', handler: playlists.myPlaylists,
    samples: () => [at('/v1/me/playlists?limit=50')] },
  { name: 'Get Playlist', method: 'GET', path: '/v1/playlists/:playlist_id', auth: scoped('playlist-read-private'),
    query: ['market', 'fields', 'additional_types'], devMode: 'served', body: 'playlist', handler: playlists.playlist,
    samples: (s) => [at(`/v1/playlists/${s.playlist}`), at(`/v1/playlists/${s.othersPlaylist}?fields=name,tracks.total`)] },
  { name: 'Get Playlist Items', method: 'GET', path: '/v1/playlists/:playlist_id/tracks', auth: scoped('playlist-read-private'),
    query: ['market', 'limit', 'offset', 'fields', 'additional_types'], devMode: 'refused', body: 'page of playlist items', handler: playlists.playlistItemsRoute(false),
    samples: (s) => [at(`/v1/playlists/${s.playlist}/tracks`), at(`/v1/playlists/${s.bigPlaylist}/tracks?offset=9900&limit=100`), at(`/v1/playlists/${s.mixedPlaylist}/tracks?additional_types=episode&market=GB`)] },
  { name: 'Get Playlist Items (/items)', method: 'GET', path: '/v1/playlists/:playlist_id/items', auth: scoped('playlist-read-private'),
    query: ['market', 'limit', 'offset', 'fields', 'additional_types'], devMode: 'own playlists only', body: 'page of playlist items', handler: playlists.playlistItemsRoute(true),
    samples: (s) => [at(`/v1/playlists/${s.mixedPlaylist}/items?limit=100&additional_types=track,episode`), at(`/v1/playlists/${s.othersPlaylist}/items`)] },
  { name: 'Update Playlist Items', method: 'PUT', path: '/v1/playlists/:playlist_id/tracks', auth: forUser(null),
    query: ['uris'], devMode: 'refused', body: 'snapshot', handler: updatePlaylistItems,
    samples: (s) => [{ url: `/v1/playlists/${s.playlist}/tracks`, payload: { range_start: 0, insert_before: 2 } }] },
  { name: 'Update Playlist Items (/items)', method: 'PUT', path: '/v1/playlists/:playlist_id/items', auth: forUser(null),
    query: ['uris'], devMode: 'own playlists only', body: 'snapshot', handler: updatePlaylistItems,
    samples: (s) => [{ url: `/v1/playlists/${s.mixedPlaylist}/items`, payload: { uris: [`playdeck:track:${s.track}`, `playdeck:episode:${s.episode}`] } }] },
  { name: 'Add Items to Playlist', method: 'POST', path: '/v1/playlists/:playlist_id/tracks', auth: forUser(null),
    query: ['uris', 'position'], devMode: 'refused', body: 'snapshot', handler: addPlaylistItems,
    samples: (s) => [{ url: `/v1/playlists/${s.playlist}/tracks`, payload: { uris: [`playdeck:track:${s.track}`], position: 0 }, status: 201 },
      { url: `/v1/playlists/${s.playlist}/tracks`, payload: { uris: [`playdeck:track:${UNKNOWN}`] }, status: 400 }] },
  { name: 'Add Items to Playlist (/items)', method: 'POST', path: '/v1/playlists/:playlist_id/items', auth: forUser(null),
    query: ['uris', 'position'], devMode: 'own playlists only', body: 'snapshot', handler: addPlaylistItems,
    samples: (s) => [{ url: `/v1/playlists/${s.mixedPlaylist}/items`, payload: { uris: [`playdeck:track:${s.track}`, `playdeck:episode:${s.episode}`] }, status: 201 },
      { url: `/v1/playlists/${s.playlist}/items?uris=playdeck:track:${s.track}&position=1`, status: 201 },
      { url: `/v1/playlists/${s.othersPlaylist}/items`, payload: { uris: [`playdeck:track:${s.track}`] }, status: 403 }] },
  { name: 'Remove Playlist Items', method: 'DELETE', path: '/v1/playlists/:playlist_id/tracks', auth: forUser(null),
    query: [], devMode: 'refused', body: 'snapshot', handler: removePlaylistItems,
    samples: (s) => [{ url: `/v1/playlists/${s.playlist}/tracks`, payload: { tracks: [{ uri: `playdeck:track:${s.playlistTrack}` }] } }] },
  { name: 'Remove Playlist Items (/items)', method: 'DELETE', path: '/v1/playlists/:playlist_id/items', auth: forUser(null),
    query: [], devMode: 'own playlists only', body: 'snapshot', handler: removePlaylistItems,
    samples: (s) => [{ url: `/v1/playlists/${s.playlist}/items`, payload: { items: [{ uri: `playdeck:track:${s.playlistTrack}` }] } },
      { url: `/v1/playlists/${s.playlist}/items`, payload: { items: [{ uri: `playdeck:track:${s.playlistTrack}` }], snapshot_id: 'MTp4eHh4eHh4eHh4eHh4eHh4' }, status: 409 },
      { url: `/v1/playlists/${s.othersPlaylist}/items`, payload: { items: [{ uri: `playdeck:track:${s.track}` }] }, status: 403 }] },
  { name: 'Create Playlist', method: 'POST', path: '/v1/me/playlists', auth: forUser(null),
    query: [], devMode: 'served', body: 'playlist', handler: createPlaylist,
    samples: () => [{ url: '/v1/me/playlists', payload: { name: 'Road trip', description: 'Songs for the car', public: false }, status: 201 },
      { url: '/v1/me/playlists', payload: { description: 'No name' }, status: 400 }] },
  { name: 'Create Playlist for user', method: 'POST', path: '/v1/users/:user_id/playlists', auth: forUser(null),
    query: [], devMode: 'refused', body: 'playlist', handler: createPlaylistForUser,
    samples: (s) => [{ url: `/v1/users/${s.demoUser}/playlists`, payload: { name: 'Road trip' }, status: 201 },
      { url: `/v1/users/${s.otherUser}/playlists`, payload: { name: 'Road trip' }, status: 403 }] },
  { name: 'Change Playlist Details', method: 'PUT', path: '/v1/playlists/:playlist_id', auth: forUser(null),
    query: [], devMode: 'served', body: null, handler: changePlaylistDetails,
    samples: (s) => [{ url: `/v1/playlists/${s.playlist}`, payload: { name: 'Renamed', description: 'New words' }, status: 200 },
      { url: `/v1/playlists/${s.othersPlaylist}`, payload: { name: 'Renamed' }, status: 403 }] },

  // The player (docs/api/player.md); a fresh service plays the demo user's first playlist.
  { name: 'Get Playback State', method: 'GET', path: '/v1/me/player', auth: readPlayer,
    query: ['market', 'additional_types'], devMode: 'served', body: 'playback state', handler: player.playbackState,
    samples: () => [at('/v1/me/player'), at('/v1/me/player?additional_types=episode')] },
  { name: 'Start/Resume Playback', method: 'PUT', path: '/v1/me/player/play', auth: commandPlayer,
    query: [], devMode: 'served', body: null, handler: player.play,
    samples: (s) => [{ url: '/v1/me/player/play', payload: { context_uri: `playdeck:playlist:${s.mixedPlaylist}`, offset: { position: 1 } } }] },
  { name: 'Pause Playback', method: 'PUT', path: '/v1/me/player/pause', auth: commandPlayer,
    query: [], devMode: 'served', body: null, handler: player.pause,
    samples: () => [at('/v1/me/player/pause')] },
  { name: 'Skip To Next', method: 'POST', path: '/v1/me/player/next', auth: commandPlayer,
    query: [], devMode: 'served', body: null, handler: player.next,
    samples: () => [at('/v1/me/player/next')] },
  { name: 'Skip To Previous', method: 'POST', path: '/v1/me/player/previous', auth: commandPlayer,
    query: [], devMode: 'served', body: null, handler: player.previous,
    samples: () => [at('/v1/me/player/previous')] },
  { name: 'Seek To Position', method: 'PUT', path: '/v1/me/player/seek', auth: commandPlayer,
    query: ['position_ms'], devMode: 'served', body: null, handler: player.seek,
    samples: () => [at('/v1/me/player/seek?position_ms=25000')] },
  { name: 'Toggle Playback Shuffle', method: 'PUT', path: '/v1/me/player/shuffle', auth: commandPlayer,
    query: ['state'], devMode: 'served', body: null, handler: player.shuffle,
    samples: () => [at('/v1/me/player/shuffle?state=true')] },
  { name: 'Set Repeat Mode', method: 'PUT', path: '/v1/me/player/repeat', auth: commandPlayer,
    query: ['state'], devMode: 'served', body: null, handler: player.repeat,
    samples: () => [at('/v1/me/player/repeat?state=context')] },
  { name: 'Get Available Devices', method: 'GET', path: '/v1/me/player/devices', auth: readPlayer,
    query: [], devMode: 'served', body: 'devices', handler: devices.devices,
    samples: () => [at('/v1/me/player/devices')] },
  { name: 'Transfer Playback', method: 'PUT', path: '/v1/me/player', auth: commandPlayer,
    query: [], devMode: 'served', body: null, handler: devices.transfer,
    samples: () => [{ url: '/v1/me/player', payload: { device_ids: [deviceIdFor('Kitchen speaker')] } }] },
  { name: 'Set Playback Volume', method: 'PUT', path: '/v1/me/player/volume', auth: commandPlayer,
    query: ['volume_percent', 'device_id'], devMode: 'served', body: null, handler: devices.volume,
    samples: () => [at('/v1/me/player/volume?volume_percent=40')] },
  { name: 'Get Recently Played Tracks', method: 'GET', path: '/v1/me/player/recently-played', auth: forUser('user-read-recently-played'),
    query: ['limit', 'after', 'before'], devMode: 'served', body: 'recently played', handler: recentlyPlayed,
    samples: () => [at('/v1/me/player/recently-played'), at(`/v1/me/player/recently-played?limit=2&before=${Date.UTC(2030, 0, 1)}`), at('/v1/me/player/recently-played?after=1&limit=1'),
      at('/v1/me/player/recently-played?after=1&before=2', 400)] },
  { name: "Get the User's Queue", method: 'GET', path: '/v1/me/player/queue', auth: readPlayer,
    query: [], devMode: 'served', body: 'queue', handler: queue.queue,
    samples: () => [at('/v1/me/player/queue')] },
  { name: 'Add Item to Playback Queue', method: 'POST', path: '/v1/me/player/queue', auth: commandPlayer,
    query: ['uri'], devMode: 'served', body: null, handler: queue.addToQueue,
    samples: (s) => [at(`/v1/me/player/queue?uri=playdeck:track:${s.track}`)] },

  // Ours, beside the API (docs/api/music-folder.md): the music folder and its scan, for the status line.
  { name: 'The music folder and its scan', method: 'GET', path: '/playdeck/library', auth: anyToken,
    query: [], devMode: 'served', body: null, handler: musicLibrary,
    samples: () => [at('/playdeck/library')] },

  // Registered by their own plugins: the pictures (routes/images.ts), signing in (oauth/routes.ts), the
  // address check of a running service (routes/instance.ts, only when the service was started with one).
  { name: 'A picture of the catalog', method: 'GET', path: '/images/:name', auth: null, servedWhenDamaged: true,
    query: [], devMode: 'served', body: null, handler: null,
    samples: (s) => [at(`/images/${s.show}-64.png`)] },
  { name: 'The consent page', method: 'GET', path: '/authorize', auth: null,
    query: [], devMode: 'served', body: null, handler: null,
    samples: () => [at(`/authorize?${AUTHORIZE}`)] },
  { name: 'The consent form', method: 'POST', path: '/authorize', auth: null,
    query: [], devMode: 'served', body: null, handler: null,
    samples: () => [{ url: '/authorize', status: 400 }] },
  { name: 'The token endpoint', method: 'POST', path: '/api/token', auth: null,
    query: [], devMode: 'served', body: null, handler: null,
    samples: () => [{ url: '/api/token', headers: FORM, payload: `grant_type=authorization_code&code=unknown&client_id=${DEMO_CLIENT_ID}`, status: 400 }] },
  // No token: a dashboard about to join asks before the service has proven itself (instance-file.ts).
  { name: 'Which service this is', method: 'GET', path: '/playdeck/instance', auth: null, servedWhenDamaged: true,
    query: ['challenge'], devMode: 'served', body: null, handler: null,
    samples: () => [at(`/playdeck/instance?challenge=${CHALLENGE}`), at('/playdeck/instance', 400)] },
];
