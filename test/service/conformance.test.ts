import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../src/service/seed/generate.js';
import { loadReference, responseValidators, type ResponseValidators } from '../helpers/reference-schemas.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

/**
 * Our bodies against the public OpenAPI description's response schemas (read at test time, not copied):
 * the ten operations of the spec and the extra reads the dashboard uses, on both the fixture and the
 * generated demo catalog.
 */
let responseValidator: ResponseValidators;

beforeAll(() => {
  responseValidator = responseValidators(loadReference());
});

describe('the validator itself', () => {
  it('rejects bodies that break the schemas', () => {
    expect(responseValidator('/playlists/{playlist_id}/tracks', 'get')({ items: [] })).toBe(false);
    expect(responseValidator('/tracks/{id}', 'get')({ type: 'episode' })).toBe(false);
    expect(responseValidator('/episodes/{id}', 'get')({ id: 'x' })).toBe(false);
  });
});

interface Check {
  name: string;
  method?: 'GET' | 'PUT';
  url: string;
  payload?: object;
  schema: [path: string, method: string];
}

function checks(sample: { track: string; episode: string; chapter: string; audiobook: string; show: string; playlist: string; big: string; mixed: string }): Check[] {
  return [
    { name: 'Get Episode', url: `/v1/episodes/${sample.episode}`, schema: ['/episodes/{id}', 'get'] },
    { name: 'Get Playback State', url: '/v1/me/player', schema: ['/me/player', 'get'] },
    { name: 'Get Playback State (episodes accepted)', url: '/v1/me/player?additional_types=episode', schema: ['/me/player', 'get'] },
    { name: 'Get Track', url: `/v1/tracks/${sample.track}`, schema: ['/tracks/{id}', 'get'] },
    { name: 'Get a Chapter', url: `/v1/chapters/${sample.chapter}`, schema: ['/chapters/{id}', 'get'] },
    { name: 'Get Playlist Items', url: `/v1/playlists/${sample.playlist}/tracks`, schema: ['/playlists/{playlist_id}/tracks', 'get'] },
    { name: 'Get Playlist Items (10,000, last page)', url: `/v1/playlists/${sample.big}/tracks?offset=9900&limit=100`, schema: ['/playlists/{playlist_id}/tracks', 'get'] },
    { name: 'Get Playlist Items (mixed)', url: `/v1/playlists/${sample.mixed}/items?limit=100&additional_types=track,episode`, schema: ['/playlists/{playlist_id}/items', 'get'] },
    { name: "Get User's Saved Shows", url: '/v1/me/shows?limit=50', schema: ['/me/shows', 'get'] },
    { name: 'Update Playlist Items (reorder)', method: 'PUT', url: `/v1/playlists/${sample.playlist}/tracks`, payload: { range_start: 0, insert_before: 2 }, schema: ['/playlists/{playlist_id}/tracks', 'put'] },
    { name: 'Update Playlist Items (replace)', method: 'PUT', url: `/v1/playlists/${sample.mixed}/items`, payload: { uris: [`playdeck:track:${sample.track}`, `playdeck:episode:${sample.episode}`] }, schema: ['/playlists/{playlist_id}/items', 'put'] },
    { name: 'Get Several Tracks', url: `/v1/tracks?ids=${sample.track},${sample.track}`, schema: ['/tracks', 'get'] },
    { name: 'Get Audiobook Chapters', url: `/v1/audiobooks/${sample.audiobook}/chapters`, schema: ['/audiobooks/{id}/chapters', 'get'] },
    { name: 'Get Show', url: `/v1/shows/${sample.show}`, schema: ['/shows/{id}', 'get'] },
    { name: 'Get Show Episodes', url: `/v1/shows/${sample.show}/episodes?limit=50`, schema: ['/shows/{id}/episodes', 'get'] },
    { name: 'Get Available Devices', url: '/v1/me/player/devices', schema: ['/me/player/devices', 'get'] },
    { name: "Get the User's Queue", url: '/v1/me/player/queue', schema: ['/me/player/queue', 'get'] },
    { name: 'Get Several Chapters', url: `/v1/chapters?ids=${sample.chapter}`, schema: ['/chapters', 'get'] },
    { name: 'Get Current User', url: '/v1/me', schema: ['/me', 'get'] },
    { name: "Get Current User's Playlists", url: '/v1/me/playlists?limit=50', schema: ['/me/playlists', 'get'] },
    { name: 'Get Playlist', url: `/v1/playlists/${sample.playlist}`, schema: ['/playlists/{playlist_id}', 'get'] },
    { name: "Get User's Saved Audiobooks", url: '/v1/me/audiobooks', schema: ['/me/audiobooks', 'get'] },
  ];
}

