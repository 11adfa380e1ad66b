/**
 * Bodies no real service should send, and error shapes of other services, served by a tiny loopback
 * server: the client must make sense of them or fail with a clear `ApiError`, never crash.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/api.js';
import { createApi, isApiError, staticToken } from '../../src/api/index.js';
import { startCannedServer, type CannedAnswer, type CannedServer, type SeenRequest } from './canned-server.js';

const TOKEN = 'secret-token-abcdef123456';
let server: CannedServer | undefined;

async function apiAnswering(answer: (request: SeenRequest) => CannedAnswer): Promise<Api> {
  server = await startCannedServer(answer);
  return createApi({ baseUrl: server.baseUrl, tokens: staticToken(TOKEN), retry: { limit: 0 } });
}

const rejection = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

async function expectMalformed(promise: Promise<unknown>): Promise<void> {
  const error = await rejection(promise);
  expect(isApiError(error) && error.kind).toBe('malformed');
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('bodies that cannot be made sense of', () => {
  it('is malformed when a 200 is not JSON, empty, or not the object asked for', async () => {
    const bodies = ['<html>oops</html>', undefined, [1, 2], 'null', '"track"'];
    let index = 0;
    const api = await apiAnswering(() => ({ body: bodies[index++] }));
    for (const _ of bodies) await expectMalformed(api.getTrack('abc'));
  });

  it('is malformed when a several-ids answer lacks its list or a write lacks its snapshot', async () => {
    const api = await apiAnswering(() => ({ body: {} }));
    await expectMalformed(api.getTracks(['a', 'b']));
    await expectMalformed(api.reorderPlaylistItems('p', { rangeStart: 0, insertBefore: 2, rangeLength: 1, snapshotId: 's' }));
  });

  it('is malformed on a 304 to a request that was not conditional', async () => {
    const api = await apiAnswering(() => ({ status: 304 }));
    await expectMalformed(api.getMe());
  });
});

describe('bodies that can', () => {
  it('reads 204 and an empty 200 from the player as nothing playing', async () => {
    let index = 0;
    const api = await apiAnswering(() => (index++ === 0 ? { status: 204 } : { status: 200 }));
    expect(await api.getPlaybackState()).toBeNull();
    expect(await api.getPlaybackState()).toBeNull();
  });

  it('keeps each playlist entry in its place whatever it holds', async () => {
    const api = await apiAnswering(() => ({
      body: {
        total: '4',
        items: [
          { item: { type: 'track', id: 'a', album: null } },
          null,
          { track: { type: 'audio-ad', id: 'x' } },
          { track: { type: 'episode', id: 'e', show: null } },
        ],
      },
    }));
    const page = await api.getPlaylistItems('p', { limit: 4, offset: 0 });
    expect(page.total).toBe(4);
    expect(page.items.map((item) => item.track?.id ?? null)).toEqual(['a', null, null, 'e']);
  });

  it('resolves an identical body without an ETag to the same object', async () => {
    const api = await apiAnswering(() => ({ body: { is_playing: false, device: { name: 'Den' }, item: null } }));
    const first = await api.getPlaybackState();
    expect(first?.device.name).toBe('Den');
    expect(await api.getPlaybackState()).toBe(first);
  });

  it('sends If-None-Match with the last ETag and resolves 304 to the last object', async () => {
    const api = await apiAnswering((request) =>
      request.headers['if-none-match'] === '"v1"' ? { status: 304 } : { headers: { etag: '"v1"' }, body: { id: 'me' } },
    );
    const first = await api.getMe();
    expect(await api.getMe()).toBe(first);
    expect(server!.requests.map((request) => request.headers['if-none-match'] ?? null)).toEqual([null, '"v1"']);
  });
});

describe('error bodies', () => {
  it('uses the message of {"error":{"status","message"}} and the reason of a refused command', async () => {
    const api = await apiAnswering(() => ({
      status: 403,
      body: { error: { status: 403, message: 'Player command failed: Restriction violated', reason: 'ALREADY_PAUSED' } },
    }));
    const error = await rejection(api.pause());
    expect(isApiError(error) && error.message).toMatch(/^Player command failed: Restriction violated \(403, PUT \/v1\/me\/player\/pause\)$/);
    expect(isApiError(error) && error.details).toEqual({ status: 403, reason: 'ALREADY_PAUSED' });
  });

  it('reads the OAuth shape {"error", "error_description"}', async () => {
    const api = await apiAnswering(() => ({ status: 401, body: { error: 'invalid_token', error_description: 'The access token expired' } }));
    const error = await rejection(api.getMe());
    expect(isApiError(error) && error.kind).toBe('unauthorized');
    expect(isApiError(error) && error.message).toContain('The access token expired (invalid_token)');
  });

  it('falls back to the status line when the body is not an error object', async () => {
    const api = await apiAnswering(() => ({ status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>Bad gateway</h1>' }));
    const error = await rejection(api.getMe());
    expect(isApiError(error) && error.kind).toBe('unavailable');
    expect(isApiError(error) && error.message).toContain('HTTP 502 Bad Gateway');
  });

  it('never puts the access token in a message, even when the service echoes it', async () => {
    const api = await apiAnswering(() => ({
      status: 400,
      body: { error: { status: 400, message: `Bad header: Authorization: Bearer ${TOKEN}; token ${TOKEN}` } },
    }));
    const error = await rejection(api.getMe());
    expect(isApiError(error) && error.kind).toBe('bad-request');
    expect(String((error as Error).message)).not.toContain(TOKEN);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });
});

describe('playlist items path', () => {
  it('moves to /items for good once /tracks is refused where /items works', async () => {
    const api = await apiAnswering((request) =>
      request.url.includes('/tracks')
        ? { status: 404, body: { error: { status: 404, message: 'Resource not found' } } }
        : { body: request.method === 'PUT' ? { snapshot_id: 'snap-2' } : { items: [], total: 0 } },
    );
    await api.getPlaylistItems('p', { limit: 10, offset: 0 });
    await api.getPlaylistItems('p', { limit: 10, offset: 10 });
    expect(await api.reorderPlaylistItems('p', { rangeStart: 0, insertBefore: 2, rangeLength: 1, snapshotId: 's' })).toBe('snap-2');
    expect(server!.requests.map((request) => `${request.method} ${request.url.split('?')[0]}`)).toEqual([
      'GET /v1/playlists/p/tracks',
      'GET /v1/playlists/p/items',
      'GET /v1/playlists/p/items',
      'PUT /v1/playlists/p/items',
    ]);
    expect(JSON.parse(server!.requests[3]!.body)).toEqual({ range_start: 0, insert_before: 2, range_length: 1, snapshot_id: 's' });
  });

  it('stays on /tracks when both refuse, reporting the first answer', async () => {
    const api = await apiAnswering(() => ({ status: 404, body: { error: { status: 404, message: 'Resource not found' } } }));
    const error = await rejection(api.getPlaylistItems('p', { limit: 10, offset: 0 }));
    expect(isApiError(error) && error.kind).toBe('not-found');
    await rejection(api.getPlaylistItems('p', { limit: 10, offset: 0 }));
    expect(server!.requests.map((request) => request.url.split('?')[0])).toEqual([
      '/v1/playlists/p/tracks',
      '/v1/playlists/p/items',
      '/v1/playlists/p/tracks',
      '/v1/playlists/p/items',
    ]);
  });
});
