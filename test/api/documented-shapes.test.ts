/**
 * Bodies shaped as the public reference, the official TypeScript SDK's types and the real service's 2026 answers
 * give them (fixtures/), read through the client from a loopback server that answers them as they are: every
 * row of every list shows its entry's name, or says in words which one could not be read, at its place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/api.js';
import { createApi, staticToken } from '../../src/api/index.js';
import { isUnreadable } from '../../src/api/list-entry.js';
import { normalizePaging, normalizeSavedShow, orStandIn } from '../../src/api/normalize-library.js';
import { episodeRow } from '../../src/ui/sections/episode-rows.js';
import { audiobookRow, chapterRow, playlistRow, showRow } from '../../src/ui/sections/library-rows.js';
import { formatItemRow } from '../../src/ui/playlist-editor/item-row.js';
import { startCannedServer, type CannedServer } from './canned-server.js';
import { pagingOf } from './fixtures/catalog-objects.js';
import { CHAPTER, DEVICES, ME, PLAYBACK, QUEUE, SEVERAL_TRACKS } from './fixtures/documented-objects.js';
import {
  AUDIOBOOK_CHAPTERS,
  MY_PLAYLISTS,
  PLAYLIST_ITEMS,
  SAVED_AUDIOBOOKS,
  SAVED_SHOWS,
  SHOW_EPISODES,
  type ListForm,
} from './fixtures/documented-lists.js';

const WIDTH = 90;
const elements = (forms: ListForm[]) => forms.map((form) => form.element);

/** What the server answers, by path (query left out). */
const BODIES: Record<string, unknown> = {
  '/v1/me/playlists': pagingOf('me/playlists', elements(MY_PLAYLISTS)),
  '/v1/playlists/nightferry/tracks': pagingOf('playlists/nightferry/tracks', elements(PLAYLIST_ITEMS)),
  '/v1/me/shows': pagingOf('me/shows', elements(SAVED_SHOWS)),
  '/v1/me/audiobooks': pagingOf('me/audiobooks', elements(SAVED_AUDIOBOOKS)),
  '/v1/audiobooks/saltroads/chapters': pagingOf('audiobooks/saltroads/chapters', elements(AUDIOBOOK_CHAPTERS)),
  '/v1/shows/ropework/episodes': pagingOf('shows/ropework/episodes', elements(SHOW_EPISODES)),
  '/v1/me/player/queue': QUEUE.mixed,
  '/v1/me/player/devices': DEVICES,
  '/v1/me': ME.full,
  '/v1/tracks': SEVERAL_TRACKS,
  '/v1/chapters/departure': CHAPTER,
};

let server: CannedServer;
let api: Api;

beforeAll(async () => {
  server = await startCannedServer((request) => {
    const path = request.url.split('?')[0]!;
    if (!(path in BODIES)) return { status: 404, body: { error: { status: 404, message: 'Not found' } } };
    const body = BODIES[path];
    // No body: the player's 204 when nothing is active.
    return body === undefined ? { status: 204 } : { body };
  });
  api = createApi({ baseUrl: server.baseUrl, tokens: staticToken('token'), retry: { limit: 0 } });
});

afterAll(async () => {
  await server.close();
});

const page = { limit: 50, offset: 0 };

/** Each row next to what its form says it must show, so that a failure names the form. */
function expectRows(forms: ListForm[], rows: string[]): void {
  expect(rows).toHaveLength(forms.length);
  const seen = forms.map((form, index) => ({ form: form.form, row: rows[index]! }));
  for (const [index, form] of forms.entries()) expect(seen[index]!.row, form.form).toContain(form.row);
}

describe('every row of every list, from bodies of every documented form', () => {
  it('the playlists', async () => {
    const { items } = await api.getMyPlaylists(page);
    expectRows(MY_PLAYLISTS, items.map((entry) => playlistRow(entry, WIDTH)));
  });

  it("a playlist's items, each row with its position", async () => {
    const { items } = await api.getPlaylistItems('nightferry', page);
    const rows = items.map((item, row) => formatItemRow(item, row, 'plain', 2, WIDTH));
    expectRows(PLAYLIST_ITEMS, rows);
    rows.forEach((row, index) => expect(row).toMatch(new RegExp(`^ +${index + 1} {2}\\S`)));
  });

  it('the saved shows, wrapped and bare', async () => {
    const { items } = await api.getSavedShows(page);
    expectRows(SAVED_SHOWS, items.map((entry) => showRow(entry, WIDTH)));
  });

  it('the saved audiobooks, wrapped and bare', async () => {
    const { items } = await api.getSavedAudiobooks(page);
    expectRows(SAVED_AUDIOBOOKS, items.map((entry) => audiobookRow(entry, WIDTH)));
  });

  it("an audiobook's chapters, typed episode or chapter", async () => {
    const { items } = await api.getAudiobookChapters('saltroads', page);
    expectRows(AUDIOBOOK_CHAPTERS, items.map((entry) => chapterRow(entry, WIDTH)));
    expect(items.filter((entry) => !isUnreadable(entry)).map((chapter) => (chapter as { type: string }).type)).toEqual(['chapter', 'chapter', 'chapter', 'chapter']);
  });

  it("a show's episodes", async () => {
    const { items } = await api.getShowEpisodes('ropework', page);
    expectRows(SHOW_EPISODES, items.map((entry) => episodeRow(entry, WIDTH)));
  });

  it('a stand-in on a later page names its place in the whole list', () => {
    const later = normalizePaging(pagingOf('me/shows', elements(SAVED_SHOWS), 56, 50), orStandIn(normalizeSavedShow, 'show'))!;
    expect(later.items.flatMap((entry) => (isUnreadable(entry) ? [entry.unreadable] : []))).toEqual([
      { position: 53, reason: 'unavailable' },
      { position: 54, reason: 'unavailable' },
      { position: 55, reason: 'unreadable' },
    ]);
  });
});