async function expectConformant(service: TestService, check: Check): Promise<void> {
  const response = await service.request({ method: check.method ?? 'GET', url: check.url, payload: check.payload });
  expect(response.status, check.url).toBe(200);
  const validate = responseValidator(...check.schema);
  const valid = validate(response.body);
  expect(valid ? [] : validate.errors, check.name).toEqual([]);
}

describe('conformance with the reference schemas: fixture catalog', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService();
  });
  afterAll(() => service.close());

  const sample = {
    track: ids.relinkedTrack,
    episode: ids.episode(1),
    chapter: ids.chapter(2),
    audiobook: ids.audiobook,
    show: ids.show,
    playlist: ids.firstPlaylist,
    big: ids.bigPlaylist,
    mixed: ids.mixedPlaylist,
  };
  it.each(checks(sample))('$name', (check) => expectConformant(service, check));

  it('Get Playback State with an episode playing', async () => {
    const play = { context_uri: `playdeck:playlist:${ids.mixedPlaylist}`, offset: { position: 1 } };
    expect((await service.request({ method: 'PUT', url: '/v1/me/player/play', payload: play })).status).toBe(204);
    await expectConformant(service, { name: 'episode playing', url: '/v1/me/player?additional_types=episode', schema: ['/me/player', 'get'] });
  });

  // Not an audiobook: the reference types a playing item as a track or an episode and has no shape for the
  // chapter the service then sends (docs/api/player.md).
  it('Get Playback State and the queue with a show and uris playing', async () => {
    const bodies = [
      { context_uri: `playdeck:show:${ids.show}` },
      { uris: [`playdeck:episode:${ids.episode(2)}`, `playdeck:track:${ids.track(1)}`] },
    ];
    for (const play of bodies) {
      expect((await service.request({ method: 'PUT', url: '/v1/me/player/play', payload: play })).status).toBe(204);
      // Playing uris, `context` is null, as the real service sends it (the reference does not mark it nullable).
      if (!('uris' in play)) {
        await expectConformant(service, { name: 'playing', url: '/v1/me/player?additional_types=episode', schema: ['/me/player', 'get'] });
      }
      await expectConformant(service, { name: 'queue', url: '/v1/me/player/queue', schema: ['/me/player/queue', 'get'] });
    }
  });
});

describe('conformance with the reference schemas: generated demo catalog', () => {
  let service: TestService;
  let sample: Parameters<typeof checks>[0];
  beforeAll(async () => {
    const catalog = generateCatalog();
    service = await createTestService({ catalog: () => catalog });
    const own = catalog.playlists.filter((playlist) => playlist.owner_id === catalog.demo_user_id);
    const gbShow = catalog.shows.find((show) => show.available_markets.includes('GB'))!;
    const gbBook = catalog.audiobooks.find((book) => book.available_markets.includes('GB'))!;
    sample = {
      track: catalog.tracks.find((track) => track.relinked_to)?.id ?? catalog.tracks[0]!.id,
      episode: catalog.episodes.find((episode) => episode.show_id === gbShow.id)!.id,
      chapter: catalog.chapters.find((chapter) => chapter.audiobook_id === gbBook.id)!.id,
      audiobook: gbBook.id,
      show: gbShow.id,
      playlist: own[0]!.id,
      big: own.find((playlist) => playlist.items.length === 10_000)!.id,
      mixed: own.find((playlist) => playlist.items.some((item) => item.type === 'episode'))!.id,
    };
  });
  afterAll(() => service.close());

  it('every operation validates', async () => {
    for (const check of checks(sample)) await expectConformant(service, check);
  });
});
