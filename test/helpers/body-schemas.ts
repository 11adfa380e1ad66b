import { Ajv, type ValidateFunction } from 'ajv';
import type { BodyName } from '../../src/service/routes/route.js';

/**
 * The bodies the service answers with, in our own words (docs/api.md and docs/api/): each object's fields
 * and their types, required where the service always sends them. The public OpenAPI description is checked
 * only on demand (`npm run conformance`), never by the tests.
 */
type Schema = Record<string, unknown>;

const string = { type: 'string' };
const integer = { type: 'integer' };
const boolean = { type: 'boolean' };
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
const array = (items: Schema): Schema => ({ type: 'array', items });
const object = (properties: Record<string, Schema>, optional: Record<string, Schema> = {}): Schema => ({
  type: 'object',
  properties: { ...properties, ...optional },
  required: Object.keys(properties),
});

const link = { href: string, id: string, uri: string, external_urls: object({}) };
const image = object({ url: string, height: nullable(integer), width: nullable(integer) });
const followers = object({ href: { type: 'null' }, total: integer });
const user = object({ ...link, type: { const: 'user' } }, { followers, display_name: nullable(string) });
const artist = object({ ...link, name: string, type: { const: 'artist' } }, { followers, genres: array(string), images: array(image), popularity: integer });
const album = object({ ...link, name: string, type: { const: 'album' }, album_type: string, images: array(image), artists: array(artist), release_date: string, release_date_precision: string });
const linkedFrom = object({ ...link, type: { const: 'track' } });
const track = object(
  { ...link, name: string, type: { const: 'track' }, album, artists: array(artist), duration_ms: integer, explicit: boolean, is_local: boolean, track_number: integer, disc_number: integer },
  { is_playable: boolean, linked_from: linkedFrom, available_markets: array(string), preview_url: nullable(string), popularity: integer },
);
const resumePoint = object({ fully_played: boolean, resume_position_ms: integer });
const show = object({ ...link, name: string, type: { const: 'show' }, publisher: string, description: string, images: array(image), total_episodes: integer, media_type: string });
const episode = object(
  { ...link, name: string, type: { const: 'episode' }, duration_ms: integer, explicit: boolean, release_date: string, release_date_precision: string, images: array(image), description: string },
  { show, is_playable: boolean, resume_point: resumePoint },
);
const names = array(object({ name: string }));
const audiobookFields = { ...link, name: string, type: { const: 'audiobook' }, authors: names, narrators: names, publisher: string, total_chapters: integer, images: array(image) };
// A chapter's `type` is "episode", as the real service sends it.
const chapter = object(
  { ...link, name: string, type: { const: 'episode' }, chapter_number: integer, duration_ms: integer, images: array(image), release_date: string },
  { audiobook: object(audiobookFields), is_playable: boolean, resume_point: resumePoint },
);
const page = (item: Schema): Schema => object({ href: string, limit: integer, offset: integer, total: integer, next: nullable(string), previous: nullable(string), items: array(item) });
// A playlist file's line naming no file of the music folder (decisions §21), as the real service sends a local file.
const localAlbum = object({ id: { type: 'null' }, href: { type: 'null' }, uri: { type: 'null' }, name: string, type: { const: 'album' }, images: array(image), artists: array(artist) });
const localTrack = object({
  id: { type: 'null' }, href: { type: 'null' }, uri: { type: 'string', pattern: '^playdeck:local:' }, name: string, type: { const: 'track' }, album: localAlbum,
  artists: array(artist), duration_ms: integer, is_local: { const: true }, is_playable: { const: false }, restrictions: object({ reason: string }),
});
const playable = { oneOf: [track, episode, localTrack] };
const playlistItem = object({ added_at: nullable(string), added_by: nullable(user), is_local: boolean, track: nullable(playable) }, { item: nullable(playable) });
const playlistFields = { ...link, name: string, type: { const: 'playlist' }, collaborative: boolean, public: nullable(boolean), snapshot_id: string, owner: user, images: array(image), description: nullable(string) };
const snapshot = object({ snapshot_id: string });

