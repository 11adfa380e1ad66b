/** Adding, removing, creating and renaming through the client, against the real embedded service (dev mode and not). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/api.js';
import { createApi, isApiError, staticToken } from '../../src/api/index.js';
import { MAX_WRITE_URIS } from '../../src/api/playlist-writes.js';
import { UNWRITABLE_PLAYLIST_REFUSED } from '../../src/api/refusals.js';
import type { SimplifiedPlaylist } from '../../src/api/types.js';
import { NOT_WRITABLE } from '../../src/service/routes/playlist-write.js';
import { startService, type RunningService } from '../../src/service/start.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { entryIds, myPlaylists, useService } from './service-fixture.js';

const service = useService();
const FAST_RETRY = { limit: 4, backoffBaseMs: 20, backoffLimitMs: 100, maxRetryAfterMs: 5_000 };
const rejection = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

/** A client of `target` that records every request it sends (`METHOD /path`, without the base URL's path). */
function recordingApi(baseUrl: string, accessToken: string): Api & { sent: string[] } {
  const sent: string[] = [];
  const api = createApi({
    baseUrl,
    tokens: staticToken(accessToken),
    retry: FAST_RETRY,
    onRequest: (method, url) => sent.push(`${method} ${new URL(url).pathname.replace(/^\/v1/, '')}`),
  });
  return Object.assign(api, { sent });
}

/** URIs of `count` distinct tracks of the catalog (from the longest playlist). */
async function someTracks(api: Api, count: number): Promise<string[]> {
  const big = (await myPlaylists(api)).reduce((longest, playlist) => (playlist.tracks.total > longest.tracks.total ? playlist : longest));
  const page = await api.getPlaylistItems(big.id, { offset: 0, limit: 100 });
  const uris = [...new Set(page.items.flatMap((item) => (item.track?.type === 'track' ? [item.track.uri] : [])))];
  return uris.slice(0, count);
}
const idOf = (uri: string) => uri.split(':').at(-1)!;

