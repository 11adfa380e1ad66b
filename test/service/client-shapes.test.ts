import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyValidator, type Operation } from '../helpers/body-schemas.js';
import { routeOf } from '../helpers/route-list.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

/**
 * The requests two real clients of the public API put on the wire, replayed byte for byte: the official
 * TypeScript SDK (`@spotify/web-api-ts-sdk` 1.2: fetch, a JSON content type on every request, bodiless ones
 * included, URLSearchParams encoding) and `spotify-web-api-node` 5.0 (superagent: no content type on GETs, a
 * JSON one on bodiless PUTs, its own body key order). Recorded through a proxy in front of `serve`.
 * Bodies are checked against the schema the route list names for their route (helpers/body-schemas.ts), `null`
 * batch entries and `item: null` included; `npm run conformance` checks them against the public OpenAPI
 * description.
 */
const UNKNOWN = '0000000000000000000000';

const SDK_HEADERS = {
  'content-type': 'application/json',
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};
const NODE_HEADERS = { 'accept-encoding': 'gzip, deflate', connection: 'close' };
const NODE_JSON_HEADERS = { ...NODE_HEADERS, 'content-type': 'application/json' };
const BODILESS = { 'content-length': '0' };

let service: TestService;
beforeEach(async () => {
  service = await createTestService();
});
afterEach(() => service.close());

function send(method: string, url: string, headers: Record<string, string>, payload?: string) {
  return service.request({ method: method as 'GET', url, headers, payload });
}

function expectValid(body: unknown, operation: Operation): void {
  const check = bodyValidator(operation);
  expect(check(body) ? [] : check.errors, operation).toEqual([]);
}

async function snapshotOf(playlistId: string): Promise<string> {
  return (await service.get(`/v1/playlists/${playlistId}?fields=snapshot_id`)).body.snapshot_id;
}

async function itemIds(playlistId: string): Promise<string[]> {
  const page = await service.get(`/v1/playlists/${playlistId}/tracks?limit=100&additional_types=episode&fields=items.track.id`);
  return page.body.items.map((item: { track: { id: string } }) => item.track.id);
}

interface Read {
  name: string;
  url: string;
}

/** The schema of the body a read answers: the one the route list names for its route. */
const schemaOf = (method: string, url: string): Operation => routeOf(method, url).body!;

const episode = ids.episode(1);
const track = ids.track(1);
const chapter = ids.chapter(2);
const several = `${ids.track(2)}%2C${UNKNOWN}%2C${ids.track(1)}`;
const severalChapters = `${ids.chapter(1)}%2C${ids.chapter(2)}%2C${UNKNOWN}`;

const sdkReads: Read[] = [
  { name: '1 Get Episode', url: `/v1/episodes/${episode}?market=GB` },
  { name: '2 Get Playback State', url: '/v1/me/player?market=GB&additional_types=track%2Cepisode' },
  { name: '3 Get Track', url: `/v1/tracks/${track}?market=from_token` },
  { name: '4 Get a Chapter', url: `/v1/chapters/${chapter}?market=GB` },
  { name: '5 Get Playlist Items', url: `/v1/playlists/${ids.mixedPlaylist}/tracks?market=GB&limit=50&offset=1&additional_types=episode` },
  { name: "6 Get User's Saved Shows", url: '/v1/me/shows?limit=50&offset=0' },
  { name: '8 Get Several Tracks', url: `/v1/tracks?ids=${several}&market=GB` },
  { name: '9 Get Audiobook Chapters', url: `/v1/audiobooks/${ids.audiobook}/chapters?market=GB&limit=10&offset=1` },
  { name: '10 Get Several Chapters', url: `/v1/chapters?ids=${severalChapters}&market=GB` },
];

// spotify-web-api-node has no chapter or audiobook methods: those three are its request builder's output.
const nodeReads: Read[] = [
  { name: '1 getEpisode', url: `/v1/episodes/${episode}?market=GB` },
  { name: '2 getMyCurrentPlaybackState', url: '/v1/me/player?market=GB&additional_types=episode' },
  { name: '3 getTrack', url: `/v1/tracks/${track}?market=GB` },
  { name: '4 chapter via builder', url: `/v1/chapters/${chapter}?market=GB` },
  { name: '5 getPlaylistTracks', url: `/v1/playlists/${ids.mixedPlaylist}/tracks?market=from_token&limit=100&offset=0&additional_types=episode` },
  { name: '6 getMySavedShows', url: '/v1/me/shows?limit=50&offset=0&market=GB' },
  { name: '8 getTracks', url: `/v1/tracks?ids=${several}&market=GB` },
  { name: '9 audiobook chapters via builder', url: `/v1/audiobooks/${ids.audiobook}/chapters?market=GB&limit=10&offset=1` },
  { name: '10 several chapters via builder', url: `/v1/chapters?ids=${severalChapters}&market=GB` },
];

