import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEPT_PLAYS } from '../../src/service/store/history.js';
import { DISC_TRACKS } from '../helpers/catalog-fixture.js';
import { createTestService, ids, type TestService } from '../helpers/service.js';

/**
 * What the player played, as GET /me/player/recently-played lists it, and the album and liked-songs contexts,
 * on a clock the test moves.
 */
const START = Date.UTC(2025, 0, 1, 12);
let clock = START;
let service: TestService;
beforeEach(async () => {
  clock = START;
  service = await createTestService({ now: () => clock });
});
afterEach(() => service.close());

const play = (body: object) => service.request({ method: 'PUT', url: '/v1/me/player/play', payload: body });
const history = async (query = '') => (await service.get(`/v1/me/player/recently-played${query}`)).body;
const player = async () => (await service.get('/v1/me/player')).body;
/** Durations in the test catalog: the discography's track n lasts 200 s + n s. */
const discDuration = (n: number) => 200_000 + n * 1000;

describe('recently played', () => {
  it('starts with the seeded plays, newest first', async () => {
    const seeded = await history();
    expect(seeded.items.map((item: { track: { id: string } }) => item.track.id)).toEqual([ids.track(2), ids.track(1), ids.discTrack(DISC_TRACKS.cafe)]);
    expect(seeded.items[2].context).toMatchObject({ type: 'album', uri: `playdeck:album:${ids.discAlbum}`, href: expect.stringContaining(`/v1/albums/${ids.discAlbum}`) });
  });

  it('lists a track once it ended, at its end, with its context', async () => {
    expect((await play({ context_uri: `playdeck:album:${ids.discAlbum}` })).status).toBe(204);
    expect((await player()).context).toMatchObject({ type: 'album', uri: `playdeck:album:${ids.discAlbum}` });
    clock += discDuration(DISC_TRACKS.cafe) + 5_000;
    expect((await player()).item.id).toBe(ids.discTrack(DISC_TRACKS.harborLights));
    const [latest] = (await history('?limit=1')).items;
    expect(latest).toMatchObject({ track: { id: ids.discTrack(DISC_TRACKS.cafe) }, context: { type: 'album' } });
    expect(Date.parse(latest.played_at)).toBe(START + discDuration(DISC_TRACKS.cafe));
  });

  it('lists a track skipped after 30 s, not one skipped sooner', async () => {
    await play({ context_uri: `playdeck:album:${ids.discAlbum}` });
    clock += 10_000;
    await service.request({ method: 'POST', url: '/v1/me/player/next' });
    expect((await history('?limit=1')).items[0].track.id).toBe(ids.track(2));
    clock += 45_000;
    await service.request({ method: 'POST', url: '/v1/me/player/next' });
    const [latest] = (await history('?limit=1')).items;
    expect(latest.track.id).toBe(ids.discTrack(DISC_TRACKS.harborLights));
    expect(Date.parse(latest.played_at)).toBe(clock);
  });

  it('is read caught up: the first read after an end already lists it', async () => {
    await play({ context_uri: `playdeck:album:${ids.discAlbum}` });
    clock += discDuration(DISC_TRACKS.cafe) + 1_000;
    expect((await history('?limit=1')).items[0].track.id).toBe(ids.discTrack(DISC_TRACKS.cafe));
  });

  it('pages back by `before` and forward by `after`', async () => {
    const first = await history('?limit=2');
    expect(first.next).toContain(`before=${first.cursors.before}`);
    const older = await history(`?limit=2&before=${first.cursors.before}`);
    expect(older.items.map((item: { track: { id: string } }) => item.track.id)).toEqual([ids.discTrack(DISC_TRACKS.cafe)]);
    expect(older.next).toBeNull();
    const newer = await history(`?limit=1&after=${older.cursors.after}`);
    expect(newer.items.map((item: { track: { id: string } }) => item.track.id)).toEqual([ids.track(1)]);
    expect(newer.next).toContain(`after=${newer.cursors.after}`);
    expect((await service.get('/v1/me/player/recently-played?after=x')).status).toBe(400);
  });

  it(`keeps the last ${KEPT_PLAYS}`, async () => {
    for (let n = 0; n < KEPT_PLAYS + 5; n++) service.context.history.record(ids.demo, { trackId: ids.track(1 + (n % 40)), playedAt: START + n * 1000, contextUri: null });
    const kept = await history('?limit=50');
    expect(kept.items).toHaveLength(KEPT_PLAYS);
    expect(kept.next).toBeNull();
    expect(Date.parse(kept.items.at(-1).played_at)).toBe(START + 5 * 1000);
  });
});

describe('the liked songs context', () => {
  const likedUri = `playdeck:user:${ids.demo}:collection`;

  it('plays the liked songs newest first, as the real service names them', async () => {
    expect((await play({ context_uri: likedUri, offset: { position: 1 } })).status).toBe(204);
    const state = await player();
    expect(state.item.id).toBe(ids.track(1));
    expect(state.context).toMatchObject({ type: 'collection', uri: likedUri, href: expect.stringContaining('/v1/me/tracks') });
  });

  it('stays on its track when a new like comes first', async () => {
    await play({ context_uri: likedUri, offset: { uri: `playdeck:track:${ids.track(1)}` } });
    clock += 20_000;
    await service.request({ method: 'PUT', url: `/v1/me/library?uris=playdeck:track:${ids.track(30)}` });
    const state = await player();
    expect(state.item.id).toBe(ids.track(1));
    expect(state.progress_ms).toBe(20_000);
    // And moves on to what follows it in the list as it is now.
    await service.request({ method: 'POST', url: '/v1/me/player/next' });
    expect((await player()).item.id).toBe(ids.usOnlyTrack);
  });

  it("is the user's own: another's is refused", async () => {
    expect((await play({ context_uri: `playdeck:user:${ids.other}:collection` })).status).toBe(403);
    expect((await play({ context_uri: 'playdeck:album:0000000000000000000000' })).status).toBe(404);
  });
});
