import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeChapter, normalizeEpisode, normalizePlayable, normalizeTrack } from '../../src/api/normalize.js';
import {
  normalizePaging,
  normalizePlaylist,
  normalizePlaylistItem,
  normalizeSavedShow,
  normalizeSeveral,
  normalizeUser,
  orStandIn,
} from '../../src/api/normalize-library.js';
import { normalizeActions, normalizePlaybackState } from '../../src/api/normalize-player.js';
import { PLAYER_ACTIONS, type Chapter, type Episode, type Track } from '../../src/api/types.js';
import { hiddenClassCount } from '../helpers/hidden-classes.js';

describe('catalog objects', () => {
  it('fills every missing field of a track with a default of its type', () => {
    const track = normalizeTrack({ id: 'abc', type: 'track' });
    expect(track).toMatchObject({
      id: 'abc',
      name: '',
      uri: '',
      artists: [],
      duration_ms: 0,
      explicit: false,
      is_playable: true,
      restrictions: null,
      linked_from: null,
      album: { id: '', name: '', images: [], artists: [], type: 'album' },
    });
  });

  it('coerces wrong types and drops what cannot be coerced', () => {
    const track = normalizeTrack({
      id: 42,
      name: ['not', 'a', 'string'],
      duration_ms: '215000',
      popularity: 'very',
      explicit: 'true',
      album: null,
      artists: [{ id: 'a1', name: 'Ann' }, 'garbage', null],
      restrictions: { reason: 'market' },
      linked_from: { id: 'old', uri: 'x:track:old' },
    });
    expect(track).toMatchObject({
      id: '42',
      name: '',
      duration_ms: 215000,
      popularity: 0,
      explicit: true,
      artists: [{ id: 'a1', name: 'Ann', uri: '', type: 'artist' }],
      restrictions: { reason: 'market' },
      linked_from: { id: 'old', uri: 'x:track:old' },
    });
  });

  it('keeps images with a url and nulls their unknown sizes', () => {
    const track = normalizeTrack({ album: { images: [{ url: 'http://i/1', width: '64' }, { height: 3 }] } });
    expect(track?.album.images).toEqual([{ url: 'http://i/1', width: 64, height: null }]);
  });

  it('tells chapters from episodes by their audiobook, whatever type they claim', () => {
    expect(normalizePlayable({ type: 'episode', id: 'c', audiobook: { id: 'b' } })?.type).toBe('chapter');
    expect(normalizePlayable({ type: 'chapter', id: 'c' })?.type).toBe('chapter');
    expect(normalizePlayable({ type: 'episode', id: 'e', show: { id: 's' } })?.type).toBe('episode');
    expect(normalizeChapter({ type: 'episode', id: 'c' })).toMatchObject({ type: 'chapter', audiobook: null });
  });

  it('turns unknown types into null and guesses a missing type from the shape', () => {
    expect(normalizePlayable({ type: 'ad', id: 'x' })).toBeNull();
    expect(normalizePlayable({ id: 'e', show: { id: 's' } })?.type).toBe('episode');
    expect(normalizePlayable({ id: 't', album: {} })?.type).toBe('track');
    expect(normalizePlayable('track')).toBeNull();
  });

  it('gives the objects of each kind one hidden class, however many pages of them come', () => {
    const items = Array.from({ length: 300 }, (_, index) => [
      normalizeTrack({ id: `t${index}`, name: `Track ${index}`, album: { id: `a${index}`, artists: [{ id: `r${index}` }] }, artists: [{ id: `r${index}` }] })!,
      normalizeEpisode({ id: `e${index}`, resume_point: { fully_played: false }, show: { id: `s${index}` } })!,
      normalizeChapter({ id: `c${index}`, audiobook: { id: `b${index}`, authors: ['Ann'] } })!,
    ]);
    const tracks = items.map(([track]) => track as Track);
    const episodes = items.map(([, episode]) => episode as Episode);
    const chapters = items.map(([, , chapter]) => chapter as Chapter);
    expect(hiddenClassCount(tracks)).toBe(1);
    expect(hiddenClassCount(tracks.map((track) => track.album))).toBe(1);
    expect(hiddenClassCount(tracks.flatMap((track) => [...track.artists, ...track.album.artists]))).toBe(1);
    expect(hiddenClassCount(episodes)).toBe(1);
    expect(hiddenClassCount(episodes.map((episode) => episode.show!))).toBe(1);
    expect(hiddenClassCount(chapters)).toBe(1);
    expect(hiddenClassCount(chapters.map((chapter) => chapter.audiobook!))).toBe(1);
  });
});