it('the body schemas reject bodies that break them', () => {
  expect(bodyValidator('several tracks')({ tracks: [{ type: 'episode' }] })).toBe(false);
  expect(bodyValidator('playback state')({ item: null, progress_ms: 'soon' })).toBe(false);
  expect(bodyValidator('several chapters')({ chapters: 'none' })).toBe(false);
});

describe.each([
  ['the TypeScript SDK', sdkReads, SDK_HEADERS],
  ['spotify-web-api-node', nodeReads, NODE_HEADERS],
])('%s: reads', (_client, reads, headers) => {
  it.each(reads)('$name', async ({ url }) => {
    const response = await send('GET', url, headers);
    expect(response.status, url).toBe(200);
    expectValid(response.body, schemaOf('GET', url));
  });
});

describe('batch reads: null for an unknown id, in request order, with commas percent-encoded', () => {
  it('Get Several Tracks and Get Several Chapters', async () => {
    const tracks = (await send('GET', `/v1/tracks?ids=${several}&market=GB`, SDK_HEADERS)).body.tracks;
    expect(tracks.map((entry: { id: string } | null) => entry?.id ?? null)).toEqual([ids.track(2), null, ids.track(1)]);
    const chapters = (await send('GET', `/v1/chapters?ids=${severalChapters}&market=GB`, NODE_HEADERS)).body.chapters;
    expect(chapters.map((entry: { id: string } | null) => entry?.id ?? null)).toEqual([ids.chapter(1), ids.chapter(2), null]);
  });

  it('the body with its null entry is a valid Get Several Tracks body', async () => {
    const response = await send('GET', `/v1/tracks?ids=${several}&market=GB`, SDK_HEADERS);
    expectValid(response.body, schemaOf('GET', '/v1/tracks'));
  });
});

describe('Get Playback State while an episode plays', () => {
  beforeEach(async () => {
    // The SDK's startResumePlayback body: its own `positionMs` spelling, which the real service ignores too.
    const play = JSON.stringify({ context_uri: `playdeck:playlist:${ids.mixedPlaylist}`, offset: { position: 1 }, positionMs: 1000 });
    expect((await send('PUT', '/v1/me/player/play', SDK_HEADERS, play)).status).toBe(204);
  });

  it.each([
    ['the SDK', SDK_HEADERS],
    ['spotify-web-api-node', NODE_HEADERS],
  ])('%s without additional_types gets item null, a valid body', async (_client, headers) => {
    const response = await send('GET', '/v1/me/player', headers);
    expect(response.body).toMatchObject({ item: null, currently_playing_type: 'episode' });
    expectValid(response.body, schemaOf('GET', '/v1/me/player'));
  });

  it('with additional_types=episode it gets the episode', async () => {
    const response = await send('GET', '/v1/me/player?additional_types=episode', NODE_HEADERS);
    expect(response.body.item).toMatchObject({ type: 'episode', id: ids.episode(1) });
    expectValid(response.body, schemaOf('GET', '/v1/me/player'));
  });
});

it('Get Playback State for a user with no active device: 204 with nothing to parse', async () => {
  const response = await service.request({ method: 'GET', url: '/v1/me/player', headers: SDK_HEADERS, token: service.tokenFor({ userId: ids.other }) });
  expect(response.status).toBe(204);
  expect(response.raw).toBe('');
});

it("Get Playlist Items with the clients' percent-encoded fields filter (the spec's own examples)", async () => {
  const fields = 'href%2Ctotal%2Climit%2Citems%28added_at%2Cadded_by.id%2Ctrack%28name%2Ctype%2Calbum%28%21external_urls%2Cimages%29%29%29';
  const response = await send('GET', `/v1/playlists/${ids.firstPlaylist}/tracks?market=GB&fields=${fields}&limit=10&offset=0`, SDK_HEADERS);
  expect(response.status).toBe(200);
  expect(Object.keys(response.body).sort()).toEqual(['href', 'items', 'limit', 'total']);
  const [first] = response.body.items;
  expect(Object.keys(first).sort()).toEqual(['added_at', 'added_by', 'track']);
  expect(first.added_by).toEqual({ id: ids.demo });
  expect(Object.keys(first.track).sort()).toEqual(['album', 'name', 'type']);
  expect(first.track.album).toHaveProperty('name');
  expect(first.track.album).not.toHaveProperty('external_urls');
  expect(first.track.album).not.toHaveProperty('images');
});

it('Get Playlist Items at /items carries the renamed `item` beside the deprecated `track`; /tracks only `track`', async () => {
  const renamed = await send('GET', `/v1/playlists/${ids.mixedPlaylist}/items?additional_types=episode`, SDK_HEADERS);
  expect(renamed.body.items.map((entry: { item: unknown; track: unknown }) => entry.item)).toEqual(
    renamed.body.items.map((entry: { track: unknown }) => entry.track),
  );
  expectValid(renamed.body, schemaOf('GET', `/v1/playlists/${ids.mixedPlaylist}/items`));
  const old = await send('GET', `/v1/playlists/${ids.mixedPlaylist}/tracks?additional_types=episode`, NODE_HEADERS);
  expect(old.body.items[0]).not.toHaveProperty('item');
});

