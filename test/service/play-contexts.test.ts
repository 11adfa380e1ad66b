import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestService, ids, type TestService } from '../helpers/service.js';

const START = Date.UTC(2025, 0, 1, 12);
const EPISODE_MS = 1_200_000;

let service: TestService;
let now: number;
beforeEach(async () => {
  now = START;
  service = await createTestService({ now: () => now });
});
afterEach(() => service.close());

const play = (body: unknown) => service.request({ method: 'PUT', url: '/v1/me/player/play', payload: body as object });
const state = async () => (await service.get('/v1/me/player?additional_types=episode')).body;
const uri = (type: string, id: string) => `playdeck:${type}:${id}`;

describe('Start Playback with a context', () => {
  it('plays a playlist from an offset position or uri, at position_ms', async () => {
    expect((await play({ context_uri: uri('playlist', ids.firstPlaylist), offset: { position: 2 }, position_ms: 5_000 })).status).toBe(204);
    expect(await state()).toMatchObject({ item: { id: ids.track(3) }, progress_ms: 5_000, is_playing: true, context: { type: 'playlist' } });

    expect((await play({ context_uri: uri('playlist', ids.mixedPlaylist), offset: { uri: uri('episode', ids.episode(1)) } })).status).toBe(204);
    const mixed = await state();
    expect(mixed).toMatchObject({ item: { id: ids.episode(1), type: 'episode' }, currently_playing_type: 'episode', progress_ms: 0 });
    expect(mixed.context.uri).toBe(uri('playlist', ids.mixedPlaylist));
  });

  it('plays a show newest episode first, in the order its episodes are listed', async () => {
    expect((await play({ context_uri: uri('show', ids.show) })).status).toBe(204);
    const body = await state();
    expect(body.context).toMatchObject({ type: 'show', uri: uri('show', ids.show) });
    expect(body.context.href).toMatch(new RegExp(`/v1/shows/${ids.show}$`));
    expect(body).toMatchObject({ currently_playing_type: 'episode', item: { id: ids.episode(3), type: 'episode' } });
    const listed = (await service.get(`/v1/shows/${ids.show}/episodes`)).body.items.map((item: { id: string }) => item.id);
    expect(listed[0]).toBe(ids.episode(3));

    expect((await service.request({ method: 'POST', url: '/v1/me/player/next' })).status).toBe(204);
    expect((await state()).item.id).toBe(listed[1]);
  });

  it('plays a show from an offset uri and an audiobook from an offset position', async () => {
    await play({ context_uri: uri('show', ids.show), offset: { uri: uri('episode', ids.episode(2)) }, position_ms: 60_000 });
    expect(await state()).toMatchObject({ item: { id: ids.episode(2) }, progress_ms: 60_000 });

    await play({ context_uri: uri('audiobook', ids.audiobook), offset: { position: 0 } });
    const body = await state();
    expect(body.context).toMatchObject({ type: 'audiobook', uri: uri('audiobook', ids.audiobook) });
    expect(body).toMatchObject({ currently_playing_type: 'episode', item: { id: ids.chapter(1), audiobook: { id: ids.audiobook } } });

    await play({ context_uri: uri('audiobook', ids.audiobook), offset: { uri: uri('chapter', ids.chapter(3)) }, position_ms: 1_000 });
    expect(await state()).toMatchObject({ item: { id: ids.chapter(3) }, progress_ms: 1_000 });
  });

  it('hides an episode or chapter from a client that does not accept episodes', async () => {
    await play({ context_uri: uri('audiobook', ids.audiobook) });
    const body = (await service.get('/v1/me/player')).body;
    expect(body).toMatchObject({ item: null, currently_playing_type: 'episode' });
  });

  it('starts an episode or chapter at its resume point, and a fully played one at its start', async () => {
    await play({ context_uri: uri('audiobook', ids.audiobook), offset: { position: 1 } });
    expect(await state()).toMatchObject({ item: { id: ids.chapter(2) }, progress_ms: 120_000 });
    await play({ context_uri: uri('show', ids.show), offset: { uri: uri('episode', ids.episode(1)) } });
    expect(await state()).toMatchObject({ item: { id: ids.episode(1) }, progress_ms: 0 });
    await play({ context_uri: uri('audiobook', ids.audiobook), offset: { position: 1 }, position_ms: 0 });
    expect((await state()).progress_ms).toBe(0);
  });

  it('keeps the device, shuffle and repeat across a new context', async () => {
    await service.request({ method: 'PUT', url: '/v1/me/player/repeat?state=context' });
    await play({ context_uri: uri('show', ids.show), offset: { position: 1 } });
    const body = await state();
    expect(body.repeat_state).toBe('context');
    expect(body.item.id).toBe(ids.episode(2));
  });
});