describe('playlists and library', () => {
  it('reads a playlist entry from item first, then from the deprecated track', () => {
    expect(normalizePlaylistItem({ item: { type: 'track', id: 'new' }, track: { type: 'track', id: 'old' } }).track?.id).toBe(
      'new',
    );
    expect(normalizePlaylistItem({ item: null, track: { type: 'episode', id: 'ep' } }).track).toMatchObject({
      type: 'episode',
      id: 'ep',
      show: null,
    });
  });

  it('keeps an unreadable playlist entry in its place with a null track', () => {
    const page = normalizePaging(
      { items: [{ track: { type: 'track', id: 'a' } }, 17, { track: { type: 'ad' } }, { track: { type: 'track', id: 'b' } }] },
      normalizePlaylistItem,
    );
    expect(page?.items.map((item) => item.track?.id ?? null)).toEqual(['a', null, null, 'b']);
    expect(page?.items[1]).toEqual({
      added_at: '',
      added_by: null,
      is_local: false,
      track: null,
      unreadable: { position: 1, reason: 'unreadable' },
    });
  });

  it('defaults the paging fields and tolerates items that are not a list', () => {
    expect(normalizePaging({ items: 'nope', offset: 40 }, normalizePlaylistItem)).toEqual({
      href: '',
      limit: 0,
      next: null,
      offset: 40,
      previous: null,
      total: 40,
      items: [],
    });
    expect(normalizePaging(null, normalizePlaylistItem)).toBeNull();
  });

  it('reads the item count of a playlist from tracks or items, and a null description as empty', () => {
    expect(normalizePlaylist({ id: 'p', description: null, tracks: { href: 'h', total: '12' } })).toMatchObject({
      description: '',
      tracks: { href: 'h', total: 12 },
      owner: { id: '', display_name: null, uri: '' },
    });
    expect(normalizePlaylist({ id: 'p', items: { href: 'h2', total: 3 } })?.tracks).toEqual({ href: 'h2', total: 3 });
  });

  it("gives a whole playlist's items the address a simplified one gives: its first page's without the page", () => {
    const page = { href: 'https://x/v1/playlists/p/tracks?offset=0&limit=100', total: 2, items: [], limit: 100, offset: 0, next: null, previous: null };
    expect(normalizePlaylist({ id: 'p', tracks: page })?.tracks).toEqual({ href: 'https://x/v1/playlists/p/tracks', total: 2 });
  });

  it('reads no show from a wrapper without one, and keeps a user without a country', () => {
    expect(normalizeSavedShow({ added_at: 'x', show: null })).toBeNull();
    expect(normalizeUser({ id: 'u', display_name: null })).toEqual({
      id: 'u',
      display_name: null,
      uri: '',
      country: null,
      product: null,
    });
  });

  it('answers several ids in request order with nulls for unknown or unreadable ones', () => {
    const tracks = normalizeSeveral({ tracks: [{ id: 'a' }, null, 'junk'] }, 'tracks', 4, normalizeTrack);
    expect(tracks?.map((track) => track?.id ?? null)).toEqual(['a', null, null, null]);
    expect(normalizeSeveral({ chapters: [] }, 'tracks', 1, normalizeTrack)).toBeNull();
  });
});

describe('playback state', () => {
  it('reads disallows when present, true meaning not permitted', () => {
    const actions = normalizeActions({ pausing: true, resuming: true, disallows: { resuming: true } });
    expect(actions.resuming).toBe(false);
    expect(actions.pausing).toBe(true);
    expect(actions.seeking).toBe(true);
  });

  it('reads the flat form, true meaning permitted, and permits what it does not mention', () => {
    const actions = normalizeActions({ skipping_prev: false, seeking: 'true' });
    expect(actions.skipping_prev).toBe(false);
    expect(actions.seeking).toBe(true);
    expect(Object.keys(normalizeActions(null)).sort()).toEqual([...PLAYER_ACTIONS].sort());
  });

  it('tolerates a null device, an unknown repeat state and an unknown item type', () => {
    const state = normalizePlaybackState({
      device: null,
      repeat_state: 'forever',
      is_playing: true,
      progress_ms: '1500',
      item: { type: 'ad' },
      currently_playing_type: 'ad',
    });
    expect(state).toMatchObject({
      device: { id: null, name: '', volume_percent: null, is_active: false },
      repeat_state: 'off',
      is_playing: true,
      progress_ms: 1500,
      item: null,
      context: null,
      currently_playing_type: 'ad',
    });
    expect(normalizePlaybackState('playing')).toBeNull();
  });
});

describe('never throws', () => {
  // Fixed seed and run count so that a failure reproduces.
  const anyJson = fc.jsonValue({ maxDepth: 4 });
  const normalizers: [string, (value: unknown) => unknown][] = [
    ['playable', normalizePlayable],
    ['playlist item', normalizePlaylistItem],
    ['playlist', normalizePlaylist],
    ['playback state', normalizePlaybackState],
    ['paging', (value) => normalizePaging(value, normalizePlaylistItem)],
    ['saved shows page', (value) => normalizePaging(value, orStandIn(normalizeSavedShow, 'show'))],
  ];

  it.each(normalizers)('%s: on any JSON, including wrong shapes nested inside right ones', (_name, normalize) => {
    const objectish = fc.oneof(
      anyJson,
      fc.record({ type: fc.constantFrom('track', 'episode', 'chapter', 'ad'), item: anyJson, album: anyJson, show: anyJson }),
      fc.record({ items: fc.array(anyJson, { maxLength: 4 }), device: anyJson, actions: anyJson }),
    );
    fc.assert(
      fc.property(objectish, (value) => {
        normalize(value);
      }),
      { seed: 20240501, numRuns: 400 },
    );
  });
});