describe('7 Update Playlist Items as each client encodes it', () => {
  it.each([
    ['the SDK updatePlaylistItems', SDK_HEADERS, (snapshot: string) => ({ range_start: 0, range_length: 2, insert_before: 5, snapshot_id: snapshot })],
    ['spotify-web-api-node reorderTracksInPlaylist', NODE_JSON_HEADERS, (snapshot: string) => ({ range_start: 0, insert_before: 5, range_length: 2, snapshot_id: snapshot })],
  ])('%s: reorder with snapshot_id moves the range and names a new snapshot', async (_client, headers, body) => {
    const before = await itemIds(ids.firstPlaylist);
    const snapshot = await snapshotOf(ids.firstPlaylist);
    const response = await send('PUT', `/v1/playlists/${ids.firstPlaylist}/tracks`, headers, JSON.stringify(body(snapshot)));
    expect(response.status).toBe(200);
    expectValid(response.body, schemaOf('PUT', `/v1/playlists/${ids.firstPlaylist}/tracks`));
    expect(response.body.snapshot_id).not.toBe(snapshot);
    expect(await itemIds(ids.firstPlaylist)).toEqual([...before.slice(2, 5), ...before.slice(0, 2), ...before.slice(5)]);
  });

  it.each([
    ['the SDK updatePlaylistItems', SDK_HEADERS],
    ['spotify-web-api-node replaceTracksInPlaylist', NODE_JSON_HEADERS],
  ])('%s: replace with uris of any prefix, then clear', async (_client, headers) => {
    const uris = [`spotify:track:${ids.track(3)}`, `playdeck:episode:${ids.episode(1)}`];
    const replaced = await send('PUT', `/v1/playlists/${ids.mixedPlaylist}/tracks`, headers, JSON.stringify({ uris }));
    expect(replaced.status).toBe(200);
    expectValid(replaced.body, schemaOf('PUT', `/v1/playlists/${ids.mixedPlaylist}/tracks`));
    expect(await itemIds(ids.mixedPlaylist)).toEqual([ids.track(3), ids.episode(1)]);
    const cleared = await send('PUT', `/v1/playlists/${ids.mixedPlaylist}/tracks`, headers, JSON.stringify({ uris: [] }));
    expect(cleared.status).toBe(200);
    expect(await itemIds(ids.mixedPlaylist)).toEqual([]);
  });

  it('uris in the query, percent-encoded colons and commas, bodiless with a JSON content type', async () => {
    const query = `spotify%3Atrack%3A${ids.track(4)}%2Cspotify%3Atrack%3A${ids.track(5)}`;
    const response = await send('PUT', `/v1/playlists/${ids.mixedPlaylist}/tracks?uris=${query}`, { ...NODE_JSON_HEADERS, ...BODILESS });
    expect(response.status).toBe(200);
    expect(await itemIds(ids.mixedPlaylist)).toEqual([ids.track(4), ids.track(5)]);
  });
});

describe('bodiless playback commands as each client sends them', () => {
  it.each([
    ['SDK pausePlayback', 'PUT', '/v1/me/player/pause', SDK_HEADERS],
    ['SDK skipToNext', 'POST', '/v1/me/player/next', SDK_HEADERS],
    ['node pause (JSON content type, no body)', 'PUT', '/v1/me/player/pause', NODE_JSON_HEADERS],
    ['node skipToPrevious (no content type)', 'POST', '/v1/me/player/previous', NODE_HEADERS],
    ['node seek', 'PUT', '/v1/me/player/seek?position_ms=25000', NODE_HEADERS],
    ['SDK setRepeatMode', 'PUT', '/v1/me/player/repeat?state=context', SDK_HEADERS],
  ])('%s: 204', async (_name, method, url, headers) => {
    expect((await send(method, url, { ...headers, ...BODILESS })).status).toBe(204);
  });
});

describe('error bodies the clients parse ({error: {status, message}})', () => {
  it.each([
    [401, '/v1/tracks/' + track, 'not-a-token'],
    [404, `/v1/tracks/${UNKNOWN}?market=GB`, undefined],
    [400, '/v1/tracks/not-an-id', undefined],
    [400, '/v1/me/shows?limit=51', undefined],
    [400, `/v1/tracks?ids=${Array(51).fill(track).join('%2C')}`, undefined],
  ])('%i for %s', async (status, url, token) => {
    const response = await service.request({ method: 'GET', url, headers: SDK_HEADERS, token });
    expect(response.status).toBe(status);
    expect(response.body.error.status).toBe(status);
    expectValid(response.body, 'error');
  });
});