describe('Start Playback with uris', () => {
  it('plays tracks and episodes as a context of their own, from an offset', async () => {
    const uris = [uri('track', ids.track(2)), uri('episode', ids.episode(2)), uri('track', ids.track(1))];
    expect((await play({ uris, offset: { position: 1 }, position_ms: 2_000 })).status).toBe(204);
    expect(await state()).toMatchObject({ context: null, item: { id: ids.episode(2) }, progress_ms: 2_000 });
    await service.request({ method: 'POST', url: '/v1/me/player/next' });
    expect((await state()).item.id).toBe(ids.track(1));

    await play({ uris, offset: { uri: uri('track', ids.track(1)) } });
    expect((await state()).item.id).toBe(ids.track(1));
  });

  it('plays to the end of the list and stops, advancing with the clock', async () => {
    await play({ uris: [uri('episode', ids.episode(3)), uri('track', ids.track(1))], position_ms: 0 });
    now += EPISODE_MS + 1_000;
    expect(await state()).toMatchObject({ item: { id: ids.track(1) }, progress_ms: 1_000, is_playing: true });
  });
});

describe('Start Playback refuses', () => {
  const cases: [string, unknown, number, RegExp][] = [
    ['a body that is not an object', [1], 400, /body/],
    ['context_uri and uris together', { context_uri: uri('show', ids.show), uris: [uri('track', ids.track(1))] }, 400, /context_uri or uris/],
    ['a context_uri of a track', { context_uri: uri('track', ids.track(1)) }, 400, /context_uri/],
    ['a malformed context_uri', { context_uri: 'show:nope' }, 400, /context_uri/],
    ['an unknown show', { context_uri: uri('show', 'Z'.repeat(22)) }, 404, /context_uri/],
    ['an unknown playlist', { context_uri: uri('playlist', 'Z'.repeat(22)) }, 404, /context_uri/],
    ['uris that is not a list', { uris: uri('track', ids.track(1)) }, 400, /uris/],
    ['empty uris', { uris: [] }, 400, /uris/],
    ['more than 100 uris', { uris: Array.from({ length: 101 }, () => uri('track', ids.track(1))) }, 400, /uris/],
    ['a chapter in uris', { uris: [uri('chapter', ids.chapter(1))] }, 400, /uris/],
    ['an unknown track in uris', { uris: [uri('track', 'Z'.repeat(22))] }, 404, /uris/],
    ['an offset past the end', { context_uri: uri('show', ids.show), offset: { position: 3 } }, 400, /offset/],
    ['a negative offset', { context_uri: uri('show', ids.show), offset: { position: -1 } }, 400, /offset/],
    ['an offset with both fields', { context_uri: uri('show', ids.show), offset: { position: 0, uri: uri('episode', ids.episode(1)) } }, 400, /offset/],
    ['an offset uri not in the context', { context_uri: uri('show', ids.show), offset: { uri: uri('track', ids.track(1)) } }, 400, /offset/],
    ['an offset that is a number', { context_uri: uri('show', ids.show), offset: 1 }, 400, /offset/],
    ['a fractional position_ms', { context_uri: uri('show', ids.show), position_ms: 1.5 }, 400, /position_ms/],
    ['position_ms with nothing to play', { position_ms: 10 }, 400, /context_uri or uris/],
    ['a show not sold in the market', { context_uri: uri('show', ids.usOnlyShow) }, 403, /not available in GB/],
    ['an audiobook not sold in the market', { context_uri: uri('audiobook', ids.usOnlyAudiobook) }, 403, /not available in GB/],
    ['an episode not sold in the market', { uris: [uri('episode', ids.usOnlyEpisode)] }, 403, /not available in GB/],
  ];
  it.each(cases)('%s', async (_name, body, status, message) => {
    const before = await state();
    const response = await play(body);
    expect(response.status).toBe(status);
    expect(response.body.error.status).toBe(status);
    expect(response.body.error.message).toMatch(message);
    if (status === 403) expect(response.body.error.reason).toBe('UNKNOWN');
    expect((await state()).item.id).toBe(before.item.id);
  });
});
