/**
 * Saving, removing and contains against the real embedded service: by `/me/library` where it is served
 * (also in dev mode, where the per-type routes are refused), and by the per-type routes where it is refused
 * (an older service: the fault proxy answers 404 for `/me/library`, and only for it).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/api.js';
import { createApi, staticToken } from '../../src/api/index.js';
import type { SavedTrack } from '../../src/api/library-types.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { readable } from '../helpers/readable.js';
import { useService } from './service-fixture.js';

const service = useService();
const devService = useService({ devMode: true });
let proxy: FaultProxy | null = null;
afterEach(async () => {
  await proxy?.close();
  proxy = null;
});

interface Counted {
  api: Api;
  sent: string[];
}

function client(baseUrl: string, token: string): Counted {
  const sent: string[] = [];
  const api = createApi({ baseUrl, tokens: staticToken(token), onRequest: (method, url) => sent.push(`${method} ${new URL(url).pathname}`) });
  return { api, sent };
}

/** URIs of a few things to like: tracks not liked yet, an album, an artist, a show. */
async function somethingToLike(api: Api): Promise<string[]> {
  const liked = new Set((readable((await api.getSavedTracks({ limit: 50, offset: 0 })).items) as SavedTrack[]).map((saved) => saved.track.id));
  const found = readable((await api.search('the', ['track', 'album', 'artist', 'show'], { limit: 10, offset: 0 })).tracks!.items);
  const tracks = found.filter((track) => !liked.has(track.id)).slice(0, 2).map((track) => track.uri);
  const more = await api.search('the', ['album', 'artist', 'show'], { limit: 1, offset: 0 });
  return [...tracks, readable(more.albums!.items)[0]!.uri, readable(more.artists!.items)[0]!.uri, readable(more.shows!.items)[0]!.uri];
}

async function roundTrip(api: Api, uris: string[]): Promise<void> {
  await api.removeFromLibrary(uris);
  expect(await api.libraryContains(uris)).toEqual(uris.map(() => false));
  await api.saveToLibrary(uris);
  expect(await api.libraryContains(uris)).toEqual(uris.map(() => true));
  // A liked song is the newest of the liked songs.
  const newest = readable((await api.getSavedTracks({ limit: 1, offset: 0 })).items)[0] as SavedTrack;
  expect(uris).toContain(newest.track.uri);
  await api.removeFromLibrary(uris);
  expect(await api.libraryContains(uris)).toEqual(uris.map(() => false));
}

describe('saving to the library', () => {
  beforeAll(() => expect(service.current).toBeDefined());

  it('goes through /me/library on a service that has it', async () => {
    const { api, sent } = client(service.current.baseUrl, service.current.accessToken);
    const uris = await somethingToLike(api);
    sent.length = 0;
    await roundTrip(api, uris);
    expect(sent.filter((request) => !request.endsWith('/me/tracks'))).toEqual(sent.filter((request) => request.includes('/me/library')));
  });

  it('goes through /me/library in dev mode, where the per-type routes are refused', async () => {
    const { api, sent } = client(devService.current.baseUrl, devService.current.accessToken);
    const uris = await somethingToLike(api);
    sent.length = 0;
    await roundTrip(api, uris);
    expect(sent.some((request) => request.includes('/me/library'))).toBe(true);
    expect(sent.some((request) => /\/me\/(tracks|albums|shows)\?|following/.test(request))).toBe(false);
  });

  it('falls back to the per-type routes where /me/library is refused, and keeps to them', async () => {
    proxy = await startFaultProxy(service.current.baseUrl);
    proxy.inject({ kind: 'status', status: 404, body: '{"error":{"status":404,"message":"Service not found"}}' }, { match: (_method, url) => url.includes('/me/library') });
    const { api, sent } = client(proxy.baseUrl, service.current.accessToken);
    const uris = await somethingToLike(api);
    sent.length = 0;
    await roundTrip(api, uris);
    // Only the first write asked /me/library; then every write and contains, the routes of each kind.
    expect(sent.filter((request) => request.includes('/me/library'))).toEqual(['DELETE /v1/me/library']);
    expect(sent).toContain('PUT /v1/me/tracks');
    expect(sent).toContain('PUT /v1/me/albums');
    expect(sent).toContain('PUT /v1/me/following');
    expect(sent).toContain('GET /v1/me/following/contains');
  });

  it('reports the first refusal when both ways refuse', async () => {
    const { api } = client(service.current.baseUrl, service.current.accessToken);
    await expect(api.saveToLibrary(['playdeck:track:0000000000000000000000'])).rejects.toMatchObject({ kind: 'not-found', message: /no track/ });
  });

  it('asks contains in batches of the service limit (40), answers in order', async () => {
    const { api, sent } = client(service.current.baseUrl, service.current.accessToken);
    const liked = (readable((await api.getSavedTracks({ limit: 50, offset: 0 })).items) as SavedTrack[]).map((saved) => saved.track.uri);
    const unknown = Array.from({ length: 45 }, (_, n) => `playdeck:track:${String(n).padStart(22, '0')}`);
    const uris = liked.flatMap((uri, n) => (n < 45 ? [uri, unknown[n]!] : [uri]));
    sent.length = 0;
    const answers = await api.libraryContains(uris);
    expect(sent).toEqual(['GET /v1/me/library/contains', 'GET /v1/me/library/contains', 'GET /v1/me/library/contains']);
    expect(answers).toEqual(uris.map((uri) => liked.includes(uri)));
  });

  it('refuses a URI it cannot read before sending anything', async () => {
    const { api, sent } = client(service.current.baseUrl, service.current.accessToken);
    await expect(api.saveToLibrary(['not a uri'])).rejects.toMatchObject({ kind: 'bad-request' });
    await expect(api.libraryContains(['playdeck:chapter:x'])).rejects.toMatchObject({ kind: 'bad-request' });
    expect(sent).toEqual([]);
  });
});

describe('search on a dev-mode service', () => {
  it('asks 10 a page once a larger page was refused with 400 Invalid limit', async () => {
    const { api, sent } = client(devService.current.baseUrl, devService.current.accessToken);
    const first = await api.search('the', ['track'], { limit: 20, offset: 0 });
    expect(first.tracks!.limit).toBe(10);
    expect(first.tracks!.items).toHaveLength(10);
    expect(sent).toEqual(['GET /v1/search', 'GET /v1/search']);
    await api.search('the', ['track'], { limit: 20, offset: 10 });
    expect(sent).toHaveLength(3);
  });
});
