/** Search, from the client, against the real embedded service (demo catalog: 20,000 tracks). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/api.js';
import { createApi, staticToken } from '../../src/api/index.js';
import type { Album, SimplifiedPlaylist, Track } from '../../src/api/types.js';
import type { Artist, SavedTrack } from '../../src/api/library-types.js';
import { foldText } from '../../src/service/search-text.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { readable } from '../helpers/readable.js';
import { useService } from './service-fixture.js';

const service = useService();
let api: Api;

beforeAll(() => {
  api = createApi({ baseUrl: service.current.baseUrl, tokens: staticToken(service.current.accessToken) });
});

const names = (items: readonly { name: string }[]) => items.map((item) => item.name);

describe('search', () => {
  it('finds a liked song by its name among the first ten', async () => {
    const liked = readable((await api.getSavedTracks({ limit: 50, offset: 0 })).items) as SavedTrack[];
    for (const { track } of liked.slice(0, 10)) {
      const results = await api.search(track.name, ['track'], { limit: 10, offset: 0 });
      expect(readable(results.tracks!.items).map((found) => found.id), track.name).toContain(track.id);
    }
  });

  it('ranks the exact name first, then whole words, then words begun (as you type)', async () => {
    // "Running" is the name of some tracks, and a word of many more ("Running Home", "Running in the Orchard").
    const exact = readable((await api.search('running', ['track'], { limit: 50, offset: 0 })).tracks!.items) as Track[];
    const keys = exact.map((track) => foldText(track.name));
    const tier = (key: string) => (key === 'running' ? 0 : key.split(' ').includes('running') ? 1 : 2);
    expect(keys[0]).toBe('running');
    expect(new Set(keys.map(tier))).toEqual(new Set([0, 1]));
    expect(keys.map(tier)).toEqual([...keys.map(tier)].sort((a, b) => a - b));
    const typing = readable((await api.search('harb', ['track'], { limit: 10, offset: 0 })).tracks!.items) as Track[];
    expect(typing.length).toBe(10);
    expect(typing.every((track) => foldText(track.name).split(' ').some((word) => word.startsWith('harb')))).toBe(true);
  });

  it('folds accents and case, in the query and in the names', async () => {
    const plain = await api.search('senorita', ['track', 'album'], { limit: 20, offset: 0 });
    const accented = await api.search('SEÑORITA', ['track', 'album'], { limit: 20, offset: 0 });
    expect(names(readable(plain.tracks!.items) as Track[])).toEqual(names(readable(accented.tracks!.items) as Track[]));
    expect((readable(plain.tracks!.items) as Track[]).some((track) => track.name.includes('Señorita'))).toBe(true);
    const artists = readable((await api.search('zoe', ['artist'], { limit: 10, offset: 0 })).artists!.items) as Artist[];
    expect(artists.some((artist) => artist.name.includes('Zoë'))).toBe(true);
  });

  it('answers one page of each kind asked, and pages further by offset', async () => {
    const all = await api.search('the', ['track', 'album', 'artist', 'playlist', 'show', 'episode', 'audiobook'], { limit: 5, offset: 0 });
    expect(Object.keys(all).sort()).toEqual(['albums', 'artists', 'audiobooks', 'episodes', 'playlists', 'shows', 'tracks']);
    for (const page of Object.values(all)) expect(page.items.length).toBeLessThanOrEqual(5);
    expect(all.tracks!.total).toBeGreaterThan(5);
    const next = await api.search('the', ['track'], { limit: 5, offset: 5 });
    expect(Object.keys(next)).toEqual(['tracks']);
    const firstIds = readable(all.tracks!.items).map((track) => track.id);
    expect(readable(next.tracks!.items).some((track) => firstIds.includes(track.id))).toBe(false);
  });

  it('finds playlists by name, the user\'s own first', async () => {
    const [own] = readable((await api.getMyPlaylists({ limit: 1, offset: 0 })).items) as SimplifiedPlaylist[];
    const found = readable((await api.search(own!.name, ['playlist'], { limit: 10, offset: 0 })).playlists!.items) as SimplifiedPlaylist[];
    expect(found[0]!.id).toBe(own!.id);
  });

  it('finds nothing for a miss, without failing', async () => {
    const results = await api.search('qqqzzz', ['track', 'album'], { limit: 10, offset: 0 });
    expect(results.tracks).toMatchObject({ total: 0, items: [] });
    expect((results.albums!.items as Album[]).length).toBe(0);
  });

  it('refuses an empty query or no kind before sending anything', async () => {
    await expect(api.search('  ', ['track'], { limit: 5, offset: 0 })).rejects.toMatchObject({ kind: 'bad-request' });
    await expect(api.search('a', [], { limit: 5, offset: 0 })).rejects.toMatchObject({ kind: 'bad-request' });
  });

  it('keeps a stand-in where the service sends null for a result (as the real one does for playlists)', async () => {
    const proxy = await startFaultProxy(service.current.baseUrl);
    try {
      const body = { playlists: { href: 'h', limit: 3, offset: 0, total: 3, next: null, previous: null, items: [null, { id: 'p1', name: 'P', uri: 'x:playlist:p1' }, 42] } };
      proxy.inject({ kind: 'status', status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const quirky = createApi({ baseUrl: proxy.baseUrl, tokens: staticToken(service.current.accessToken) });
      const results = await quirky.search('p', ['playlist', 'track'], { limit: 3, offset: 0 });
      expect(results.playlists!.items).toEqual([
        { unreadable: { position: 0, reason: 'unavailable' } },
        expect.objectContaining({ id: 'p1', name: 'P' }),
        { unreadable: { position: 2, reason: 'unreadable' } },
      ]);
      // A kind asked for but missing from the answer is an empty page.
      expect(results.tracks).toMatchObject({ items: [], total: 0 });
    } finally {
      await proxy.close();
    }
  });
});
