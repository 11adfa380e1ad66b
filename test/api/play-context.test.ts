/** Start Playback with a context, a show and its episodes: the client against the real embedded service. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/api.js';
import { createApi, isApiError, staticToken } from '../../src/api/index.js';
import { playBody } from '../../src/api/play-context.js';
import { readable } from '../helpers/readable.js';
import { myPlaylists, useService } from './service-fixture.js';

const service = useService();
let api: Api;
let sent: string[];

beforeAll(() => {
  sent = [];
  api = createApi({
    baseUrl: service.current.baseUrl,
    tokens: staticToken(service.current.accessToken),
    onRequest: (method, url) => sent.push(`${method} ${url}`),
  });
});

const rejection = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('startPlayback', () => {
  it('plays a playlist from an entry by position, in that playlist', async () => {
    const playlist = (await myPlaylists(api)).find((candidate) => candidate.tracks.total >= 3)!;
    const third = (await api.getPlaylistItems(playlist.id, { limit: 3, offset: 0 })).items[2]!.track!;
    await api.startPlayback({ contextUri: playlist.uri, offset: { position: 2 } });
    const state = await api.getPlaybackState();
    expect(state).toMatchObject({ is_playing: true, context: { type: 'playlist', uri: playlist.uri }, item: { id: third.id } });
  });

  it("reads a saved show and its episodes, and plays one from its resume point in the show", async () => {
    const { show } = readable((await api.getSavedShows({ limit: 1, offset: 0 })).items)[0]!;
    expect(await api.getShow(show.id)).toMatchObject({ id: show.id, name: show.name, type: 'show' });
    const page = await api.getShowEpisodes(show.id, { limit: 5, offset: 0 });
    const episodes = readable(page.items);
    expect(episodes.length).toBeGreaterThan(0);
    expect(page.total).toBeGreaterThanOrEqual(episodes.length);
    expect(episodes[0]!.show).toBeNull();
    const dates = episodes.map((episode) => episode.release_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const position = episodes.length - 1;
    await api.startPlayback({ contextUri: show.uri, offset: { position } });
    const state = await api.getPlaybackState();
    const resume = episodes[position]!.resume_point;
    const expected = resume && !resume.fully_played ? resume.resume_position_ms : 0;
    expect(state).toMatchObject({ context: { type: 'show', uri: show.uri }, item: { id: episodes[position]!.id } });
    expect(state!.progress_ms).toBeGreaterThanOrEqual(expected);
  });

  it('sends one PUT with the body the reference names', async () => {
    const before = sent.length;
    const { audiobook } = readable((await api.getSavedAudiobooks({ limit: 1, offset: 0 })).items)[0]!;
    const chapters = readable((await api.getAudiobookChapters(audiobook.id, { limit: 2, offset: 0 })).items);
    const start = sent.length;
    await api.startPlayback({ contextUri: audiobook.uri, offset: { uri: chapters[1]!.uri }, positionMs: 1000 });
    expect(sent.slice(start)).toEqual([expect.stringMatching(/^PUT .*\/me\/player\/play$/)]);
    expect(sent.length - before).toBe(3);
    const state = await api.getPlaybackState();
    expect(state).toMatchObject({ context: { type: 'audiobook' }, item: { id: chapters[1]!.id } });
  });

  it('says why the service refuses, and refuses bad targets without sending', async () => {
    const error = await rejection(api.startPlayback({ contextUri: 'spotify:show:0000000000000000000000', offset: { position: 0 } }));
    expect(isApiError(error) && error.kind === 'not-found').toBe(true);
    const before = sent.length;
    expect(() => playBody({ uris: [] })).toThrow(/uris/);
    expect(() => playBody({ contextUri: 'x', offset: { position: -1 } })).toThrow(/offset/);
    expect(await rejection(api.getShowEpisodes('show', { limit: 51, offset: 0 }))).toMatchObject({ kind: 'bad-request' });
    expect(sent.length).toBe(before);
  });
});
