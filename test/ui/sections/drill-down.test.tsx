import { describe, expect, it } from 'vitest';
import { App } from '../../../src/ui/app/App.js';
import { createFakeApi } from '../../helpers/fake-api.js';
import { renderApp } from '../../helpers/render.js';

const statusLine = (frame: string): string => frame.trimEnd().split('\n').at(-1) ?? '';

describe('a section drilled into', () => {
  it("keeps each view's status line with it: Esc back to the list takes the view's away", async () => {
    const api = createFakeApi();
    const show = api.catalog.savedShows[0]!.show;
    const app = renderApp(<App api={api} />);
    await app.waitForFrame(api.playlists()[0]!.description);
    await app.press('3');
    await app.waitForFrame(`› ${show.name}`);
    api.failNext('getShowEpisodes', { message: 'Service unavailable' });
    await app.press('enter');
    await app.waitForFrame((frame) => statusLine(frame).includes("Couldn't load episodes 1–50: Service unavailable"));
    await app.press('escape');
    await app.waitForFrame((frame) => frame.includes('Saved shows · ') && !statusLine(frame).includes("Couldn't load episodes"));
  });

  it('comes back to the list where it was, two views deep and back, the tab kept while another is up', async () => {
    const api = createFakeApi();
    const books = api.catalog.savedAudiobooks;
    const app = renderApp(<App api={api} />);
    await app.waitForFrame(api.playlists()[0]!.description);
    await app.press('4', 'j', 'j');
    await app.waitForFrame(`› ${books[2]!.audiobook.name}`);
    await app.press('enter');
    await app.waitForFrame(`${books[2]!.audiobook.name} · `);
    await app.press('2');
    await app.waitForFrame('[2 Playlists]');
    await app.press('4');
    await app.waitForFrame(`${books[2]!.audiobook.name} · `);
    await app.press('escape');
    await app.waitForFrame(`› ${books[2]!.audiobook.name}`);
    expect(api.callsTo('getSavedAudiobooks')).toHaveLength(1);
  });
});