describe('on the embedded service', () => {
  let api: Api & { sent: string[] };
  let tracks: string[];
  beforeAll(async () => {
    api = recordingApi(service.current.baseUrl, service.current.accessToken);
    tracks = await someTracks(api, 5);
  });
  beforeEach(() => {
    api.sent.length = 0;
  });

  it('creates a playlist of the user, normalised like any other, first in the list', async () => {
    const me = await api.getMe();
    const created = await api.createPlaylist({ name: 'Road trip', description: 'Songs for the car', public: false });
    expect(created).toMatchObject({ name: 'Road trip', description: 'Songs for the car', public: false, collaborative: false, tracks: { total: 0 } });
    expect(created.owner.id).toBe(me.id);
    expect(created.snapshot_id).not.toBe('');
    expect((await myPlaylists(api))[0]).toEqual(created);
    expect(api.sent.filter((request) => !request.startsWith('GET'))).toEqual(['POST /me/playlists']);
  });

  it('adds at the end or at a position, resolving to the snapshot the service then has', async () => {
    const playlist = await api.createPlaylist({ name: 'Adds' });
    const [a, b, c, d] = tracks;
    const first = await api.addPlaylistItems(playlist.id, [a!, b!], null);
    expect(first).not.toBe(playlist.snapshot_id);
    await api.addPlaylistItems(playlist.id, [c!], 1);
    const last = await api.addPlaylistItems(playlist.id, [d!, a!], 0);
    expect(await entryIds(api, playlist.id)).toEqual([d, a, a, c, b].map((uri) => idOf(uri!)));
    expect(await api.getPlaylistSnapshot(playlist.id)).toBe(last);
    expect(api.sent.filter((request) => request.startsWith('POST'))).toEqual(['POST /me/playlists', ...Array(3).fill(`POST /playlists/${playlist.id}/items`)]);
  });

  it('removes every occurrence of each uri, on a snapshot or none; a snapshot no longer kept is a conflict', async () => {
    const playlist = await api.createPlaylist({ name: 'Removals' });
    const [a, b, c] = tracks;
    const snapshot = await api.addPlaylistItems(playlist.id, [a!, b!, a!, c!, b!], null);
    const next = await api.removePlaylistItems(playlist.id, [b!], snapshot);
    expect(await entryIds(api, playlist.id)).toEqual([a, a, c].map((uri) => idOf(uri!)));
    await api.removePlaylistItems(playlist.id, [a!], null);
    expect(await entryIds(api, playlist.id)).toEqual([idOf(c!)]);
    expect(await api.getPlaylistSnapshot(playlist.id)).not.toBe(next);

    const error = await rejection(api.removePlaylistItems(playlist.id, [c!], 'MTp4eHh4eHh4eHh4eHh4eHh4'));
    expect(isApiError(error) && [error.kind, error.status]).toEqual(['conflict', 409]);
    expect(await entryIds(api, playlist.id)).toEqual([idOf(c!)]);
  });

  it('renames and describes; the service then shows it', async () => {
    const playlist = await api.createPlaylist({ name: 'Before' });
    await api.changePlaylistDetails(playlist.id, { name: 'After' });
    await api.changePlaylistDetails(playlist.id, { description: 'Words' });
    expect(await api.getPlaylist(playlist.id)).toMatchObject({ name: 'After', description: 'Words' });
  });

  it('refuses before sending anything: more than 100 uris (saying to send chunks), none, a bad position, no name, nothing to change', async () => {
    const many = Array.from({ length: MAX_WRITE_URIS + 1 }, () => tracks[0]!);
    const tooMany = await rejection(api.addPlaylistItems('x', many, null));
    expect(isApiError(tooMany) && tooMany.kind).toBe('bad-request');
    expect((tooMany as Error).message).toBe('Too many uris: 101, at most 100 a request (send them in chunks of 100)');
    for (const call of [
      api.removePlaylistItems('x', many, null),
      api.addPlaylistItems('x', [], null),
      api.addPlaylistItems('x', [''], null),
      api.addPlaylistItems('x', tracks, -1),
      api.addPlaylistItems('x', tracks, 1.5),
      api.createPlaylist({ name: '  ' }),
      api.changePlaylistDetails('x', {}),
      api.changePlaylistDetails('x', { name: '' }),
    ]) {
      const error = await rejection(call);
      expect(isApiError(error) && error.kind).toBe('bad-request');
    }
    expect(api.sent).toEqual([]);
  });

  it("says why a playlist the user neither owns nor collaborates on cannot be changed", async () => {
    const me = await api.getMe();
    const theirs = (await myPlaylists(api)).find((playlist) => playlist.owner.id !== me.id && !playlist.collaborative)!;
    for (const call of [api.addPlaylistItems(theirs.id, [tracks[0]!], null), api.removePlaylistItems(theirs.id, [tracks[0]!], null)]) {
      const error = await rejection(call);
      expect(isApiError(error) && [error.kind, error.message]).toEqual(['forbidden', expect.stringContaining(NOT_WRITABLE)]);
    }
    const rename = await rejection(api.changePlaylistDetails(theirs.id, { name: 'Mine' }));
    expect(isApiError(rename) && rename.kind).toBe('forbidden');
  });
});

