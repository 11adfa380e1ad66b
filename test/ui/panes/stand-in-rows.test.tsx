/**
 * Entries the service sent that could not be read stand at their place in every list: the row says so with its
 * position, the rows around it stay, the cursor passes over it, and Enter or `P` on it says why nothing happens.
 */
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListEntry, Paging, UnreadableEntry } from '../../../src/api/types.js';
import { DetailsPane } from '../../../src/ui/details/DetailsPane.js';
import { ApiProvider } from '../../../src/ui/context/api-context.js';
import type { PlayStarter } from '../../../src/ui/play/play-starter.js';
import { ServicesProvider } from '../../../src/ui/context/app-services.js';
import type { PlayRequest } from '../../../src/ui/play/play-request.js';
import { createFakeApi, type FakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';
import { inDashboard } from './pane-harness.js';
import { sectionPane } from './section-harness.js';

const standIn = (position: number, reason: 'unavailable' | 'unreadable'): UnreadableEntry => ({ unreadable: { position, reason } });

/** The page with its entry at `position` (in the whole list) replaced by a stand-in, the rest where they were. */
function withStandIn<T>(page: Paging<ListEntry<T>>, position: number, reason: 'unavailable' | 'unreadable'): Paging<ListEntry<T>> {
  const index = position - page.offset;
  if (index < 0 || index >= page.items.length) return page;
  return { ...page, items: page.items.map((entry, at) => (at === index ? standIn(position, reason) : entry)) };
}

function recordingStarter() {
  return { start: vi.fn<PlayStarter['start']>(), refuse: vi.fn<PlayStarter['refuse']>(), refuseUnplayable: vi.fn<PlayStarter['refuseUnplayable']>(() => false) };
}

function mount(api: FakeApi, starter: PlayStarter, pane: ReactNode) {
  return renderApp(inDashboard(api, createElement(ServicesProvider, { services: { player: starter } }, pane)), { columns: 80 });
}

describe('stand-in rows', () => {
  it('saved shows, then a show\'s episodes: the stand-in in words at its place, the rows around it kept', async () => {
    const fake = createFakeApi();
    const shows = fake.catalog.savedShows;
    const api: FakeApi = {
      ...fake,
      getSavedShows: async (...args) => withStandIn(await fake.getSavedShows(...args), 1, 'unreadable'),
      getShowEpisodes: async (...args) => withStandIn(await fake.getShowEpisodes(...args), 1, 'unavailable'),
    };
    const starter = recordingStarter();
    const app = mount(api, starter, sectionPane('shows').pane);
    const frame = await app.waitForFrame('item 2 could not be read');
    const rows = frame.split('\n');
    const at = (text: string) => rows.findIndex((row) => row.includes(text));
    expect(at(shows[0]!.show.name)).toBe(at('item 2 could not be read') - 1);
    expect(at(shows[2]!.show.name)).toBe(at('item 2 could not be read') + 1);

    await app.press('j');
    await app.waitForFrame('› item 2 could not be read');
    await app.press('enter');
    expect(starter.refuse).toHaveBeenLastCalledWith("can't open: item 2 could not be read");
    await app.press('P');
    expect(starter.refuse).toHaveBeenLastCalledWith("can't play: item 2 could not be read");
    expect(starter.start).not.toHaveBeenCalled();

    await app.press('j');
    await app.waitForFrame(`› ${shows[2]!.show.name}`);
    await app.press('enter');
    await app.waitForFrame('item 2 is unavailable');
    await app.press('j', 'enter');
    await app.waitForFrame('› item 2 is unavailable');
    expect(starter.refuse).toHaveBeenLastCalledWith("can't play: item 2 is unavailable");
    expect(starter.start).not.toHaveBeenCalled();
  });

  it("saved audiobooks, then an audiobook's chapters", async () => {
    const fake = createFakeApi();
    const books = fake.catalog.savedAudiobooks;
    const api: FakeApi = {
      ...fake,
      getSavedAudiobooks: async (...args) => withStandIn(await fake.getSavedAudiobooks(...args), 0, 'unavailable'),
      getAudiobookChapters: async (...args) => withStandIn(await fake.getAudiobookChapters(...args), 2, 'unreadable'),
    };
    const starter = recordingStarter();
    const app = mount(api, starter, sectionPane('audiobooks').pane);
    await app.waitForFrame('› item 1 is unavailable');
    expect(app.frame()).toContain(books[1]!.audiobook.name);
    await app.press('enter');
    expect(starter.refuse).toHaveBeenLastCalledWith("can't open: item 1 is unavailable");

    await app.press('j', 'enter');
    const chapters = await app.waitForFrame('item 3 could not be read');
    expect(chapters).toMatch(/2 {2}Chapter 2 [\s\S]*item 3 could not be read[\s\S]*4 {2}Chapter 4 /);
  });

  it('Continue listening skips stand-ins and plays an episode after one from its own position', async () => {
    const fake = createFakeApi();
    const show = fake.catalog.savedShows[1]!.show;
    const api: FakeApi = {
      ...fake,
      getSavedShows: async (...args) => withStandIn(await fake.getSavedShows(...args), 0, 'unreadable'),
      getShowEpisodes: async (...args) => withStandIn(await fake.getShowEpisodes(...args), 0, 'unavailable'),
    };
    const starter = recordingStarter();
    const app = mount(api, starter, sectionPane('continue').pane);
    // The first show's episode is gone with its show; the second show's third episode stays, third.
    await app.waitForFrame('Continue listening · 3');
    await app.press('j');
    await app.waitForFrame(`› Episode 3`);
    await app.press('enter');
    expect((starter.start.mock.calls[0]![0] as PlayRequest).target).toEqual({ contextUri: show.uri, offset: { position: 2 } });
  });

  it("the chapters in an audiobook's details, as a table and one per line", async () => {
    const fake = createFakeApi();
    const audiobook = fake.catalog.audiobooks[0]!;
    const api: FakeApi = { ...fake, getAudiobookChapters: async (...args) => withStandIn(await fake.getAudiobookChapters(...args), 1, 'unreadable') };
    const details = (height: number) =>
      renderApp(<ApiProvider api={api}><DetailsPane target={{ kind: 'audiobook', audiobook }} width={54} height={height} /></ApiProvider>);
    // The table's name column is narrower than the words: the short form, never a cut one.
    const table = await details(30).waitForFrame('item 2 unreadable');
    expect(table).toMatch(/│ 1 +│ Chapter 1 +│[\s\S]*│ +│ item 2 unreadable +│ +│ +│[\s\S]*│ 3 +│ Chapter 3 +│/);
    const lines = await details(13).waitForFrame('item 2 could not be read');
    expect(lines).toMatch(/1 {2}Chapter 1 [\s\S]*item 2 could not be read[\s\S]*3 {2}Chapter 3 /);
  });

  it('playlists', async () => {
    const fake = createFakeApi();
    const [first, , third] = fake.playlists();
    const api: FakeApi = { ...fake, getMyPlaylists: async (...args) => withStandIn(await fake.getMyPlaylists(...args), 1, 'unavailable') };
    const onOpen = vi.fn();
    const starter = recordingStarter();
    const app = mount(api, starter, sectionPane('playlists', { onOpenPlaylist: onOpen }).pane);
    const frame = await app.waitForFrame('item 2 is unavailable');
    expect(frame).toMatch(new RegExp(`${first!.name}[\\s\\S]*item 2 is unavailable[\\s\\S]*${third!.name}`));
    await app.press('j', 'enter');
    expect(starter.refuse).toHaveBeenLastCalledWith("can't open: item 2 is unavailable");
    expect(onOpen).not.toHaveBeenCalled();
  });
});
