/**
 * The client's behaviour under faults, with the fault proxy between it and the real embedded service:
 * the 429 gate, retries through 500s and dropped connections, timeouts, and the 401 refresh.
 * Durations are small and configured on the client; assertions are on counts and ordering.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Api, ConnectionStatus } from '../../src/api/api.js';
import { createApi, isApiError, staticToken, type CreateApiOptions } from '../../src/api/index.js';
import type { SimplifiedPlaylist } from '../../src/api/types.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { entryIds, moved, myPlaylists, useService } from './service-fixture.js';

const service = useService();
let proxy: FaultProxy;

const FAST_RETRY = { limit: 4, backoffBaseMs: 20, backoffLimitMs: 100, maxRetryAfterMs: 5_000 };
const rejection = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
const isPut = (method: string) => method === 'PUT';
const isPost = (method: string) => method === 'POST';

function proxiedApi(options: Partial<CreateApiOptions> = {}): Api & { statuses: ConnectionStatus[] } {
  const api = createApi({
    baseUrl: proxy.baseUrl,
    tokens: staticToken(service.current.accessToken),
    retry: FAST_RETRY,
    ...options,
  });
  const statuses: ConnectionStatus[] = [];
  api.onConnectionChange((status) => statuses.push(status));
  return Object.assign(api, { statuses });
}

function nextStatus(api: Api, state: ConnectionStatus['state']): Promise<ConnectionStatus> {
  return new Promise((resolve) => {
    const unsubscribe = api.onConnectionChange((status) => {
      if (status.state === state) {
        unsubscribe();
        resolve(status);
      }
    });
  });
}

beforeAll(async () => {
  proxy = await startFaultProxy(service.current.baseUrl);
});
afterAll(async () => {
  await proxy.close();
});
beforeEach(() => {
  proxy.clear();
  proxy.requests.length = 0;
});

describe('rate limiting', () => {
  it('holds every request of every kind behind the gate a 429 closed, then succeeds', async () => {
    const api = proxiedApi();
    proxy.inject({ kind: 'status', status: 429, headers: { 'retry-after': '1' }, body: '{"error":{"status":429,"message":"API rate limit exceeded"}}' }, { times: 1 });
    const limited = nextStatus(api, 'rate-limited');
    const first = api.getMe();
    const status = await limited;
    if (status.state !== 'rate-limited') throw new Error('unreachable');
    // Other pollers and a command, started while the gate is closed.
    const others = Promise.all([api.getPlaybackState(), api.getMyPlaylists({ limit: 5, offset: 0 }), api.setRepeat('off')]);
    const [me] = await Promise.all([first, others]);
    expect(me.display_name).toBe('Playdeck Demo');
    expect(proxy.requests).toHaveLength(5);
    expect(proxy.requests[0]!.status).toBe(429);
    for (const request of proxy.requests.slice(1)) expect(request.at).toBeGreaterThanOrEqual(status.until);
    expect(api.getConnection()).toEqual({ state: 'online' });
  });

  it('closes the gate with its own backoff when Retry-After is missing or 0', async () => {
    const api = proxiedApi();
    proxy.inject({ kind: 'status', status: 429, headers: { 'retry-after': '0' } }, { times: 2 });
    const limited = nextStatus(api, 'rate-limited');
    const me = api.getMe();
    const status = await limited;
    await me;
    expect(proxy.requests).toHaveLength(3);
    if (status.state !== 'rate-limited') throw new Error('unreachable');
    expect(proxy.requests[1]!.at).toBeGreaterThanOrEqual(status.until);
  });

  it('fails at once, sending nothing more, when the service asks for a longer wait than allowed', async () => {
    const api = proxiedApi();
    proxy.inject({ kind: 'status', status: 429, headers: { 'retry-after': '3600' } }, { times: 1 });
    const error = await rejection(api.getMe());
    expect(isApiError(error) && error.kind).toBe('rate-limited');
    expect(isApiError(error) && error.details.retryAfterMs).toBeGreaterThan(3_500_000);
    const again = await rejection(api.getPlaybackState());
    expect(isApiError(again) && again.kind).toBe('rate-limited');
    expect(proxy.requests).toHaveLength(1);
    expect(api.getConnection().state).toBe('rate-limited');
  });
});

describe('server errors and dropped connections', () => {
  it('retries a GET through 500s and reports retrying, then online', async () => {
    const api = proxiedApi();
    proxy.inject({ kind: 'status', status: 500 }, { times: 3 });
    expect((await api.getMe()).country).toBe('GB');
    expect(proxy.requests.map((request) => request.status)).toEqual([500, 500, 500, 200]);
    expect(api.statuses.map((status) => status.state)).toEqual(['retrying', 'online']);
  });

  it('gives up after the retry limit as unavailable and says so, then recovers on the next success', async () => {
    const api = proxiedApi();
    proxy.inject({ kind: 'status', status: 503, body: '{"error":{"status":503,"message":"Down for maintenance"}}' });
    const error = await rejection(api.getMe());
    expect(isApiError(error) && error.kind).toBe('unavailable');
    expect(proxy.requests).toHaveLength(1 + FAST_RETRY.limit);
    expect(api.getConnection()).toMatchObject({ state: 'offline', message: expect.stringContaining('Down for maintenance') });
    proxy.clear();
    await api.getMe();
    expect(api.getConnection()).toEqual({ state: 'online' });
  });

  it('retries a GET whose connection was dropped', async () => {
    const api = proxiedApi();
    proxy.inject({ kind: 'drop' }, { times: 1 });
    await api.getMe();
    expect(proxy.requests.map((request) => request.fault)).toEqual(['drop', null]);
  });

  it('reports a service that cannot be reached as offline', async () => {
    const api = createApi({ baseUrl: 'http://127.0.0.1:9/v1', tokens: staticToken('t'), retry: { ...FAST_RETRY, limit: 1 } });
    const error = await rejection(api.getMe());
    expect(isApiError(error) && error.kind).toBe('network');
    expect(api.getConnection()).toMatchObject({ state: 'offline', message: expect.stringContaining('connection refused') });
  });
});

describe('saving a reorder through faults', () => {
  let playlist: SimplifiedPlaylist;

  beforeAll(async () => {
    const direct = createApi({ baseUrl: service.current.baseUrl, tokens: staticToken(service.current.accessToken) });
    const me = await direct.getMe();
    playlist = (await myPlaylists(direct)).find((candidate) => candidate.owner.id === me.id && candidate.tracks.total < 100)!;
  });

  it('reaches the service after it stops answering 500', async () => {
    const api = proxiedApi();
    const before = await entryIds(api, playlist.id);
    const { snapshot_id } = await api.getPlaylist(playlist.id);
    proxy.inject({ kind: 'status', status: 500 }, { times: 3, match: isPut });
    await api.reorderPlaylistItems(playlist.id, { rangeStart: 0, insertBefore: 5, rangeLength: 2, snapshotId: snapshot_id });
    expect(proxy.count(isPut)).toBe(4);
    expect(await entryIds(api, playlist.id)).toEqual(moved(before, 0, 5, 2));
  });

  it('applies once when the first attempt landed but its answer was lost', async () => {
    const api = proxiedApi();
    const before = await entryIds(api, playlist.id);
    const { snapshot_id } = await api.getPlaylist(playlist.id);
    proxy.inject({ kind: 'drop-after-forward' }, { times: 1, match: isPut });
    const next = await api.reorderPlaylistItems(playlist.id, { rangeStart: 3, insertBefore: 0, rangeLength: 2, snapshotId: snapshot_id });
    expect(proxy.count(isPut)).toBe(2);
    expect(await entryIds(api, playlist.id)).toEqual(moved(before, 3, 0, 2));
    expect((await api.getPlaylist(playlist.id)).snapshot_id).toBe(next);
  });
});

describe('player commands', () => {
  it('does not repeat a command whose connection dropped after the service may have acted', async () => {
    const api = proxiedApi();
    proxy.inject({ kind: 'drop-after-forward' }, { times: 1, match: isPost });
    const error = await rejection(api.next());
    expect(isApiError(error) && error.kind).toBe('network');
    expect(proxy.count(isPost)).toBe(1);
  });

  it('does not repeat a command answered 500', async () => {
    const api = proxiedApi();
    proxy.inject({ kind: 'status', status: 500 }, { times: 1, match: isPut });
    const error = await rejection(api.setShuffle(false));
    expect(isApiError(error) && error.kind).toBe('unavailable');
    expect(proxy.count(isPut)).toBe(1);
  });

  it('repeats a command the service refused with 429, after the gate opens', async () => {
    const api = proxiedApi();
    proxy.inject({ kind: 'status', status: 429, headers: { 'retry-after': '1' } }, { times: 1, match: isPut });
    await api.setRepeat('off');
    expect(proxy.requests.map((request) => request.status)).toEqual([429, 204]);
  });
});

describe('timeouts', () => {
  it('retries a GET slower than the response timeout, and fails a command as a timeout', async () => {
    // Generous against a busy machine: only the held-back answers should time out.
    const api = proxiedApi({ timeouts: { responseMs: 500 } });
    proxy.inject({ kind: 'delay', ms: 5_000 }, { times: 1 });
    expect((await api.getMe()).country).toBe('GB');
    expect(proxy.requests.map((request) => request.fault)).toEqual(['delay', null]);

    proxy.inject({ kind: 'delay', ms: 5_000 }, { times: 1, match: isPut });
    const error = await rejection(api.setRepeat('off'));
    expect(isApiError(error) && error.kind).toBe('timeout');
    expect(proxy.count(isPut)).toBe(1);
  });

  it('gives up a call whose caller aborted it, as aborted', async () => {
    const api = proxiedApi();
    proxy.inject({ kind: 'delay', ms: 1_000 }, { times: 1 });
    const controller = new AbortController();
    const pending = rejection(api.getMe({ signal: controller.signal }));
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const error = await pending;
    expect(isApiError(error) && error.kind).toBe('aborted');
  });
});

describe('401 and token refresh', () => {
  it('refreshes once for concurrent requests refused together, and retries them with the new token', async () => {
    let current = 'expired-token-0123456789';
    let refreshes = 0;
    const api = proxiedApi({
      tokens: {
        token: async () => current,
        refresh: async () => {
          refreshes += 1;
          current = service.current.accessToken;
          return current;
        },
      },
    });
    const results = await Promise.all([api.getMe(), api.getPlaybackState(), api.getSavedShows({ limit: 5, offset: 0 })]);
    expect(results[0].country).toBe('GB');
    expect(refreshes).toBe(1);
    expect(proxy.requests.filter((request) => request.status === 401).length).toBeGreaterThanOrEqual(1);
    expect(proxy.requests.filter((request) => request.status === 401).length).toBeLessThanOrEqual(3);
    expect(api.getConnection()).toEqual({ state: 'online' });
  });

  it('reports unauthorized when the refresh yields nothing, and refreshes no more than once per call', async () => {
    let refreshes = 0;
    const api = proxiedApi({
      tokens: {
        token: async () => 'revoked-token-0123456789',
        refresh: async () => {
          refreshes += 1;
          return null;
        },
      },
    });
    const error = await rejection(api.getMe());
    expect(isApiError(error) && error.kind).toBe('unauthorized');
    expect(refreshes).toBe(1);
    expect(proxy.requests).toHaveLength(1);
    expect(api.getConnection().state).toBe('unauthorized');
  });
});