describe('single answers in every documented form', () => {
  it('the player: flat actions or disallows, nothing loaded, a chapter, an episode', async () => {
    const read = async (body: unknown) => {
      BODIES['/v1/me/player'] = body;
      return api.getPlaybackState();
    };
    expect(await read(PLAYBACK.reference)).toMatchObject({
      device: { type: 'Computer', volume_percent: 62 },
      context: { type: 'playlist' },
      item: { type: 'track', name: 'Lanterns', popularity: 41 },
      actions: { skipping_prev: false, skipping_next: true },
    });
    expect(await read(PLAYBACK.disallows)).toMatchObject({
      device: { type: 'Computer' },
      context: null,
      item: { type: 'track', name: 'Brine', popularity: 0 },
      actions: { resuming: false, skipping_prev: false, pausing: true },
    });
    expect(await read(PLAYBACK.nothingLoaded)).toMatchObject({
      device: { id: null, volume_percent: null, supports_volume: false },
      item: null,
      context: null,
      progress_ms: 0,
      timestamp: 0,
      currently_playing_type: 'unknown',
      actions: { resuming: false },
    });
    expect(await read(PLAYBACK.chapter)).toMatchObject({
      device: { type: 'Speaker' },
      item: { type: 'chapter', name: 'The Crossing', audiobook: { name: 'Salt Roads' } },
    });
    expect(await read(PLAYBACK.episode)).toMatchObject({
      repeat_state: 'track',
      item: { type: 'episode', name: 'Knots, Part 3', show: { name: 'Rope Work' } },
    });
    expect(await read(undefined)).toBeNull();
  });

  it('the queue: tracks and episodes, and nothing playing', async () => {
    BODIES['/v1/me/player/queue'] = QUEUE.mixed;
    const queue = await api.getQueue();
    expect(queue.currentlyPlaying).toMatchObject({ type: 'track', name: 'Lanterns' });
    expect(queue.queue.map((item) => [item.type, item.name])).toEqual([
      ['track', 'Brine'],
      ['episode', 'Splicing'],
    ]);
    BODIES['/v1/me/player/queue'] = QUEUE.empty;
    expect(await api.getQueue()).toEqual({ currentlyPlaying: null, queue: [] });
  });

  it('the devices: types in any case in the reference spelling, null ids and volumes', async () => {
    const devices = await api.getDevices();
    expect(devices.map((device) => [device.type, device.id, device.volume_percent])).toEqual([
      ['Computer', '5fbb3ba6aa454b5534c4ba43a8c7e8e45a63ad0e', 62],
      ['Smartphone', null, null],
      ['CastAudio', 'kitchen', 62],
    ]);
  });

  it('the user, with and without country and product', async () => {
    BODIES['/v1/me'] = ME.full;
    expect(await api.getMe()).toMatchObject({ id: 'maren.listens', display_name: 'Maren', country: 'GB', product: 'premium' });
    BODIES['/v1/me'] = ME.bare;
    expect(await api.getMe()).toEqual({ id: 'ines.c', display_name: null, uri: 'spotify:user:ines.c', country: null, product: null });
  });

  it('several tracks with an unknown id, and a chapter typed chapter whose audiobook has null fields', async () => {
    const tracks = await api.getTracks(['lanterns', 'unknown', 'brine']);
    expect(tracks.map((track) => track?.name ?? null)).toEqual(['Lanterns', null, 'Brine']);
    expect(tracks[2]).toMatchObject({ popularity: 0, linked_from: null });
    expect(await api.getChapter('departure')).toMatchObject({
      type: 'chapter',
      name: 'Departure',
      chapter_number: 1,
      audiobook: { name: 'Salt Roads', edition: '', total_chapters: 0 },
    });
  });
});
