/** Every operation of the client against the real embedded service (no mock of HTTP). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/api.js';
import { createApi, isApiError, staticToken } from '../../src/api/index.js';
import { allPages } from '../../src/api/paging.js';
import type { SimplifiedPlaylist } from '../../src/api/types.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { readable } from '../helpers/readable.js';
import { entryIds, moved, myPlaylists, useService } from './service-fixture.js';

const service = useService();
let api: Api;
let playlists: SimplifiedPlaylist[];
let sent: string[];

const rejection = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

beforeAll(async () => {
  sent = [];
  api = createApi({
    baseUrl: service.current.baseUrl,
    tokens: staticToken(service.current.accessToken),
    onRequest: (method, url) => sent.push(`${method} ${url}`),
  });
  playlists = await myPlaylists(api);
});

describe('profile and playlists', () => {
  it('reads the demo user', async () => {
    expect(await api.getMe()).toMatchObject({ display_name: 'Playdeck Demo', country: 'GB' });
  });

  it('lists the playlists with their snapshot and item count, and reads one', async () => {
    const big = playlists.find((playlist) => playlist.tracks.total === 10_000);
    expect(big).toBeDefined();
    const playlist = await api.getPlaylist(big!.id);
    expect(playlist).toMatchObject({ id: big!.id, snapshot_id: big!.snapshot_id, tracks: { total: 10_000 } });
  });

  it('pages through the 10,000-item playlist, one request per page', async () => {
    const big = playlists.find((playlist) => playlist.tracks.total === 10_000)!;
    const before = sent.length;
    let count = 0;
    let pages = 0;
    for await (const page of allPages((page) => api.getPlaylistItems(big.id, page), 100)) {
      expect(page.offset).toBe(count);
      count += page.items.length;
      pages += 1;
    }
    expect(count).toBe(10_000);
    expect(pages).toBe(100);
    expect(sent.length - before).toBe(100);
  });

  it('reads a page at any offset, the last one included', async () => {
    const big = playlists.find((playlist) => playlist.tracks.total === 10_000)!;
    const last = await api.getPlaylistItems(big.id, { limit: 100, offset: 9_950 });
    expect(last.items).toHaveLength(50);
    expect(last.next).toBeNull();
    expect(last.items.every((item) => item.track !== null && item.added_at !== '')).toBe(true);
  });

  it('reads the playlist that mixes tracks and episodes with both kinds of entries', async () => {
    const types = new Set<string>();
    for (const playlist of playlists) {
      const page = await api.getPlaylistItems(playlist.id, { limit: 100, offset: 0 });
      for (const item of page.items) types.add(item.track?.type ?? 'null');
    }
    expect([...types].sort()).toEqual(['episode', 'track']);
  });

  it('reorders with the snapshot and resolves to the new snapshot', async () => {
    const playlist = playlists.find((candidate) => candidate.tracks.total < 100 && candidate.tracks.total > 10)!;
    const before = await entryIds(api, playlist.id);
    const snapshot = (await api.getPlaylist(playlist.id)).snapshot_id;
    const next = await api.reorderPlaylistItems(playlist.id, { rangeStart: 2, insertBefore: 8, rangeLength: 3, snapshotId: snapshot });
    expect(next).not.toBe(snapshot);
    expect(await entryIds(api, playlist.id)).toEqual(moved(before, 2, 8, 3));
    expect((await api.getPlaylist(playlist.id)).snapshot_id).toBe(next);
  });

  it('replaces and clears a playlist', async () => {
    const me = await api.getMe();
    const playlist = playlists.filter((candidate) => candidate.owner.id === me.id).at(-1)!;
    const page = await api.getPlaylistItems(playlist.id, { limit: 3, offset: 0 });
    const uris = page.items.map((item) => item.track!.uri).reverse();
    await api.replacePlaylistItems(playlist.id, uris);
    expect(await entryIds(api, playlist.id)).toEqual(uris.map((uri) => uri.split(':').pop()));
    await api.replacePlaylistItems(playlist.id, []);
    expect(await entryIds(api, playlist.id)).toEqual([]);
  });
});

describe('conditional requests', () => {
  let proxy: FaultProxy;
  let viaProxy: Api;

  beforeAll(async () => {
    proxy = await startFaultProxy(service.current.baseUrl);
    viaProxy = createApi({ baseUrl: proxy.baseUrl, tokens: staticToken(service.current.accessToken) });
    return () => proxy.close();
  });

  it('resolves a repeated GET answered 304 to the very same object', async () => {
    const playlist = playlists[0]!;
    const first = await viaProxy.getPlaylistItems(playlist.id, { limit: 20, offset: 0 });
    const second = await viaProxy.getPlaylistItems(playlist.id, { limit: 20, offset: 0 });
    expect(second).toBe(first);
    const [firstSeen, secondSeen] = proxy.requests.slice(-2);
    expect(firstSeen!.status).toBe(200);
    expect(secondSeen!.headers['if-none-match']).toBeTruthy();
    expect(secondSeen!.status).toBe(304);
  });

  it('gives a new object once the resource has changed', async () => {
    const playlist = playlists[1]!;
    const first = await viaProxy.getPlaylist(playlist.id);
    await viaProxy.reorderPlaylistItems(playlist.id, { rangeStart: 0, insertBefore: 2, rangeLength: 1, snapshotId: first.snapshot_id });
    const second = await viaProxy.getPlaylist(playlist.id);
    expect(second).not.toBe(first);
    expect(second.snapshot_id).not.toBe(first.snapshot_id);
    expect(proxy.requests.at(-1)!.status).toBe(200);
  });

  it('resolves an unchanged playback state to the same object though it has no ETag', async () => {
    await viaProxy.pause().catch(() => undefined);
    const first = await viaProxy.getPlaybackState();
    const second = await viaProxy.getPlaybackState();
    expect(first?.is_playing).toBe(false);
    expect(second).toBe(first);
  });
});

describe('library and catalog', () => {
  it('reads saved shows, saved audiobooks and an audiobook\'s chapters', async () => {
    const shows = await api.getSavedShows({ limit: 50, offset: 0 });
    expect(shows.items.length).toBeGreaterThan(0);
    expect(readable(shows.items)[0]!.show.type).toBe('show');
    const audiobooks = await api.getSavedAudiobooks({ limit: 50, offset: 0 });
    expect(audiobooks.items.length).toBeGreaterThan(0);
    const chapters = await api.getAudiobookChapters(readable(audiobooks.items)[0]!.audiobook.id, { limit: 5, offset: 0 });
    expect(chapters.items).toHaveLength(5);
    expect(readable(chapters.items).every((chapter) => chapter.type === 'chapter')).toBe(true);
  });

  it('reads one chapter, with its audiobook, and several in request order', async () => {
    const audiobook = readable((await api.getSavedAudiobooks({ limit: 1, offset: 0 })).items)[0]!.audiobook;
    const chapters = readable((await api.getAudiobookChapters(audiobook.id, { limit: 3, offset: 0 })).items);
    const chapter = await api.getChapter(chapters[1]!.id);
    expect(chapter).toMatchObject({ type: 'chapter', id: chapters[1]!.id, audiobook: { id: audiobook.id } });
    const ids = chapters.map((entry) => entry.id).reverse();
    expect((await api.getChapters(ids)).map((entry) => entry?.id)).toEqual(ids);
  });

  it('reads an episode and a track', async () => {
    const mixed = await Promise.all(playlists.map((playlist) => api.getPlaylistItems(playlist.id, { limit: 100, offset: 0 })));
    const items = mixed.flatMap((page) => page.items);
    const episode = items.find((item) => item.track?.type === 'episode')!.track!;
    const track = items.find((item) => item.track?.type === 'track')!.track!;
    expect(await api.getEpisode(episode.id)).toMatchObject({ type: 'episode', id: episode.id, show: { type: 'show' } });
    expect(await api.getTrack(track.id)).toMatchObject({ type: 'track', id: track.id });
  });

  it('reads several tracks in chunks of 50, in request order, null for an unknown id', async () => {
    const big = playlists.find((playlist) => playlist.tracks.total === 10_000)!;
    const page = await api.getPlaylistItems(big.id, { limit: 100, offset: 0 });
    const ids = [...new Set(page.items.map((item) => item.track!.id))].slice(0, 60);
    ids.splice(55, 0, '0000000000000000000000');
    const before = sent.length;
    const tracks = await api.getTracks(ids);
    expect(sent.slice(before).filter((line) => line.includes('/tracks?ids='))).toHaveLength(2);
    expect(tracks.map((track) => track?.id ?? null)).toEqual(ids.map((id) => (id.startsWith('0000') ? null : id)));
    expect(await api.getTracks([])).toEqual([]);
  });
});

describe('player', () => {
  it('reads the playback state with a device and permitted actions', async () => {
    const state = await api.getPlaybackState();
    expect(state?.device.is_active).toBe(true);
    expect(state?.item).not.toBeNull();
    expect(typeof state?.actions.pausing).toBe('boolean');
  });

  it('plays, pauses, seeks, skips and sets shuffle and repeat', async () => {
    await api.play().catch(() => undefined);
    await api.pause();
    expect((await api.getPlaybackState())?.is_playing).toBe(false);
    await api.play();
    await api.seek(5_000);
    const before = (await api.getPlaybackState())!;
    expect(before.progress_ms).toBeGreaterThanOrEqual(5_000);
    await api.next();
    expect((await api.getPlaybackState())?.item?.id).not.toBe(before.item?.id);
    await api.previous();
    await api.setShuffle(true);
    await api.setRepeat('context');
    expect(await api.getPlaybackState()).toMatchObject({ shuffle_state: true, repeat_state: 'context' });
    await api.setShuffle(false);
    await api.setRepeat('off');
  });

  it('reports a refused command as forbidden with the service\'s reason', async () => {
    await api.pause().catch(() => undefined);
    const error = await rejection(api.pause());
    expect(isApiError(error) && error.kind).toBe('forbidden');
    expect(isApiError(error) && error.details.reason).toBeTruthy();
  });
});

describe('errors', () => {
  it('maps a well-formed unknown id to not-found with the service\'s message', async () => {
    const error = await rejection(api.getTrack('0000000000000000000000'));
    expect(isApiError(error) && error.kind).toBe('not-found');
    expect(isApiError(error) && error.message).toMatch(/not found.*404/i);
  });

  it('refuses bad arguments before sending anything', async () => {
    const before = sent.length;
    for (const call of [
      api.getMyPlaylists({ limit: 0, offset: 0 }),
      api.getPlaylistItems('x', { limit: 101, offset: 0 }),
      api.getSavedShows({ limit: 10, offset: -1 }),
      api.getTrack(''),
      api.getTracks(['a,b']),
      api.seek(-5),
      api.setRepeat('always' as 'off'),
      api.reorderPlaylistItems('x', { rangeStart: 1.5, insertBefore: 0, rangeLength: 1, snapshotId: 's' }),
      api.replacePlaylistItems('x', Array.from({ length: 101 }, () => 'playdeck:track:x')),
    ]) {
      const error = await rejection(call);
      expect(isApiError(error) && error.kind).toBe('bad-request');
    }
    expect(sent.length).toBe(before);
  });

  it('reports a playlist the user may not change as forbidden', async () => {
    const me = await api.getMe();
    const theirs = playlists.find((playlist) => playlist.owner.id !== me.id && !playlist.collaborative)!;
    const error = await rejection(
      api.reorderPlaylistItems(theirs.id, { rangeStart: 0, insertBefore: 2, rangeLength: 1, snapshotId: theirs.snapshot_id }),
    );
    expect(isApiError(error) && error.kind).toBe('forbidden');
  });

  it('reports a refused token as unauthorized, without the token in the message', async () => {
    const secret = 'not-a-real-token-0123456789';
    const unauthorized = createApi({ baseUrl: service.current.baseUrl, tokens: staticToken(secret) });
    const error = await rejection(unauthorized.getMe());
    expect(isApiError(error) && error.kind).toBe('unauthorized');
    expect(String((error as Error).message)).not.toContain(secret);
    expect(unauthorized.getConnection().state).toBe('unauthorized');
  });

  it('rejects a base URL that is not http(s)', () => {
    expect(() => createApi({ baseUrl: 'ftp://x/v1', tokens: staticToken('t') })).toThrow(/base URL/);
  });
});
