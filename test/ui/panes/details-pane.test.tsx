import { describe, expect, it } from 'vitest';
import type { Chapter, Episode, Track } from '../../../src/api/types.js';
import type { DetailsTarget } from '../../../src/ui/details-target.js';
import { ApiProvider } from '../../../src/ui/context/api-context.js';
import { DetailsPane } from '../../../src/ui/details/DetailsPane.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';

const WIDTH = 54;
const HEIGHT = 30;

function renderDetails(target: DetailsTarget | null, api: FakeApi = createFakeApi()) {
  const app = renderApp(
    <ApiProvider api={api}>
      <DetailsPane target={target} width={WIDTH} height={HEIGHT} />
    </ApiProvider>,
  );
  return { app, api };
}

/** 13:34 long, 1:00 in: 12:34 left. */
const RESUMED = { duration_ms: 814_000, resume_point: { fully_played: false, resume_position_ms: 60_000 } };

describe('DetailsPane', () => {
  it('asks for a cursor when there is nothing to describe', async () => {
    const { app } = renderDetails(null);
    await app.waitForFrame('Move the cursor onto an item.');
  });

  it('describes a track, and why it cannot play', async () => {
    const api = createFakeApi();
    const base = api.catalog.tracks[0]!;
    const track: Track = { ...base, explicit: true, popularity: 42, is_playable: false, restrictions: { reason: 'market' } };
    const frame = await renderDetails({ kind: 'track', track }, api).app.waitForFrame(track.name);
    expect(frame).toContain(`Album      ${track.album.name}`);
    expect(frame).toContain(`Artists    ${track.artists.map((artist) => artist.name).join(', ')}`);
    expect(frame).toMatch(/Duration +\d+:\d\d/);
    expect(frame).toContain('Explicit   yes');
    expect(frame).toContain('Popularity 42');
    expect(frame).toContain('Playable   no (market)');
  });

  it('describes an episode: its show, the description without HTML, the time left', async () => {
    const api = createFakeApi();
    const base = api.catalog.episodes[0]!;
    const episode: Episode = { ...base, ...RESUMED, html_description: '<p>Tom &amp; Jerry <b>live</b></p>' };
    const frame = await renderDetails({ kind: 'episode', episode }, api).app.waitForFrame(episode.name);
    expect(frame).toContain(`Show       ${base.show!.name}`);
    expect(frame).toContain('Resume     12:34 left');
    expect(frame).toContain('Tom & Jerry live');
    expect(frame).not.toContain('<b>');
  });

  it('says an episode was played', async () => {
    const api = createFakeApi();
    const base = api.catalog.episodes[0]!;
    const episode: Episode = { ...base, resume_point: { fully_played: true, resume_position_ms: 0 } };
    const frame = await renderDetails({ kind: 'episode', episode }, api).app.waitForFrame(episode.name);
    expect(frame).toContain('Resume     played');
  });

  it('describes a show', async () => {
    const api = createFakeApi();
    const show = api.catalog.shows[0]!;
    const frame = await renderDetails({ kind: 'show', show }, api).app.waitForFrame(show.name);
    expect(frame).toContain(`Publisher  ${show.publisher}`);
    expect(frame).toContain(`Episodes   ${show.total_episodes}`);
    expect(frame).toContain('Conversations about');
    expect(frame).not.toContain('<p>');
  });

  it('leaves out the lines of the fields a development-mode app does not get, and no dangling separator', async () => {
    const api = createFakeApi();
    const show = { ...api.catalog.shows[0]!, publisher: '' };
    const showFrame = await renderDetails({ kind: 'show', show }, api).app.waitForFrame(show.name);
    expect(showFrame).not.toContain('Publisher');
    expect(showFrame).toContain('Episodes');
    const episode: Episode = { ...api.catalog.episodes[0]!, show };
    const episodeFrame = await renderDetails({ kind: 'episode', episode }, api).app.waitForFrame(episode.name);
    expect(episodeFrame).toMatch(new RegExp(`Show {7}${show.name} +│`));
    const audiobook = { ...api.catalog.audiobooks[0]!, publisher: '', edition: '' };
    const bookFrame = await renderDetails({ kind: 'audiobook', audiobook }, api).app.waitForFrame('Chapter 1 ');
    expect(bookFrame).not.toMatch(/Publisher|Edition/);
    expect(bookFrame).toContain('Narrators');
  });

  it('describes an audiobook with a table of its chapters, asked for once', async () => {
    const api = createFakeApi();
    const audiobook = api.catalog.audiobooks[0]!;
    // The first chapter half heard, the second finished.
    const resumed: FakeApi = {
      ...api,
      async getAudiobookChapters(...args) {
        const page = await api.getAudiobookChapters(...args);
        const [first, second, ...rest] = page.items;
        const finished = { fully_played: true, resume_position_ms: 0 };
        return { ...page, items: [{ ...first!, ...RESUMED }, { ...second!, resume_point: finished }, ...rest] };
      },
    };
    const { app } = renderDetails({ kind: 'audiobook', audiobook }, resumed);
    const frame = await app.waitForFrame('Chapter 1 ');
    expect(frame).toContain(`Authors    ${audiobook.authors[0]!.name}`);
    expect(frame).toContain('Narrators  Sam Reader');
    expect(frame).toContain(`Edition    ${audiobook.edition}`);
    expect(frame).toMatch(/│ # +│ Chapter +│ Length +│ Left +│/);
    expect(frame).toMatch(/│ 1 +│ Chapter 1 +│ 13:34 +│ 12:34 left │/);
    expect(frame).toMatch(/│ 2 +│ Chapter 2 +│ [\d:]+ +│ played +│/);
    expect(frame).toMatch(/… \d+ more chapters/);
    expect(frame.split('\n')).toHaveLength(HEIGHT);
    expect(api.callsTo('getAudiobookChapters')).toHaveLength(1);
  });

  it('lists the chapters one per line when the pane is too short for a table', async () => {
    const api = createFakeApi();
    const audiobook = api.catalog.audiobooks[0]!;
    const app = renderApp(
    <ApiProvider api={api}>
      <DetailsPane target={{ kind: 'audiobook', audiobook }} width={WIDTH} height={16} />
    </ApiProvider>,
  );
    const frame = await app.waitForFrame('Chapter 1 ');
    expect(frame).not.toContain('┌');
    expect(frame).toMatch(/^│ +6 {2}Chapter 6 /m);
    expect(frame).toContain('… 6 more chapters');
    expect(frame.split('\n')).toHaveLength(16);
  });

  it('cuts the lines that do not fit a short pane instead of drawing them over each other', async () => {
    const api = createFakeApi();
    const track = api.catalog.tracks[0]!;
    const app = renderApp(
    <ApiProvider api={api}>
      <DetailsPane target={{ kind: 'track', track }} width={WIDTH} height={4} />
    </ApiProvider>,
  );
    const frame = await app.waitForFrame(track.name);
    const inside = frame.split('\n').slice(1, -1).map((line) => line.slice(1, -1).trimEnd());
    expect(inside).toEqual([track.name.slice(0, WIDTH - 2), `Artists    ${track.artists.map((artist) => artist.name).join(', ')}`.slice(0, WIDTH - 2)]);
  });

  it('describes a chapter with its audiobook and resume point', async () => {
    const api = createFakeApi();
    const audiobook = api.catalog.audiobooks[0]!;
    const chapter: Chapter = { ...api.catalog.chaptersByAudiobook.get(audiobook.id)![0]!, ...RESUMED, audiobook };
    const frame = await renderDetails({ kind: 'chapter', chapter }, api).app.waitForFrame(chapter.name);
    expect(frame).toContain(`Audiobook  ${audiobook.name}`);
    expect(frame).toContain('Resume     12:34 left');
  });

  it('describes a playlist', async () => {
    const api = createFakeApi();
    const playlist = { ...api.playlists()[1]!, description: 'Songs &amp; more' };
    const frame = await renderDetails({ kind: 'playlist', playlist }, api).app.waitForFrame(playlist.name);
    expect(frame).toContain('Items      10,000');
    expect(frame).toContain(`Owner      ${playlist.owner.display_name}`);
    expect(frame).toContain('Songs & more');
  });
});
