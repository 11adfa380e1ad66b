/** The library and the catalog's albums and artists, read by the client from the real embedded service (demo catalog). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/api.js';
import { createApi, staticToken } from '../../src/api/index.js';
import type { Artist, SavedAlbum, SavedTrack } from '../../src/api/library-types.js';
import { foldText } from '../../src/service/search-text.js';
import { readable } from '../helpers/readable.js';
import { useService } from './service-fixture.js';

const service = useService();
let api: Api;

beforeAll(() => {
  api = createApi({ baseUrl: service.current.baseUrl, tokens: staticToken(service.current.accessToken) });
});

describe('liked songs', () => {
  it('are 2,000, newest first, a page at a time', async () => {
    const first = await api.getSavedTracks({ limit: 50, offset: 0 });
    expect(first.total).toBe(2000);
    expect(first.items).toHaveLength(50);
    const saved = readable(first.items) as SavedTrack[];
    const dates = saved.map((item) => item.added_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(saved[0]!.track).toMatchObject({ type: 'track', name: expect.any(String), album: { name: expect.any(String) } });
    const last = await api.getSavedTracks({ limit: 50, offset: 1950 });
    expect(last.next).toBeNull();
    expect((readable(last.items) as SavedTrack[]).at(-1)!.added_at < dates.at(-1)!).toBe(true);
  });

  it('mark the few their market does not sell as unplayable, at their place', async () => {
    const all: SavedTrack[] = [];
    for (let offset = 0; offset < 2000; offset += 50) all.push(...(readable((await api.getSavedTracks({ limit: 50, offset })).items) as SavedTrack[]));
    expect(all).toHaveLength(2000);
    expect(all.filter((item) => !item.track.is_playable).length).toBeGreaterThan(0);
  });
});

describe('saved albums', () => {
  it('are 40 full albums, each with its first tracks on it', async () => {
    const page = await api.getSavedAlbums({ limit: 50, offset: 0 });
    expect(page.total).toBe(40);
    const albums = readable(page.items) as SavedAlbum[];
    expect(albums).toHaveLength(40);
    const { album } = albums[0]!;
    expect(album.label).not.toBe('');
    expect(album.copyrights.map((copyright) => copyright.type)).toEqual(['C', 'P']);
    const tracks = readable(album.tracks.items);
    expect(tracks).toHaveLength(Math.min(50, album.total_tracks));
    expect(tracks.every((track) => track.album.id === album.id && track.album.name === album.name)).toBe(true);
  });
});

describe('followed artists', () => {
  it('are 30, by name, paged by cursor to the end', async () => {
    const seen: Artist[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page = await api.getFollowedArtists({ after, limit: 7 });
      expect(page.total).toBe(30);
      seen.push(...(readable(page.items) as Artist[]));
      after = page.next;
      if (after === null) break;
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen.map((artist) => artist.id)).size).toBe(30);
    const keys = seen.map((artist) => foldText(artist.name));
    expect([...keys].sort()).toEqual(keys);
    expect(seen[0]).toMatchObject({ type: 'artist', genres: expect.any(Array), followers: expect.any(Number), popularity: expect.any(Number) });
  });
});

describe('albums and artists', () => {
  it('an album, its tracks in order, its artist, and the artist albums', async () => {
    const saved = readable((await api.getSavedAlbums({ limit: 1, offset: 0 })).items)[0] as SavedAlbum;
    const album = await api.getAlbum(saved.album.id);
    expect(album).toMatchObject({ id: saved.album.id, name: saved.album.name, type: 'album' });
    const tracks = await api.getAlbumTracks(album.id, { limit: 50, offset: 0 });
    expect(tracks.total).toBe(album.total_tracks);
    const listed = readable(tracks.items);
    expect(listed.map((track) => track.id)).toEqual(readable(album.tracks.items).map((track) => track.id));
    expect(listed.every((track) => track.album.id === album.id)).toBe(true);
    const numbers = listed.map((track) => track.disc_number * 100 + track.track_number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);

    const artist = await api.getArtist(album.artists[0]!.id);
    expect(artist.name).toBe(album.artists[0]!.name);
    const discography = await api.getArtistAlbums(artist.id, { limit: 50, offset: 0 });
    expect(readable(discography.items).some((entry) => entry.id === album.id) || album.album_type === 'compilation').toBe(true);
  });

  it('an unknown album or artist is not found', async () => {
    await expect(api.getAlbum('0000000000000000000000')).rejects.toMatchObject({ kind: 'not-found' });
    await expect(api.getArtist('0000000000000000000000')).rejects.toMatchObject({ kind: 'not-found' });
  });
});

describe('recently played', () => {
  it('is the seeded history, newest first, paged back by `before`', async () => {
    const first = await api.getRecentlyPlayed({ before: null, limit: 20 });
    expect(first.items).toHaveLength(20);
    const times = first.items.map((play) => Date.parse(play.played_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(first.next).toBe(String(times.at(-1)));
    expect(first.items.every((play) => play.track.type === 'track')).toBe(true);
    expect(first.items.some((play) => play.context?.type === 'album')).toBe(true);
    const second = await api.getRecentlyPlayed({ before: first.next, limit: 50 });
    expect(second.items).toHaveLength(30);
    expect(Date.parse(second.items[0]!.played_at)).toBeLessThan(times.at(-1)!);
    expect(second.next).toBeNull();
  });
});

describe('playing the library', () => {
  it('plays liked songs from one of them, and an album, as contexts of their own', async () => {
    const me = await api.getMe();
    const [, second] = readable((await api.getSavedTracks({ limit: 2, offset: 0 })).items) as SavedTrack[];
    await api.startPlayback({ contextUri: `playdeck:user:${me.id}:collection`, offset: { uri: second!.track.uri } });
    let state = await api.getPlaybackState();
    expect(state!.context).toMatchObject({ type: 'collection', uri: `playdeck:user:${me.id}:collection` });
    expect(state!.item!.id === second!.track.id || state!.item!.id === second!.track.linked_from?.id).toBe(true);

    const saved = readable((await api.getSavedAlbums({ limit: 1, offset: 0 })).items)[0] as SavedAlbum;
    await api.startPlayback({ contextUri: saved.album.uri, offset: { position: 0 } });
    state = await api.getPlaybackState();
    expect(state!.context).toMatchObject({ type: 'album', uri: saved.album.uri });
    expect(state!.item!.id).toBe(readable(saved.album.tracks.items)[0]!.id);
  });
});