const fullArtist = object({ ...link, name: string, type: { const: 'artist' }, followers, genres: array(string), images: array(image), popularity: integer });
const simplifiedTrack = object(
  { ...link, name: string, type: { const: 'track' }, artists: array(artist), duration_ms: integer, explicit: boolean, is_local: boolean, track_number: integer, disc_number: integer },
  { is_playable: boolean, linked_from: linkedFrom, available_markets: array(string), preview_url: nullable(string), restrictions: object({ reason: string }) },
);
const simplifiedAlbum = object({ ...album.properties as Record<string, Schema>, total_tracks: integer }, { available_markets: array(string) });
const fullAlbum = object(
  { ...album.properties as Record<string, Schema>, total_tracks: integer, label: string, genres: array(string), popularity: integer, tracks: page(simplifiedTrack),
    copyrights: array(object({ text: string, type: string })), external_ids: object({}, { upc: string }) },
  { available_markets: array(string) },
);
const simplifiedPlaylist = object({ ...playlistFields, tracks: object({ href: string, total: integer }) });
const audiobook = object(audiobookFields);
const context = object({ type: string, href: string, uri: string, external_urls: object({}) });

const device = object({ id: nullable(string), is_active: boolean, name: string, type: string, volume_percent: nullable(integer) });
const player = object(
  { device, repeat_state: { enum: ['off', 'track', 'context'] }, shuffle_state: boolean, timestamp: integer, progress_ms: nullable(integer), is_playing: boolean, item: nullable(playable), currently_playing_type: { enum: ['track', 'episode', 'ad', 'unknown'] }, actions: object({}) },
  { context: nullable(object({ type: string, href: string, uri: string })) },
);

/** The bodies by the name the route list gives them (src/service/routes/list.ts), and the error shape. */
export const BODY_SCHEMAS = {
  user: object({ ...link, type: { const: 'user' }, display_name: nullable(string), country: string, product: string }),
  episode,
  'playback state': player,
  track,
  'several tracks': object({ tracks: array(nullable(track)) }),
  chapter,
  'several chapters': object({ chapters: array(nullable(chapter)) }),
  'page of chapters': page(chapter),
  'page of playlist items': page(playlistItem),
  snapshot,
  playlist: object({ ...playlistFields, followers, tracks: page(playlistItem) }),
  'page of playlists': page(simplifiedPlaylist),
  'page of saved shows': page(object({ added_at: string, show })),
  'page of saved audiobooks': page(object({ added_at: string, audiobook })),
  show,
  'page of episodes': page(episode),
  devices: object({ devices: array(device) }),
  queue: object({ currently_playing: nullable(playable), queue: array(playable) }),
  album: fullAlbum,
  'page of simplified tracks': page(simplifiedTrack),
  artist: fullArtist,
  'page of artist albums': page(object({ ...simplifiedAlbum.properties as Record<string, Schema>, album_group: { enum: ['album', 'single', 'compilation', 'appears_on'] } })),
  'several artists': object({ artists: array(fullArtist) }),
  'search results': object({}, {
    tracks: page(track), albums: page(simplifiedAlbum), artists: page(fullArtist), playlists: page(simplifiedPlaylist), shows: page(show), episodes: page(episode), audiobooks: page(audiobook),
  }),
  'page of saved tracks': page(object({ added_at: string, track })),
  'page of saved albums': page(object({ added_at: string, album: fullAlbum })),
  'followed artists': object({
    artists: object({ href: string, limit: integer, next: nullable(string), cursors: object({ after: nullable(string) }), total: integer, items: array(fullArtist) }),
  }),
  'recently played': object({
    href: string, limit: integer, next: nullable(string), cursors: nullable(object({ after: string, before: string })),
    items: array(object({ track, played_at: string, context: nullable(context) })),
  }),
  booleans: array(boolean),
  error: { type: 'object', properties: { error: object({ status: integer, message: string }) }, required: ['error'], additionalProperties: false },
} satisfies Record<BodyName | 'error', Schema>;

/** A schema's name: the route list's, or `error`. */
export type Operation = BodyName | 'error';

const ajv = new Ajv({ strict: false, allErrors: true });
const compiled = new Map<Operation, ValidateFunction>();

/** The validator of one operation's body (compiled once). */
export function bodyValidator(operation: Operation): ValidateFunction {
  let validate = compiled.get(operation);
  if (!validate) compiled.set(operation, (validate = ajv.compile(BODY_SCHEMAS[operation])));
  return validate;
}