describe('through faults', () => {
  let proxy: FaultProxy;
  let api: Api;
  let tracks: string[];
  const isItemsWrite = (method: string, url: string) => (method === 'POST' || method === 'DELETE') && /\/items(\?|$)/.test(url);
  beforeAll(async () => {
    proxy = await startFaultProxy(service.current.baseUrl);
  });
  afterAll(() => proxy.close());
  beforeEach(async () => {
    proxy.clear();
    api = createApi({ baseUrl: proxy.baseUrl, tokens: staticToken(service.current.accessToken), retry: FAST_RETRY });
    tracks = await someTracks(api, 3);
    proxy.requests.length = 0;
  });
  const sent = () => proxy.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.url.replace(/^\/v1/, '')}`);

  it('a removal whose answer was lost is sent again and removes once', async () => {
    const playlist = await api.createPlaylist({ name: 'Lost answer' });
    await api.addPlaylistItems(playlist.id, [tracks[0]!, tracks[1]!, tracks[0]!], null);
    proxy.inject({ kind: 'drop-after-forward' }, { times: 1, match: (method) => method === 'DELETE' });
    await api.removePlaylistItems(playlist.id, [tracks[0]!], null);
    expect(proxy.count((method) => method === 'DELETE')).toBe(2);
    expect(await entryIds(api, playlist.id)).toEqual([idOf(tracks[1]!)]);
  });

  it('an add whose answer was lost is not sent again: it may have landed (it did)', async () => {
    const playlist = await api.createPlaylist({ name: 'Sent once' });
    proxy.inject({ kind: 'drop-after-forward' }, { times: 1, match: (method) => method === 'POST' });
    const error = await rejection(api.addPlaylistItems(playlist.id, [tracks[0]!], null));
    expect(isApiError(error) && error.kind).toBe('network');
    expect(proxy.count((method, url) => method === 'POST' && url.includes('/items'))).toBe(1);
    expect(await entryIds(api, playlist.id)).toEqual([idOf(tracks[0]!)]);
  });

  it('a service without the /items writes: the older /tracks path (a removal as `tracks`), for good', async () => {
    const playlist = await api.createPlaylist({ name: 'Older service' });
    proxy.inject({ kind: 'status', status: 405, body: '{"error":{"status":405,"message":"Method POST not allowed"}}' }, { match: isItemsWrite });
    proxy.requests.length = 0;
    await api.addPlaylistItems(playlist.id, [tracks[0]!, tracks[1]!], null);
    await api.removePlaylistItems(playlist.id, [tracks[0]!], null);
    expect(sent()).toEqual([`POST /playlists/${playlist.id}/items`, `POST /playlists/${playlist.id}/tracks`, `DELETE /playlists/${playlist.id}/tracks`]);
    expect(await entryIds(api, playlist.id)).toEqual([idOf(tracks[1]!)]);
  });

  it('once /items has answered, a 404 there is the playlist\'s own: no second request', async () => {
    const playlist = await api.createPlaylist({ name: 'Known path' });
    await api.addPlaylistItems(playlist.id, [tracks[0]!], null);
    proxy.requests.length = 0;
    const missing = 'p'.padEnd(22, '9');
    const error = await rejection(api.removePlaylistItems(missing, [tracks[0]!], null));
    expect(isApiError(error) && error.kind).toBe('not-found');
    expect(sent()).toEqual([`DELETE /playlists/${missing}/items`]);
  });

  it('an unknown playlist on a client that knows no path yet: both asked, the first answer reported', async () => {
    const missing = 'p'.padEnd(22, '9');
    const error = await rejection(api.addPlaylistItems(missing, [tracks[0]!], null));
    expect(isApiError(error) && [error.kind, error.message]).toEqual(['not-found', expect.stringContaining('/items')]);
    expect(sent()).toEqual([`POST /playlists/${missing}/items`, `POST /playlists/${missing}/tracks`]);
  });

  it('a service without POST /me/playlists: POST /users/{id}/playlists with the user\'s id, for good', async () => {
    proxy.inject({ kind: 'status', status: 405, body: '{"error":{"status":405,"message":"Method POST not allowed"}}' }, { match: (method, url) => method === 'POST' && url.endsWith('/me/playlists') });
    const me = await api.getMe();
    const created: SimplifiedPlaylist = await api.createPlaylist({ name: 'Older create' });
    await api.createPlaylist({ name: 'Older create, again' });
    expect(created.name).toBe('Older create');
    expect(sent()).toEqual(['POST /me/playlists', `POST /users/${me.id}/playlists`, `POST /users/${me.id}/playlists`]);
  });
});

describe('on a development-mode service', () => {
  let dev: RunningService;
  let api: Api & { sent: string[] };
  beforeAll(async () => {
    dev = await startService({ port: 0, db: ':memory:', devMode: true });
    api = recordingApi(dev.baseUrl, dev.accessToken);
  });
  afterAll(() => dev.close());

  it('creates, adds, removes and renames on the paths it serves, never the older ones', async () => {
    const tracks = await someTracks(api, 2);
    const playlist = await api.createPlaylist({ name: 'Dev mode' });
    await api.addPlaylistItems(playlist.id, tracks, null);
    await api.removePlaylistItems(playlist.id, [tracks[0]!], await api.getPlaylistSnapshot(playlist.id));
    await api.changePlaylistDetails(playlist.id, { name: 'Dev mode, renamed' });
    expect(await entryIds(api, playlist.id)).toEqual([idOf(tracks[1]!)]);
    expect((await api.getPlaylist(playlist.id)).name).toBe('Dev mode, renamed');
    expect(api.sent.filter((request) => /\/tracks$|\/users\//.test(request) && !request.startsWith('GET'))).toEqual([]);
  });

  it('says in plain words why a followed playlist cannot be changed (the service answers a bare 403)', async () => {
    const me = await api.getMe();
    const theirs = (await myPlaylists(api)).find((playlist) => playlist.owner.id !== me.id && !playlist.collaborative)!;
    const [track] = await someTracks(api, 1);
    for (const call of [api.addPlaylistItems(theirs.id, [track!], null), api.removePlaylistItems(theirs.id, [track!], null)]) {
      const error = await rejection(call);
      expect(isApiError(error) && [error.kind, error.message]).toEqual(['forbidden', UNWRITABLE_PLAYLIST_REFUSED]);
    }
  });
});
